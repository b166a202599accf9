/**
 * A statusLine render records its numbers, but not on every render: within RECORD_EVERY_MS a
 * render that changes nothing a reader uses takes no write lock. Real store (SQLite file),
 * the real statusLine payload shape; the clock is the test's.
 */
import { describe, expect, test } from "bun:test";
import { baseDeps } from "../../src/app/base-deps.ts";
import { allHookDeps } from "../../src/app/deps.ts";
import { runHook } from "../../src/app/run-hook.ts";
import { type LineCache, RECORD_EVERY_MS, runStatusline } from "../../src/app/run-statusline.ts";
import { testEnv } from "../support/vigil.ts";

const cache: LineCache = { read: () => null, write: () => {} };

function payload(session: string, tokens: number | null) {
  const usage = tokens === null
    ? null
    : { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: tokens - 10 };
  return JSON.stringify({
    session_id: session,
    transcript_path: "/nonexistent/t.jsonl",
    cwd: "/tmp",
    model: { id: "claude-opus-5-5", display_name: "Opus" },
    context_window: { context_window_size: 1_000_000, current_usage: usage, used_percentage: null },
  });
}

function setup() {
  const env = testEnv({ VIGIL_SOFT_TOKENS: "250000", VIGIL_HARD_TOKENS: "300000" });
  let now = 1_000_000;
  const deps = baseDeps(env, () => now);
  const render = (session: string, tokens: number | null) =>
    runStatusline(payload(session, tokens), deps, cache, { color: false });
  const row = (session: string) => deps.store().loadSession(session);
  const events = () => deps.store().events({}).length;
  return { env, deps, render, row, events, tick: (ms: number) => (now += ms), now: () => now };
}

describe("statusLine records", () => {
  test("the first render records; an unchanged one soon after does not write", () => {
    const s = setup();
    expect(s.render("a", 120_000).line).toContain("120k");
    const first = s.row("a");
    expect(first?.status_tokens).toBe(120_000);
    s.tick(1_000);
    const again = s.render("a", 120_000);
    expect(again.line).toBe(s.render("a", 120_000).line);
    expect(s.row("a")).toEqual(first);
    s.deps.close();
  });

  test("new numbers are recorded at once, and unchanged ones again after RECORD_EVERY_MS", () => {
    const s = setup();
    s.render("b", 120_000);
    s.tick(1_000);
    s.render("b", 130_000);
    expect(s.row("b")?.status_tokens).toBe(130_000);
    const at = s.row("b")?.status_at;
    s.tick(RECORD_EVERY_MS);
    s.render("b", 130_000);
    expect(s.row("b")?.status_at).toBe(s.now());
    expect(s.row("b")?.status_at).not.toBe(at);
    s.deps.close();
  });

  test("a render with null usage writes once, then not again until RECORD_EVERY_MS", async () => {
    const s = setup();
    // With the meter, as serve and a process that finds null usage run it; here it finds no
    // transcript, so the numbers of the last render that had some stand, as after /compact.
    const h = await allHookDeps(s.env, s.now);
    const render = () => runStatusline(payload("n", null), h, cache, { color: false });
    s.render("n", 120_000);
    // Long enough that the stored numbers are no longer recent (a long compaction).
    s.tick(RECORD_EVERY_MS + 1_000);
    render();
    const first = s.row("n");
    const events = s.events();
    for (let i = 0; i < 5; i++) {
      s.tick(1_000);
      expect(render().line).toContain("120k");
    }
    expect(s.row("n")).toEqual(first);
    expect(s.events()).toBe(events);
    s.tick(RECORD_EVERY_MS);
    render();
    expect(s.row("n")?.updated_at).toBe(s.now());
    expect(s.row("n")?.status_at).toBe(first?.status_at);
    h.close();
    s.deps.close();
  });

  test("a crossing is always recorded with its state change, however soon", async () => {
    const s = setup();
    const h = await allHookDeps(s.env, s.now);
    // A worker: only a hook says so (agent_type); the statusLine then judges its numbers.
    runHook(
      JSON.stringify({
        hook_event_name: "UserPromptSubmit",
        session_id: "c",
        transcript_path: "/nonexistent/t.jsonl",
        cwd: "/tmp",
        agent_type: "worker",
        prompt: "work",
      }),
      h,
    );
    s.render("c", 120_000);
    const before = s.events();
    s.tick(500);
    s.render("c", 260_000);
    expect(s.row("c")?.state).toBe("soft");
    expect(s.events()).toBeGreaterThan(before);
    h.close();
    s.deps.close();
  });
});
