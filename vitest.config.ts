import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: {
    alias: {
      "mqzcap:models": fileURLToPath(new URL("./src/model/models-source.ts", import.meta.url)),
      "mqzcap:chartjs": fileURLToPath(new URL("./src/report/chart-js-file.ts", import.meta.url)),
    },
  },
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60000,
    hookTimeout: 60000,
    pool: "forks",
  },
});
