import { createRequire as __r } from "node:module"; const require = __r(import.meta.url);
console.log(1);
