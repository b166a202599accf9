/**
 * The fleet families of `/metrics` (docs/metrics.md) from what the real hook pipeline
 * writes: a worker driven through POST /hook to HARD, writing its handoff, and
 * pushed by the Stop gate with and without progress in between; a session that ended on its
 * own (a session the watch found down: test/deploy/fleet.e2e.test.ts). Read back with a
 * Prometheus text-format parser.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import parse from "parse-prometheus-text-format";
import { allHookDeps } from "../../src/app/deps.ts";
import { runHook } from "../../src/app/run-hook.ts";
import { createApp } from "../../src/serve/app.ts";
import { FleetFold } from "../../src/serve/metrics-fold.ts";
import { readLastProof, writeLastProof } from "../../src/prove/proof-file.ts";
import type { Proof } from "../../src/prove/run.ts";
import { testEnv, vigil } from "../support/vigil.ts";
import { seedDetail } from "../support/audit-seed.ts";

const env = testEnv({ VIGIL_SOFT_TOKENS: "1000", VIGIL_HARD_TOKENS: "2000" });
const cwd = join(env.HOME, "work", "repo");
mkdirSync(cwd, { recursive: true });
// The pipeline and the scrape read one clock that the test moves.
let now = Date.now();
const deps = await allHookDeps(env, () => now);
const app = createApp({
  store: deps.store,
  runHook: (input) => runHook(input, deps),
  clock: () => now,
  host: "build-7",
});
afterAll(() => {
  deps.close();
  rmSync(env.HOME, { recursive: true, force: true });
});

const W = "f1ee7000-0000-4000-8000-000000000001";
const ENDED = "f1ee7000-0000-4000-8000-000000000002";
const transcript = join(env.HOME, "claude", "projects", "repo", `${W}.jsonl`);

/** A transcript whose last assistant turn used `tokens` of context and said `text`. */
function writeTranscript(tokens: number, text: string): void {
  mkdirSync(dirname(transcript), { recursive: true });
  const rec = {
    type: "assistant",
    timestamp: new Date(now).toISOString(),
    isSidechain: false,
    message: {
      id: `m${now}`,
      role: "assistant",
      model: "claude-opus-4-5",
      stop_reason: "end_turn",
      content: [{ type: "text", text }],
      usage: { input_tokens: tokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 5 },
    },
  };
  writeFileSync(transcript, JSON.stringify(rec) + "\n");
}

/** The session makes a tool call (what the progress breaker reads as work after a push). */
function appendToolCall(name: string, input: Record<string, unknown>): void {
  const rec = {
    type: "assistant",
    timestamp: new Date(now).toISOString(),
    isSidechain: false,
    message: {
      id: `m${now}`,
      role: "assistant",
      model: "claude-opus-4-5",
      stop_reason: "tool_use",
      content: [{ type: "tool_use", id: `toolu_${now}`, name, input }],
      usage: { input_tokens: 600, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 5 },
    },
  };
  writeFileSync(transcript, readFileSync(transcript, "utf8") + JSON.stringify(rec) + "\n");
}

/** One hook call; the worker's carry its agent type, as Claude Code sends it for `--agent worker`. */
async function hook(id: string, event: string, extra: Record<string, unknown> = {}): Promise<string> {
  now += 1000;
  const agent = id === W ? { agent_type: "worker" } : {};
  const body = JSON.stringify({
    session_id: id,
    transcript_path: transcript,
    cwd,
    hook_event_name: event,
    ...agent,
    ...extra,
  });
  const res = await app.request("/hook", { method: "POST", body });
  return res.text();
}

async function scrape(): Promise<Map<string, { labels: Record<string, string>; value: number }[]>> {
  const text = await (await app.request("/metrics")).text();
  return new Map(
    parse(text).map((f) => [f.name, f.metrics.map((m) => ({ labels: m.labels ?? {}, value: Number(m.value) }))]),
  );
}

const ANNOUNCE = "I'll continue with the parser tests now.";

describe("fleet families", () => {
  test("a worker's Stop pushes with and without progress, then HARD and its handoff, with routing labels", async () => {
    expect(vigil(["night", "on", "--scope", cwd, "--until", "8h", "--force"], "", env).code).toBe(0);
    writeTranscript(500, ANNOUNCE);
    await hook(W, "SessionStart", { source: "startup" });
    const stop = () => hook(W, "Stop", { stop_hook_active: false, last_assistant_message: ANNOUNCE });
    // A push, then two stops with no tool call: the progress breaker holds both; one unanswered push.
    expect(await stop()).toContain("block");
    expect(await stop()).toBe("");
    expect(await stop()).toBe("");
    let m = await scrape();
    const labels = { host: "build-7", session_id: W, cwd, role: "worker" };
    expect(m.get("vigil_session_state")).toContainEqual({ labels: { ...labels, state: "normal" }, value: 1 });
    expect(m.get("vigil_stop_pushes_total")).toEqual([{ labels, value: 1 }]);
    expect(m.get("vigil_stop_pushes_without_progress_total")).toEqual([{ labels, value: 1 }]);
    // It works on its own (a tool call in its transcript), so the next announcement is pushed
    // again, and that push is not one without progress.
    appendToolCall("Read", { file_path: join(cwd, "parser.ts") });
    expect(await stop()).toContain("block");
    m = await scrape();
    expect(m.get("vigil_stop_pushes_total")).toEqual([{ labels, value: 2 }]);
    expect(m.get("vigil_stop_pushes_without_progress_total")).toEqual([{ labels, value: 1 }]);

    // Over HARD (2,000 tokens here) on the next tool call: no handoff yet.
    writeTranscript(3000, "Working on it.");
    await hook(W, "PostToolUse", { tool_name: "Read", tool_input: { file_path: join(cwd, "parser.ts") } });
    const hardSince = now;
    m = await scrape();
    expect(m.get("vigil_session_state")).toContainEqual({ labels: { ...labels, state: "hard" }, value: 1 });
    expect(m.get("vigil_session_handoff_timestamp_seconds")).toEqual([{ labels, value: 0 }]);
    const since = m.get("vigil_session_state_since_timestamp_seconds")?.find((s) => s.labels.session_id === W);
    expect(since?.value).toBe(hardSince / 1000);
    // The handoff write, allowed at HARD and recorded.
    const handoff = { tool_name: "Write", tool_input: { file_path: join(cwd, "HANDOFF.md"), content: "state" } };
    expect(await hook(W, "PreToolUse", handoff)).toBe("");
    m = await scrape();
    expect(m.get("vigil_session_handoff_timestamp_seconds")).toEqual([{ labels, value: now / 1000 }]);
  });

  test("a session that ended on its own leaves every series at once", async () => {
    await hook(ENDED, "SessionStart", { source: "startup" });
    let m = await scrape();
    expect(m.get("vigil_session_state")?.map((s) => s.labels.session_id)).toContain(ENDED);
    await hook(ENDED, "SessionEnd", { reason: "prompt_input_exit" });
    m = await scrape();
    for (const [name, samples] of m) {
      expect([name, samples.some((s) => s.labels.session_id === ENDED)]).toEqual([name, false]);
    }
  });

  test("host series: the watch's last pass and interval, hooks that failed open", async () => {
    let m = await scrape();
    const host = { host: "build-7" };
    expect(m.get("vigil_watch_last_pass_timestamp_seconds")).toEqual([{ labels: host, value: 0 }]);
    expect(m.get("vigil_watch_interval_seconds")).toEqual([{ labels: host, value: 300 }]);
    const before = m.get("vigil_hook_failed_open_total")?.[0].value ?? -1;
    await app.request("/hook", { method: "POST", body: "x".repeat(10 * 1024 * 1024 + 1) });
    const store = deps.store();
    for (const at of [now, now + 60_000, now + 180_000, now + 240_000]) {
      store.appendEvent(at, null, "watch_pass", seedDetail("watch_pass", { at }));
    }
    m = await scrape();
    expect(m.get("vigil_hook_failed_open_total")).toEqual([{ labels: host, value: before + 1 }]);
    expect(m.get("vigil_watch_last_pass_timestamp_seconds")).toEqual([{ labels: host, value: (now + 240_000) / 1000 }]);
    // Gaps 60, 120, 60 s: the median.
    expect(m.get("vigil_watch_interval_seconds")).toEqual([{ labels: host, value: 60 }]);
  });
});

describe("awaiting and asleep (issue 13's status fields)", () => {
  const A = "f1ee7000-0000-4000-8000-00000000000a";
  const S = "f1ee7000-0000-4000-8000-00000000000b";
  const value = (m: Awaited<ReturnType<typeof scrape>>, name: string, id: string) =>
    m.get(name)?.find((x) => x.labels.session_id === id)?.value;

  test("a Stop waiting for approval is awaiting; one with a background task running is asleep", async () => {
    // The Stop hook judges what a message waits on only in unattended mode (issue 13).
    expect(vigil(["night", "on", "--scope", cwd, "--until", "8h", "--force"], "", env).code).toBe(0);
    const approval = "I need your approval before I drop the staging tables.";
    await hook(A, "Stop", { stop_hook_active: false, last_assistant_message: approval });
    const running = [{ id: "b1", status: "running", description: "integration tests" }];
    await hook(S, "Stop", {
      stop_hook_active: false,
      last_assistant_message: "Tests are running.",
      background_tasks: running,
    });
    const m = await scrape();
    expect([value(m, "vigil_session_awaiting", A), value(m, "vigil_session_asleep", A)]).toEqual([1, 0]);
    expect([value(m, "vigil_session_awaiting", S), value(m, "vigil_session_asleep", S)]).toEqual([0, 1]);
    // A person's answer ends the wait.
    await hook(A, "UserPromptSubmit", { prompt: "yes, go ahead" });
    expect(value(await scrape(), "vigil_session_awaiting", A)).toBe(0);
  });
});

describe("the fold", () => {
  const row = (id: number, at: number, session: string | null, kind: string, detail: object) => ({
    id,
    at,
    session_id: session,
    kind,
    detail: JSON.stringify(detail),
  });

  test("pushes without progress come from the Stop gate's own follow-up, once per push; a day's silence forgets a session", () => {
    const f = new FleetFold();
    const block = seedDetail("stop_gate", { decision: "block", gate: "announcement" });
    f.add(row(1, 1000, "s", "stop_gate", block));
    // Stopped again with no tool call: the breaker held, and says so for the push at 1000 ...
    const idle = seedDetail("stop_gate", {
      decision: "pass",
      gate: "progress",
      lastPush: { at: 1000, gate: "announcement", workFollowed: false },
    });
    f.add(row(2, 2000, "s", "stop_gate", idle));
    f.add(row(3, 3000, "s", "stop_gate", idle)); // ... and again for the same push: counted once
    // Work followed, so the next push goes out and is not one without progress.
    f.add(
      row(4, 4000, "s", "stop_gate", { ...block, lastPush: { at: 1000, gate: "announcement", workFollowed: true } }),
    );
    f.add(row(5, 5000, "s", "hook", { event: "Stop", decision: "block" })); // the hook summary is not read
    expect(f.sessions.get("s")).toMatchObject({ pushes: 2, pushesWithoutProgress: 1 });
    f.prune(4000 + 86_400_000);
    expect(f.sessions.has("s")).toBe(true);
    f.prune(4001 + 86_400_000);
    expect(f.sessions.has("s")).toBe(false);
  });
});

describe("the proof", () => {
  const proof = (ok: boolean): Proof => ({
    version: "2.1.332",
    claude: join(env.HOME, "claude-bin"),
    at: now,
    durationMs: 20_000,
    source: "planned",
    settingsPath: join(env.HOME, "settings.json"),
    checks: [{
      id: "hard-deny",
      status: ok ? "pass" : "fail",
      evidence: "own test case",
      fix: ok ? null : "reinstall",
    }],
    ok,
  });
  const dir = join(env.HOME, "proof-state");
  const withProof = createApp({
    store: deps.store,
    runHook: () => ({ stdout: "", error: null }),
    clock: () => now,
    host: "build-7",
    proof: () => readLastProof(dir),
  });
  const families = async () =>
    new Map(parse(await (await withProof.request("/metrics")).text()).map((f) => [f.name, f.metrics]));

  test("none recorded: no series, so VigilProofFailed stays silent", async () => {
    const m = await families();
    expect([m.has("vigil_proof_ok"), m.has("vigil_proof_timestamp_seconds")]).toEqual([false, false]);
  });

  test.each([[true, "1"], [false, "0"]])("ok %p: vigil_proof_ok %s, with the version proven", async (ok, value) => {
    writeLastProof(dir, proof(ok));
    const m = await families();
    expect(m.get("vigil_proof_ok")).toEqual([{ labels: { host: "build-7", claude_version: "2.1.332" }, value }]);
    expect(m.get("vigil_proof_timestamp_seconds")).toEqual([{
      labels: { host: "build-7" },
      value: String(now / 1000),
    }]);
  });
});

test("docs/metrics.md documents every family /metrics exposes", async () => {
  const doc = readFileSync(join(import.meta.dir, "..", "..", "docs", "metrics.md"), "utf8");
  const names = [...(await scrape()).keys()];
  expect(names.length).toBeGreaterThan(15);
  expect(names.filter((n) => !doc.includes(`\`${n}\``))).toEqual([]);
});
