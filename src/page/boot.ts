// The first module the page's script runs (main.ts imports it first): it notes when the script began,
// before any other module's top-level code, and turns off zod's compiled parsers before a schema is
// built. zod probes `new Function` when it builds its first object schema; the page's Content Security
// Policy refuses it, and Chromium's handling of the refused probe cost 90-160 ms of every load.
import { config } from "zod";

/** performance.now() when the page's script began (the start of its first module). */
export const scriptStart = performance.now();

config({ jitless: true });
