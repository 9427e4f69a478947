// `mqzcap page`: the live page, built with the package (dist/mqzcap.html, scripts/page.ts), copied out.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { InputError } from "../util/diagnostic.js";

/** The page's HTML: beside the CLI bundle in dist/, or in dist/ when run from source. */
export function pageHtml(): string {
  const candidates = ["./mqzcap.html", "../../dist/mqzcap.html"].map((p) => fileURLToPath(new URL(p, import.meta.url)));
  const found = candidates.find((p) => existsSync(p));
  if (!found)
    throw new InputError([
      {
        file: "mqzcap.html",
        message: "the live page is not in this installation",
        severity: "error",
        suggestion: "build it with `npm run build` (from a clone of mqzcap)",
      },
    ]);
  return readFileSync(found, "utf8");
}
