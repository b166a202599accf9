/**
 * Process probes for the watcher: is a pid alive, which process is it (start identifier, so a
 * reused pid is caught), and how big and busy is it. On Linux this reads /proc only (about
 * 10 µs a pid, no subprocess); on macOS one `ps` call covers a whole batch of pids.
 */
import { readFileSync } from "node:fs";
import type { ProcProbe } from "../core/watch/observed.ts";
export type { ProcProbe };

/** Per-host facts a Linux probe needs; read once per pass, not once per pid. */
export interface ProcHost {
  clkTck: number;
  pageSize: number;
  bootTimeMs: number;
  uptimeMs: number;
}

export interface ProbeOptions {
  platform?: NodeJS.Platform;
  /** Root of the proc filesystem (tests point it at a fixture tree). */
  procRoot?: string;
  host?: ProcHost;
}

function auxv(procRoot: string): { clkTck: number; pageSize: number } {
  let clkTck = 100, pageSize = 4096;
  try {
    const b = readFileSync(`${procRoot}/self/auxv`);
    for (let i = 0; i + 16 <= b.length; i += 16) {
      const type = b.readBigUInt64LE(i), value = Number(b.readBigUInt64LE(i + 8));
      if (type === 17n && value > 0) clkTck = value; // AT_CLKTCK
      if (type === 6n && value > 0) pageSize = value; // AT_PAGESZ
    }
  } catch {
    // Keep the Linux defaults: auxv is unreadable in some sandboxes.
  }
  return { clkTck, pageSize };
}

/** Read the host facts from /proc: ticks per second, page size, boot time, uptime. */
export function readProcHost(procRoot = "/proc"): ProcHost {
  const { clkTck, pageSize } = auxv(procRoot);
  const stat = readFileSync(`${procRoot}/stat`, "utf8");
  const btime = /^btime (\d+)$/m.exec(stat);
  const uptime = Number.parseFloat(readFileSync(`${procRoot}/uptime`, "utf8"));
  return {
    clkTck,
    pageSize,
    bootTimeMs: btime ? Number(btime[1]) * 1000 : 0,
    uptimeMs: Number.isFinite(uptime) ? uptime * 1000 : 0,
  };
}

const DEAD = (pid: number): ProcProbe => ({
  pid,
  alive: false,
  procStart: null,
  startTime: null,
  rssBytes: null,
  cpuMs: null,
  ageMs: null,
  ppid: null,
});

/** Parse one /proc/<pid>/stat line. The command name may hold spaces and parentheses. */
export function parseProcStat(pid: number, text: string, host: ProcHost): ProcProbe {
  const f = text.slice(text.lastIndexOf(")") + 2).trim().split(" ");
  // f[0] is field 3 (state); field N is f[N - 3].
  const n = (field: number) => Number(f[field - 3]);
  const ticks = n(22);
  const startMs = (ticks * 1000) / host.clkTck;
  return {
    pid,
    alive: f[0] !== "Z" && f[0] !== "X" && f[0] !== "x",
    procStart: f[19] ?? null,
    startTime: Math.round(host.bootTimeMs + startMs),
    rssBytes: n(24) * host.pageSize,
    cpuMs: Math.round(((n(14) + n(15)) * 1000) / host.clkTck),
    ageMs: Math.max(0, Math.round(host.uptimeMs - startMs)),
    ppid: n(4),
  };
}

function probeLinux(pid: number, procRoot: string, host: ProcHost): ProcProbe {
  try {
    return parseProcStat(pid, readFileSync(`${procRoot}/${pid}/stat`, "utf8"), host);
  } catch (e) {
    if (e instanceof Error && "code" in e && e.code === "ENOENT") return DEAD(pid);
    // /proc mounted with hidepid: fall back to a signal 0 probe that can only say alive.
    return { ...DEAD(pid), alive: signalAlive(pid) };
  }
}

function signalAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e instanceof Error && "code" in e && e.code === "EPERM";
  }
}

/** Parse a `ps -o pid=,stat=,rss=,time=,lstart=` line (lstart last: it holds spaces). */
export function parsePsLine(line: string, now: number): ProcProbe | null {
  const m = /^\s*(\d+)\s+(\S+)\s+(\d+)\s+(?:(\d+)-)?(?:(\d+):)?(\d+):(\d+(?:\.\d+)?)\s+(.+?)\s*$/.exec(line);
  if (!m) return null;
  const [, pid, stat, rss, days, hours, mins, secs, lstart] = m;
  const cpuS = Number(days ?? 0) * 86400 + Number(hours ?? 0) * 3600 + Number(mins) * 60 + Number(secs);
  const start = Date.parse(`${lstart} UTC`);
  return {
    pid: Number(pid),
    alive: !stat.startsWith("Z"),
    procStart: lstart,
    startTime: Number.isFinite(start) ? start : null,
    rssBytes: Number(rss) * 1024,
    cpuMs: Math.round(cpuS * 1000),
    ageMs: Number.isFinite(start) ? Math.max(0, now - start) : null,
    ppid: null,
  };
}

function probePs(pids: readonly number[]): Map<number, ProcProbe> {
  const out = new Map<number, ProcProbe>();
  // The same environment Claude Code uses, so `lstart` matches its `procStart` byte for byte.
  const r = Bun.spawnSync(["ps", "-o", "pid=,stat=,rss=,time=,lstart=", "-p", pids.join(",")], {
    env: { PATH: "/bin:/usr/bin", LC_ALL: "C", TZ: "UTC" },
  });
  const now = Date.now();
  for (const line of r.stdout.toString().split("\n")) {
    const p = parsePsLine(line, now);
    if (p) out.set(p.pid, p);
  }
  return out;
}

/**
 * Probe many pids in one pass: host facts are read once on Linux, and macOS asks `ps` once.
 * Returns null for a pid only on a platform with no probe (Windows): unknown is not dead.
 */
export function probeMany(pids: readonly number[], opts: ProbeOptions = {}): Map<number, ProcProbe | null> {
  const platform = opts.platform ?? process.platform;
  const out = new Map<number, ProcProbe | null>();
  const valid: number[] = [];
  for (const p of pids) {
    if (Number.isSafeInteger(p) && p > 0) valid.push(p);
    else out.set(p, DEAD(p));
  }
  if (platform === "linux") {
    const root = opts.procRoot ?? "/proc";
    const host = opts.host ?? readProcHost(root);
    for (const p of valid) out.set(p, probeLinux(p, root, host));
  } else if (platform === "darwin" || platform === "freebsd") {
    const found = valid.length > 0 ? probePs(valid) : new Map<number, ProcProbe>();
    for (const p of valid) out.set(p, found.get(p) ?? DEAD(p));
  } else {
    for (const p of valid) out.set(p, null);
  }
  return out;
}

/** Probe one pid; see `probeMany`. */
export function probe(pid: number, opts: ProbeOptions = {}): ProcProbe | null {
  return probeMany([pid], opts).get(pid) ?? null;
}

/**
 * The pid and its ancestors up to init (at most `max`), for finding which tmux pane a session
 * runs in: Linux walks /proc, other systems ask `ps` once for the whole table.
 */
export function ancestry(pid: number, opts: ProbeOptions & { max?: number } = {}): number[] {
  const platform = opts.platform ?? process.platform;
  const root = opts.procRoot ?? "/proc";
  let parentOf: (p: number) => number | null;
  if (platform === "linux") {
    parentOf = (p) => {
      try {
        const text = readFileSync(`${root}/${p}/stat`, "utf8");
        const ppid = Number(text.slice(text.lastIndexOf(")") + 2).split(" ")[1]);
        return Number.isSafeInteger(ppid) ? ppid : null;
      } catch {
        return null;
      }
    };
  } else {
    const table = new Map<number, number>();
    const r = Bun.spawnSync(["ps", "-A", "-o", "pid=,ppid="], { env: { PATH: "/bin:/usr/bin" } });
    for (const line of r.stdout.toString().split("\n")) {
      const m = /^\s*(\d+)\s+(\d+)/.exec(line);
      if (m) table.set(Number(m[1]), Number(m[2]));
    }
    parentOf = (p) => table.get(p) ?? null;
  }
  const chain = [pid];
  for (let p: number | null = pid; chain.length < (opts.max ?? 64);) {
    p = parentOf(p);
    if (p === null || p <= 0 || chain.includes(p)) break;
    chain.push(p);
  }
  return chain;
}
