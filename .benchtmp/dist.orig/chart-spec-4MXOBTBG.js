import { createRequire as __mqzcapRequire } from "node:module"; const require = __mqzcapRequire(import.meta.url);
import{a,b,c,d,e,f,g,h}from"./chunk-OW3NQRQB.js";import"./chunk-B3XWRLTJ.js";export{a as AS_NAMES,b as PALETTE,g as chartJsConfig,c as describeUnit,e as diffChart,d as estimateChart,f as sweepChart,h as wrapLabel};
