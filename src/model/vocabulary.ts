// Words of the model files that the library's types name: machines and address spaces. Kept apart from
// the model file schema (zod), so that the library's declarations need no zod.
export const HARDWARE = ["2064", "z13", "z14", "z15", "z16"] as const;
export const ADDRESS_SPACES = ["qmgr", "chin", "app", "tcpip", "cf", "xcf", "lpar", "total"] as const;
export type Hardware = (typeof HARDWARE)[number];
export type AddressSpace = (typeof ADDRESS_SPACES)[number];
