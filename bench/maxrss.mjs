// Preloaded with --import where /usr/bin/time is missing: prints the process's peak resident memory
// (process.resourceUsage().maxRSS, in KB) to standard error at exit.
import process from "node:process";

process.on("exit", () => {
  process.stderr.write(`\nmqzcap-bench-maxrss-kb ${process.resourceUsage().maxRSS}\n`);
});
