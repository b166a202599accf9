import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decideLiveness, type WatchedSession } from "../../src/core/liveness.ts";
import { ancestry, parseProcStat, parsePsLine, probe, probeMany, readProcHost } from "../../src/edge/proc.ts";
import { findSessionByPid } from "../../src/edge/registry.ts";

const linux = process.platform === "linux";
const HOST = { clkTck: 100, pageSize: 4096, bootTimeMs: 1_796_000_000_000, uptimeMs: 10_000_000 };

describe("parseProcStat", () => {
  // Fields after the name: state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt
  // utime stime cutime cstime priority nice threads itreal starttime vsize rss ...
  const tail = "S 77 1 1 0 -1 0 0 0 0 0 150 50 0 0 20 0 1 0 54929 3133440 355 0";
  test.each([
    ["plain name", `4242 (claude) ${tail}`],
    ["name with spaces and parens", `4242 (my (odd) name) ${tail}`],
  ])("%s", (_name, line) => {
    expect(parseProcStat(4242, line, HOST)).toEqual({
      pid: 4242,
      alive: true,
      procStart: "54929",
      startTime: 1_796_000_000_000 + 549_290,
      rssBytes: 355 * 4096,
      cpuMs: 2000,
      ageMs: 10_000_000 - 549_290,
      ppid: 77,
    });
  });

  test.each([["Z"], ["X"]])("state %s is dead", (state) => {
    expect(parseProcStat(1, `1 (x) ${state} ${tail.slice(2)}`, HOST).alive).toBe(false);
  });
});

describe("parsePsLine (macOS)", () => {
  const now = Date.UTC(2026, 10, 30, 4, 0, 0);
  test.each([
    ["  812 S      40960   0:01.50 Mon Nov 30 03:29:11 2026", 812, true, 1500, "Mon Nov 30 03:29:11 2026"],
    ["812 Z+ 0 1:02:03.00 Mon Nov  2 03:29:11 2026", 812, false, 3_723_000, "Mon Nov  2 03:29:11 2026"],
    ["9 Ss 1 2-01:00:00 Sun Nov 29 00:00:00 2026", 9, true, 176_400_000, "Sun Nov 29 00:00:00 2026"],
  ])("%p", (line, pid, alive, cpuMs, lstart) => {
    const p = parsePsLine(line, now);
    expect([p?.pid, p?.alive, p?.cpuMs, p?.procStart]).toEqual([pid, alive, cpuMs, lstart]);
  });

  test("start time is read as UTC", () => {
    expect(parsePsLine("1 S 4 0:00.00 Mon Nov 30 03:00:00 2026", now)?.ageMs).toBe(3_600_000);
  });

  test("garbage is null", () => {
    expect(parsePsLine("ps: no such process", now)).toBeNull();
  });
});

describe.if(linux)("real processes", () => {
  const dir = mkdtempSync(join(tmpdir(), "vigil-proc-"));
  const children: ReturnType<typeof Bun.spawn>[] = [];
  afterAll(() => {
    for (const c of children) c.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });
  const sleeper = () => {
    const c = Bun.spawn(["sleep", "300"], { stdin: "ignore", stdout: "ignore", stderr: "ignore" });
    children.push(c);
    // Right after spawn the child may still be between fork and exec, or just past exec with
    // nothing resident yet (RSS 0): wait until it is the program it will stay, running.
    // Bounded by time, not by tries: on a loaded machine exec can take seconds.
    const until = Date.now() + 15_000;
    while (Date.now() < until) {
      try {
        // The probe reads rss from /proc/<pid>/stat (field 24), which the kernel sums from
        // per-CPU counters that can still read 0 after statm shows pages: wait on that field.
        const stat = readFileSync(`/proc/${c.pid}/stat`, "utf8");
        const resident = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[21]);
        if (readFileSync(`/proc/${c.pid}/comm`, "utf8").trim() === "sleep" && resident > 0) break;
      } catch {
        // not visible yet
      }
      Bun.sleepSync(2);
    }
    return c;
  };

  test("a live child is alive; its procStart is what Claude Code would write", () => {
    const before = Date.now();
    const child = sleeper();
    const p = probe(child.pid);
    const stat = readFileSync(`/proc/${child.pid}/stat`, "utf8");
    // Claude Code 2.1.328: stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]
    expect(p?.procStart).toBe(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
    expect(p?.alive).toBe(true);
    // Start time in epoch ms agrees with the spawn moment (a unit slip would be off by minutes).
    expect(Math.abs((p?.startTime ?? 0) - before)).toBeLessThan(10_000);
    expect(p?.rssBytes).toBeGreaterThan(0);
    expect(p?.ppid).toBe(process.pid);
  });

  test("a killed child is dead, and its registry entry then says down", async () => {
    const child = sleeper();
    const sessions = join(dir, "claude", "sessions");
    mkdirSync(sessions, { recursive: true });
    const p = probe(child.pid)!;
    const entry = { pid: child.pid, sessionId: "sess-dead", cwd: dir, startedAt: Date.now(), procStart: p.procStart };
    writeFileSync(join(sessions, `${child.pid}.json`), JSON.stringify(entry));
    const reg = findSessionByPid(child.pid, { env: { CLAUDE_CONFIG_DIR: join(dir, "claude") } })!;
    const watched: WatchedSession = {
      sessionId: reg.sessionId,
      pid: reg.pid,
      procStart: reg.procStart,
      startedAt: reg.startedAt,
      transcriptSize: null,
      transcriptMtime: null,
      lastGrowthAt: null,
      state: "normal",
    };
    const opts = { now: Date.now(), staleAfterMs: 45 * 60_000 };
    expect(decideLiveness(watched, { process: probe(child.pid), transcript: null }, opts).verdict).toBe("alive");
    child.kill("SIGKILL");
    await child.exited;
    expect(probe(child.pid)?.alive).toBe(false);
    const d = decideLiveness(watched, { process: probe(child.pid), transcript: null }, opts);
    expect([d.verdict, d.record]).toEqual(["down", "down"]);
  });

  test("right pid, different start: reuse-down", () => {
    const child = sleeper();
    const p = probe(child.pid)!;
    const stale = {
      sessionId: "sess-old",
      pid: child.pid,
      procStart: String(Number(p.procStart) - 100),
      startedAt: null,
      transcriptSize: null,
      transcriptMtime: null,
      lastGrowthAt: null,
      state: "normal",
    };
    const d = decideLiveness(stale, { process: p, transcript: null }, { now: Date.now(), staleAfterMs: 1 });
    expect([d.verdict, d.record]).toEqual(["reuse-down", "down"]);
    // Without procStart, a registration older than the process start also means reuse.
    const byTime = { ...stale, procStart: null, startedAt: (p.startTime ?? 0) - 60_000 };
    expect(decideLiveness(byTime, { process: p, transcript: null }, { now: Date.now(), staleAfterMs: 1 }).verdict).toBe(
      "reuse-down",
    );
  });

  test("a zombie is dead", async () => {
    // The background sleep exits at once and its parent (exec'd into sleep) never reaps it.
    const sh = Bun.spawn(["sh", "-c", "sleep 0.3 & echo $!; exec sleep 300"], { stdout: "pipe" });
    children.push(sh);
    const reader = sh.stdout.getReader();
    const zpid = Number(new TextDecoder().decode((await reader.read()).value).trim());
    reader.releaseLock();
    for (let i = 0; i < 200 && !readFileSync(`/proc/${zpid}/stat`, "utf8").includes(") Z "); i++) await Bun.sleep(10);
    expect(readFileSync(`/proc/${zpid}/stat`, "utf8")).toContain(") Z ");
    expect(probe(zpid)?.alive).toBe(false);
  });

  test("a batch of pids shares one host read; unused pids are dead", () => {
    const a = sleeper(), b = sleeper();
    const host = readProcHost();
    const m = probeMany([a.pid, b.pid, 0, 2 ** 22 + 12345], { host });
    expect([m.get(a.pid)?.alive, m.get(b.pid)?.alive, m.get(0)?.alive, m.get(2 ** 22 + 12345)?.alive]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  test("ancestry climbs to this test process", () => {
    const child = sleeper();
    expect(ancestry(child.pid).slice(0, 2)).toEqual([child.pid, process.pid]);
  });

  test("an unknown platform gives null, not dead", () => {
    expect(probe(process.pid, { platform: "win32" })).toBeNull();
  });
});
