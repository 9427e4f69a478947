// Preloaded with --require by bench/latency.ts's CPU pass: prints the process's CPU time (user and
// system, all its threads: process.cpuUsage(), in microseconds) to standard error at exit. CommonJS, so
// that preloading it does not start Node's ES module loader, which neither `node -e 0` nor the CLI
// (a CommonJS launcher) would otherwise start.
"use strict";
/* global process */
process.on("exit", () => {
  const u = process.cpuUsage();
  process.stderr.write(`\nmqzcap-bench-cpu-us ${u.user + u.system}\n`);
});
