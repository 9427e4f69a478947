// Replaced at build time by esbuild's define; read from package.json when run from source.
declare const __MQZCAP_VERSION__: string | undefined;
export const VERSION: string = typeof __MQZCAP_VERSION__ === "string" ? __MQZCAP_VERSION__ : "0.0.0-dev";
