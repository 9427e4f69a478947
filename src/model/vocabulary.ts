// Words of the model files that the library's types name: machines and address spaces. Kept apart from
// the model file schema (zod), so that the library's declarations need no zod.
// 9672: the V5.3 report's backup, restore and shared-queue expiry figures were measured on a
// 9672-X27 (seed 004 lines 309, 324, 809), its CF link figures on a 9672 (line 199).
export const HARDWARE = ["9672", "2064", "z13", "z14", "z15", "z16"] as const;
export const ADDRESS_SPACES = ["qmgr", "chin", "app", "tcpip", "cf", "xcf", "lpar", "total"] as const;
export type Hardware = (typeof HARDWARE)[number];
export type AddressSpace = (typeof ADDRESS_SPACES)[number];
