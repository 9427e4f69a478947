#!/usr/bin/env node
// Node 22.1 and later can keep V8's compiled code between runs (module.enableCompileCache, as tsc
// does); it is turned on before the rest of the CLI is loaded, which is why main is imported
// dynamically. Node 20 has no such call and loads as before.
import module from "node:module";
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { main } = await import("./main.js");
main(process.argv).then(
  (code) => {
    process.exitCode = code;
  },
  () => {
    process.exitCode = 3;
  },
);
