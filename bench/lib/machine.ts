// The machine a run measured on, and how busy other processes kept it while a section ran: the load average
// before and after, and (on Linux) the share of all CPU time that went to processes other than this benchmark
// and its children, from /proc/stat and /proc/<pid>/stat.

import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cpus, loadavg, platform, arch, release, totalmem } from "node:os";

/** What the run measured on. */
export interface Machine {
  cpu: string;
  cores: number;
  memoryGB: number;
  os: string;
  node: string;
  go: string | null;
}

/** Describes this machine (`go` from `go version`, null when Go is not on PATH). */
export function machine(): Machine {
  const c = cpus();
  const g = spawnSync("go", ["version"], { encoding: "utf8", env: { ...process.env, GOTOOLCHAIN: "local" } });
  return {
    cpu: c[0]?.model.trim() ?? "unknown",
    cores: c.length,
    memoryGB: Math.round(totalmem() / 2 ** 30),
    os: `${platform()} ${release()} ${arch()}`,
    node: process.version,
    go: g.status === 0 ? g.stdout.trim().replace(/^go version /, "") : null,
  };
}

/** How busy the machine was during a window. */
export interface Busy {
  loadBefore: number[];
  loadAfter: number[];
  /** Percent of all cores' time used by other processes (null where /proc is missing). */
  othersPct: number | null;
  /** Seconds the window lasted. */
  seconds: number;
  /** Whether the numbers of the window are suspect: others took over 10% of the machine, or the 1-minute load exceeded the cores. */
  high: boolean;
}

/** Busy and idle clock ticks of all CPUs (/proc/stat). */
function cpuTicks(): { busy: number; total: number } | null {
  if (!existsSync("/proc/stat")) return null;
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0]!;
  const f = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (f[3] ?? 0) + (f[4] ?? 0);
  const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** User + system ticks of a process (with its waited-for children for this process). */
function procTicks(pid: number | "self"): number {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = s.slice(s.lastIndexOf(")") + 2).split(" ").map(Number);
    // fields after the name: state(0) … utime(11) stime(12) cutime(13) cstime(14)
    return f[11]! + f[12]! + (pid === "self" ? f[13]! + f[14]! : 0);
  } catch {
    return 0;
  }
}

/** Starts a window; `live()` gives the pids of this benchmark's children still running (the Go peers). */
export function watch(live: () => number[] = () => []): { end(): Busy } {
  const loadBefore = loadavg();
  const t0 = performance.now();
  const c0 = cpuTicks();
  const pids0 = live();
  const own0 = procTicks("self") + pids0.reduce((a, p) => a + procTicks(p), 0);
  return {
    end(): Busy {
      const c1 = cpuTicks();
      // a child that started during the window counts from zero; one that ended was waited for (cutime)
      const own1 = procTicks("self") + live().reduce((a, p) => a + procTicks(p), 0);
      const loadAfter = loadavg();
      let othersPct: number | null = null;
      if (c0 && c1 && c1.total > c0.total) othersPct = Math.max(0, ((c1.busy - c0.busy - (own1 - own0)) / (c1.total - c0.total)) * 100);
      const cores = cpus().length;
      return {
        loadBefore, loadAfter, othersPct, seconds: (performance.now() - t0) / 1000,
        high: (othersPct !== null && othersPct > 10) || Math.max(loadBefore[0]!, loadAfter[0]!) > cores,
      };
    },
  };
}

/** One line describing a window: "load 1.02 → 1.10; other processes 3% of the CPUs; 41 s". */
export function busyLine(b: Busy): string {
  const others = b.othersPct === null ? "" : `; other processes used ${b.othersPct.toFixed(0)}% of the CPUs`;
  return `load average (1 min) ${b.loadBefore[0]!.toFixed(2)} → ${b.loadAfter[0]!.toFixed(2)}${others}; ${b.seconds.toFixed(0)} s${b.high ? " — ⚠ the machine was busy: these numbers are noisy" : ""}`;
}
