/**
 * A fleet on Prometheus, end to end: three `vigil serve` instances with their own VIGIL_HOME
 * stand for three machines, each with its own `vigil watch --every` and real stand-in Claude
 * Code sessions (sleeping child processes in a fake ~/.claude/sessions/<pid>.json). A real
 * Prometheus scrapes them with the shipped rules and the shipped scrape config (token
 * included), and a real Alertmanager, configured from the shipped example, posts to a webhook
 * receiver inside the test. Everything listens on 127.0.0.1; every wait is bounded in tries.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { transcriptPathFor } from "../../src/core/watch/targets.ts";
import { isObject, type JsonObject } from "../../src/core/payload.ts";
import { probe } from "../../src/edge/proc.ts";
import { writeLastProof } from "../../src/prove/proof-file.ts";
import type { Proof } from "../../src/prove/run.ts";
import { BIN, testEnv, vigil } from "../support/vigil.ts";
import { type Delivered, DEPLOY, freePort, need, readYaml, until, webhookReceiver } from "./prometheus.ts";

const TOKEN = "fleet-e2e-token-0123456789";
/** The watch's interval here; VigilWatchSilent waits two of them. */
const WATCH_EVERY_S = 5;
/** Scrape and rule evaluation interval. */
const TICK_S = 1;
const POLL = { everyMs: 250 };

type Proc = ReturnType<typeof Bun.spawn>;

/** The mappings of a YAML list (a config section), others dropped. */
const objects = (v: unknown): JsonObject[] => (Array.isArray(v) ? v.filter(isObject) : []);
const procs: Proc[] = [];
const dirs: string[] = [];

function spawn(argv: string[], env?: Record<string, string>): Proc {
  const p = Bun.spawn(argv, { env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  procs.push(p);
  return p;
}

/** The first line a process prints that matches `re`, read from its stdout within a bound. */
async function firstMatch(p: Proc, re: RegExp): Promise<RegExpExecArray> {
  if (!(p.stdout instanceof ReadableStream)) throw new Error("no stdout pipe");
  const reader = p.stdout.getReader();
  let text = "";
  // One read in flight at a time: a read that loses the race to the timer still delivers.
  let pending = reader.read();
  for (let i = 0; i < 200; i++) {
    const m = re.exec(text);
    if (m) return m;
    const chunk = await Promise.race([pending, Bun.sleep(100).then(() => null)]);
    if (chunk === null) continue;
    if (chunk.done) break;
    text += new TextDecoder().decode(chunk.value);
    pending = reader.read();
  }
  throw new Error(`no line matching ${re} in: ${text}`);
}

interface Machine {
  host: string;
  env: Record<string, string>;
  claude: string;
  url: string;
  watch: Proc;
}

async function machine(host: string): Promise<Machine> {
  const base = testEnv();
  dirs.push(base.HOME);
  const claude = join(base.HOME, "claude");
  mkdirSync(join(claude, "sessions"), { recursive: true });
  // The Claude Code binary a proof names (a stand-in file): the watch sees it unchanged and
  // never starts a proof of its own.
  const claudeBin = join(base.HOME, "claude-bin");
  writeFileSync(claudeBin, "#!/bin/sh\nexit 1\n", { mode: 0o755 });
  const env = { ...base, CLAUDE_CONFIG_DIR: claude, VIGIL_HOST: host, CLAUDE_BIN: claudeBin };
  const serve = spawn([BIN, "serve", "--listen", "127.0.0.1:0", "--token", TOKEN], env);
  const url = (await firstMatch(serve, /listening on (http:\/\/127\.0\.0\.1:\d+)/))[1];
  return { host, env, claude, url, watch: spawn([BIN, "watch", "--every", `${WATCH_EVERY_S}s`], env) };
}

/** A sleeping stand-in registered as a Claude Code session, its transcript last written `ageMs` ago. */
function session(m: Machine, id: string, o: { ageMs?: number; worker?: boolean; lastMessage?: string } = {}) {
  const cwd = join(m.env.HOME, "work", id);
  mkdirSync(cwd, { recursive: true });
  // Where Claude Code keeps it, so the watch finds it without a hook having named it.
  const transcript = transcriptPathFor(m.claude, cwd, id) ?? "";
  mkdirSync(dirname(transcript), { recursive: true });
  const when = (Date.now() - (o.ageMs ?? 0)) / 1000;
  const stamp = (dt: number) => new Date(when * 1000 + dt).toISOString();
  const prompt = {
    type: "user",
    timestamp: stamp(-60_000),
    isSidechain: false,
    message: { role: "user", content: "go" },
  };
  // A turn that ended (on the given message, if any) when the transcript was last written.
  const end = {
    type: "assistant",
    timestamp: stamp(0),
    isSidechain: false,
    message: {
      id: `m-${id}`,
      role: "assistant",
      stop_reason: "end_turn",
      content: [{ type: "text", text: o.lastMessage ?? "Done with this step." }],
    },
  };
  writeFileSync(transcript, [prompt, end].map((r) => JSON.stringify(r) + "\n").join(""));
  utimesSync(transcript, when, when);
  const child = spawn(["sleep", "1000"]);
  const file = join(m.claude, "sessions", `${child.pid}.json`);
  const entry = { pid: child.pid, sessionId: id, cwd, startedAt: Date.now(), procStart: probe(child.pid)?.procStart };
  writeFileSync(file, JSON.stringify(entry));
  if (o.worker) {
    // One hook call, as Claude Code makes it at start-up of a `--agent worker` session.
    const payload = {
      session_id: id,
      transcript_path: transcript,
      cwd,
      hook_event_name: "SessionStart",
      source: "startup",
      agent_type: "worker",
    };
    expect(vigil(["hook"], JSON.stringify(payload), m.env).code).toBe(0);
  }
  if (o.lastMessage !== undefined) {
    // Unattended mode over its cwd: only then does the Stop hook judge what a message waits on
    // (outside it, without `recover_outside_night`, the machine never learns it is awaiting).
    expect(vigil(["night", "on", "--scope", cwd, "--until", "8h", "--force"], "", m.env).code).toBe(0);
    // Its turn ended on this message, and Claude Code ran the Stop hook.
    const stop = { session_id: id, transcript_path: transcript, cwd, hook_event_name: "Stop", stop_hook_active: false };
    expect(vigil(["hook"], JSON.stringify({ ...stop, last_assistant_message: o.lastMessage }), m.env).code).toBe(0);
    utimesSync(transcript, when, when);
  }
  return { id, cwd, kill: () => child.kill("SIGKILL") };
}

async function metricValue(m: Machine, name: string): Promise<number | null> {
  const res = await fetch(`${m.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  const line = (await res.text()).split("\n").find((l) => l.startsWith(name));
  return line === undefined ? null : Number(line.slice(line.lastIndexOf(" ") + 1));
}

const receiver = webhookReceiver();
let machines: Machine[] = [];
let sessions: Record<string, ReturnType<typeof session>> = {};
let prometheusUrl = "";

/** Alerts delivered so far with this name. */
const delivered = (alertname: string): Delivered[] => receiver.alerts.filter((a) => a.labels.alertname === alertname);

beforeAll(async () => {
  machines = await Promise.all(["machine-1", "machine-2", "machine-3"].map(machine));
  const [m1, m2, m3] = machines;
  sessions = {
    m1: session(m1, "m1-live-session", { worker: true }),
    m2: session(m2, "m2-worker-session", { worker: true }),
    m3: session(m3, "m3-stalled-session", { ageMs: 3 * 3_600_000 }),
    // Quiet as long as the stalled one, but waiting for a person: never an alert.
    awaiting: session(m1, "m1-awaiting-session", {
      ageMs: 3 * 3_600_000,
      lastMessage: "The migration drops two tables. I need your approval before I run it on staging.",
    }),
  };
  // Prometheus starts once every watch has passed twice: before that a watch's interval is
  // its 5-minute default and its last pass may be none, and that is a real VigilWatchSilent.
  for (const m of machines) {
    const passes = await until(async () => {
      const interval = await metricValue(m, "vigil_watch_interval_seconds");
      return interval !== null && Math.abs(interval - WATCH_EVERY_S) < 0.5 ? interval : null;
    }, { ...POLL, tries: 80 });
    expect([m.host, passes !== null]).toEqual([m.host, true]);
  }

  const work = mkdtempSync(join(tmpdir(), "vigil-prom-"));
  dirs.push(work);
  const amPort = freePort();
  const am = readYaml("alertmanager.yml");
  // The shipped routing, with this test's receiver and timings short enough for CI.
  const short = { group_wait: "1s", group_interval: "1s", repeat_interval: "1h" };
  const shipped = isObject(am.route) ? am.route : {};
  const route = { ...shipped, ...short, routes: objects(shipped.routes).map((r) => ({ ...r, ...short })) };
  const receivers = objects(am.receivers).map((r) => ({
    name: r.name,
    webhook_configs: [{ url: receiver.url, send_resolved: true }],
  }));
  writeFileSync(join(work, "alertmanager.yml"), JSON.stringify({ ...am, route, receivers }));
  spawn([
    need("prometheus-alertmanager", "prometheus-alertmanager"),
    `--config.file=${join(work, "alertmanager.yml")}`,
    `--storage.path=${join(work, "am")}`,
    `--web.listen-address=127.0.0.1:${amPort}`,
    "--cluster.listen-address=",
    "--log.level=warn",
  ]);

  const promPort = freePort();
  const prom = readYaml("prometheus.yml");
  writeFileSync(join(work, "vigil.token"), TOKEN);
  const scrapes = objects(prom.scrape_configs).map((s) => ({
    ...s,
    authorization: { type: "Bearer", credentials_file: join(work, "vigil.token") },
    static_configs: [{ targets: machines.map((m) => new URL(m.url).host) }],
  }));
  writeFileSync(
    join(work, "prometheus.yml"),
    JSON.stringify({
      ...prom,
      global: { scrape_interval: `${TICK_S}s`, evaluation_interval: `${TICK_S}s` },
      rule_files: [join(DEPLOY, "vigil-rules.yml")],
      alerting: { alertmanagers: [{ static_configs: [{ targets: [`127.0.0.1:${amPort}`] }] }] },
      scrape_configs: scrapes,
    }),
  );
  spawn([
    need("prometheus", "prometheus"),
    `--config.file=${join(work, "prometheus.yml")}`,
    `--storage.tsdb.path=${join(work, "tsdb")}`,
    `--web.listen-address=127.0.0.1:${promPort}`,
    "--log.level=warn",
  ]);
  prometheusUrl = `http://127.0.0.1:${promPort}`;
  const up = await until(async () => {
    const r = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent('sum(up{job="vigil"})')}`)
      .catch(() => null);
    const v = r?.ok ? Number((await r.json()).data?.result?.[0]?.value?.[1]) : 0;
    return v === 3 ? v : null;
  }, { ...POLL, tries: 120 });
  expect(up).toBe(3);
}, 90_000);

afterAll(() => {
  for (const p of procs) p.kill("SIGKILL");
  receiver.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("a fleet of three machines on a real Prometheus and Alertmanager", () => {
  test("a stalled session pages with its labels and what to do (the pipeline works end to end)", async () => {
    const got = await until(() => delivered("VigilSessionStale")[0] ?? null, { ...POLL, tries: 80 });
    expect(got?.labels).toMatchObject({
      host: "machine-3",
      session_id: sessions.m3.id,
      cwd: sessions.m3.cwd,
      role: "person",
      severity: "page",
      job: "vigil",
    });
    expect(got?.annotations.description).toContain(`claude --resume ${sessions.m3.id}`);
    expect(delivered("VigilSessionDown")).toEqual([]);
    expect(delivered("VigilWatchSilent")).toEqual([]);
  }, 30_000);

  test("killing a session on machine 2 gives exactly one VigilSessionDown, with its labels", async () => {
    sessions.m2.kill();
    // Bounded: one watch interval to notice, then a few scrape/evaluation ticks and group_wait.
    const tries = ((WATCH_EVERY_S + 8 * TICK_S) * 1000) / POLL.everyMs;
    const got = await until(() => delivered("VigilSessionDown")[0] ?? null, { ...POLL, tries });
    expect(got?.labels).toEqual({
      alertname: "VigilSessionDown",
      host: "machine-2",
      session_id: sessions.m2.id,
      cwd: sessions.m2.cwd,
      role: "worker",
      state: "dead",
      severity: "page",
      job: "vigil",
      instance: new URL(machines[1].url).host,
    });
    expect(got?.status).toBe("firing");
    expect(got?.annotations.summary).toBe(`vigil: session ${sessions.m2.id} on machine-2 is down`);
    // A few more evaluations and re-sends: still that one notification.
    await Bun.sleep(5 * TICK_S * 1000);
    expect(delivered("VigilSessionDown").length).toBe(1);
  }, 30_000);

  test("the watch stopping on machine 3 raises its own alert, for that host only", async () => {
    const watch = machines[2].watch;
    watch.kill("SIGTERM");
    expect(await watch.exited).toBe(0);
    const tries = ((3 * WATCH_EVERY_S + 8 * TICK_S) * 1000) / POLL.everyMs;
    const got = await until(() => delivered("VigilWatchSilent")[0] ?? null, { ...POLL, tries });
    expect(got?.labels).toMatchObject({ host: "machine-3", severity: "page", instance: new URL(machines[2].url).host });
    await Bun.sleep(3 * TICK_S * 1000);
    expect(delivered("VigilWatchSilent").map((a) => a.labels.host)).toEqual(["machine-3"]);
    // Nothing else happened to machine 1's session.
    expect(receiver.alerts.filter((a) => a.labels.host === "machine-1")).toEqual([]);
  }, 40_000);

  test("hooks failing open on machine 1 raise VigilHooksFailingOpen for that host", async () => {
    // A body over Claude Code's 10 MiB cap is one of the ways a hook fails open (hook-route.ts).
    const big = "x".repeat(10 * 1024 * 1024 + 1);
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${machines[0].url}/hook`, {
        method: "POST",
        body: big,
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
      expect([res.status, await res.text()]).toEqual([200, ""]);
    }
    const got = await until(() => delivered("VigilHooksFailingOpen")[0] ?? null, { ...POLL, tries: 60 });
    expect(got?.labels).toMatchObject({ host: "machine-1", severity: "ticket" });
    expect(delivered("VigilHooksFailingOpen").map((a) => a.labels.host)).toEqual(["machine-1"]);
  }, 30_000);

  test("a session awaiting approval is seen by Prometheus as awaiting, and never alerted on", async () => {
    const q = encodeURIComponent(`vigil_session_awaiting{session_id="${sessions.awaiting.id}"}`);
    const res = await fetch(`${prometheusUrl}/api/v1/query?query=${q}`);
    const result = (await res.json()).data?.result ?? [];
    expect(result.map((r: { metric: Record<string, string>; value: [number, string] }) => [r.metric.host, r.value[1]]))
      .toEqual([["machine-1", "1"]]);
    // The whole run so far, a stalled session included: nothing about this one.
    expect(receiver.alerts.filter((a) => a.labels.session_id === sessions.awaiting.id)).toEqual([]);
    expect(delivered("VigilSessionStale").map((a) => a.labels.session_id)).toEqual([sessions.m3.id]);
  });

  test("a failed proof on machine 1 raises VigilProofFailed with the version proven", async () => {
    const m1 = machines[0];
    const proof: Proof = {
      version: "2.1.332",
      claude: m1.env.CLAUDE_BIN,
      at: Date.now(),
      durationMs: 20_000,
      source: "planned",
      settingsPath: join(m1.env.HOME, "settings.json"),
      checks: [{ id: "hard-deny", status: "fail", evidence: "this test's stand-in", fix: "reinstall" }],
      ok: false,
    };
    writeLastProof(m1.env.VIGIL_HOME, proof);
    const got = await until(() => delivered("VigilProofFailed")[0] ?? null, { ...POLL, tries: 60 });
    expect(got?.labels).toMatchObject({ host: "machine-1", claude_version: "2.1.332", severity: "page" });
    expect(delivered("VigilProofFailed").length).toBe(1);
  }, 30_000);
});
