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
import { hookDeps } from "../../src/app/deps.ts";
import { runHook } from "../../src/app/run-hook.ts";
import { createApp } from "../../src/edge/http/app.ts";
import { FleetFold } from "../../src/edge/http/metrics-fold.ts";
import { testEnv, vigil } from "../support/vigil.ts";

const env = testEnv({ VIGIL_SOFT_TOKENS: "1000", VIGIL_HARD_TOKENS: "2000" });
const cwd = join(env.HOME, "work", "repo");
mkdirSync(cwd, { recursive: true });
// The pipeline and the scrape read one clock that the test moves.
let now = Date.now();
const deps = hookDeps(env, () => now);
const app = createApp({
  store: deps.store(),
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
      usage: { input_tokens: 3000, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 5 },
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
  test("a worker through HARD, its handoff and Stop pushes, with routing labels", async () => {
    expect(vigil(["night", "on", "--scope", cwd, "--until", "8h"], "", env).code).toBe(0);
    writeTranscript(500, "Reading the repo.");
    await hook(W, "SessionStart", { source: "startup" });
    writeTranscript(3000, ANNOUNCE);
    // A push answered by stopping again with no tool call: the breaker holds the second.
    expect(await hook(W, "Stop", { stop_hook_active: false, last_assistant_message: ANNOUNCE })).toContain("block");
    expect(await hook(W, "Stop", { stop_hook_active: false, last_assistant_message: ANNOUNCE })).toBe("");
    expect(await hook(W, "Stop", { stop_hook_active: false, last_assistant_message: ANNOUNCE })).toBe("");
    const hardSince = now;
    let m = await scrape();
    const labels = { host: "build-7", session_id: W, cwd, role: "worker" };
    expect(m.get("vigil_session_state")).toContainEqual({ labels: { ...labels, state: "hard" }, value: 1 });
    expect(m.get("vigil_stop_pushes_total")).toEqual([{ labels, value: 1 }]);
    expect(m.get("vigil_stop_pushes_without_progress_total")).toEqual([{ labels, value: 1 }]);
    expect(m.get("vigil_session_handoff_timestamp_seconds")).toEqual([{ labels, value: 0 }]);
    const since = m.get("vigil_session_state_since_timestamp_seconds")?.find((s) => s.labels.session_id === W);
    expect(since !== undefined && since.value * 1000 <= hardSince).toBe(true);

    // A tool call after a push is progress; the handoff write is allowed at HARD and recorded.
    const handoff = { tool_name: "Write", tool_input: { file_path: join(cwd, "HANDOFF.md"), content: "state" } };
    expect(await hook(W, "PreToolUse", handoff)).toBe("");
    const handoffAt = now;
    appendToolCall("Write", handoff.tool_input);
    // At HARD the Stop gate asks once for the handoff and then lets the session stop: pushing
    // for work PreToolUse denies only re-sends the context (issue 13).
    expect(await hook(W, "Stop", { stop_hook_active: false, last_assistant_message: ANNOUNCE })).toBe("");
    m = await scrape();
    expect(m.get("vigil_session_handoff_timestamp_seconds")).toEqual([{ labels, value: handoffAt / 1000 }]);
    expect(m.get("vigil_stop_pushes_without_progress_total")).toEqual([{ labels, value: 1 }]);
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
    for (const at of [now, now + 60_000, now + 180_000, now + 240_000]) store.appendEvent(at, null, "watch_pass", {});
    m = await scrape();
    expect(m.get("vigil_hook_failed_open_total")).toEqual([{ labels: host, value: before + 1 }]);
    expect(m.get("vigil_watch_last_pass_timestamp_seconds")).toEqual([{ labels: host, value: (now + 240_000) / 1000 }]);
    // Gaps 60, 120, 60 s: the median.
    expect(m.get("vigil_watch_interval_seconds")).toEqual([{ labels: host, value: 60 }]);
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
    const block = { decision: "block", gate: "announcement" };
    f.add(row(1, 1000, "s", "stop_gate", block));
    // Stopped again with no tool call: the breaker held, and says so for the push at 1000 ...
    const idle = {
      decision: "pass",
      gate: "progress",
      lastPush: { at: 1000, gate: "announcement", workFollowed: false },
    };
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
test("docs/metrics.md documents every family /metrics exposes", async () => {
  const doc = readFileSync(join(import.meta.dir, "..", "..", "docs", "metrics.md"), "utf8");
  const names = [...(await scrape()).keys()];
  expect(names.length).toBeGreaterThan(15);
  expect(names.filter((n) => !doc.includes(`\`${n}\``))).toEqual([]);
});
