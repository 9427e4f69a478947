// What the figures were measured on.
import { cpus, freemem, loadavg, release, totalmem, type as osType, platform, arch } from "node:os";
import { existsSync, readFileSync } from "node:fs";

export interface Machine {
  date: string;
  cpuModel: string;
  cores: number;
  memoryGB: number;
  freeMemoryGB: number;
  node: string;
  v8: string;
  os: string;
  loadAverageAtStart: number[];
}

function osName(): string {
  try {
    if (existsSync("/etc/os-release")) {
      const m = /^PRETTY_NAME="?([^"\n]+)"?/m.exec(readFileSync("/etc/os-release", "utf8"));
      if (m) return `${m[1]} (${osType()} ${release()}, ${platform()}/${arch()})`;
    }
  } catch {
    /* fall through */
  }
  return `${osType()} ${release()} (${platform()}/${arch()})`;
}

export function machine(): Machine {
  const c = cpus();
  return {
    date: new Date().toISOString(),
    cpuModel: c[0]?.model.trim() ?? "unknown",
    cores: c.length,
    memoryGB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    freeMemoryGB: Math.round((freemem() / 2 ** 30) * 10) / 10,
    node: process.version,
    v8: process.versions.v8,
    os: osName(),
    loadAverageAtStart: loadavg().map((x) => Math.round(x * 100) / 100),
  };
}
