import { createRequire as __mqzcapRequire } from "node:module"; const require = __mqzcapRequire(import.meta.url);
function e(n){return!Number.isFinite(n)||Number.isInteger(n)?n:Number(n.toPrecision(6))}function t(n){return JSON.stringify(n,(u,r)=>typeof r=="number"?e(r):r,2)+`
`}export{e as a,t as b};
