/**
 * A hook call that changes nothing a reader uses writes nothing (src/app/quiet-call.ts), and a
 * call that changes something is written at once. The compiled binary, one process per call as
 * Claude Code runs hooks, on a real store, the clock pinned per process (VIGIL_NOW); and the
 * pipeline in-process, to see that a quiet call decides once under the lock and commits no change.
 */
import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { hookDeps } from "../../src/app/deps.ts";
import { QUIET_MS } from "../../src/app/quiet-call.ts";
import { runHook } from "../../src/app/run-hook.ts";
import { openStore } from "../../src/edge/store.ts";
import { transcriptAt } from "../support/usage-transcript.ts";
import { testEnv, vigil } from "../support/vigil.ts";

const T0 = Date.UTC(2026, 11, 2, 2, 0, 0);

function setup() {
  const env = testEnv({ VIGIL_SOFT_TOKENS: "250000", VIGIL_HARD_TOKENS: "300000" });
  const transcript = transcriptAt(join(env.HOME, "t.jsonl"), 20_000);
  const db = join(env.VIGIL_HOME, "vigil.db");
  const payload = (extra: Record<string, unknown>) =>
    JSON.stringify({
      session_id: "q",
      transcript_path: transcript,
      cwd: "/tmp",
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "ls" },
      tool_use_id: "toolu_1",
      ...extra,
    });
  const run = (args: string[], input: string, at: number) => {
    const r = vigil(args, input, { ...env, VIGIL_NOW: String(at) });
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
    return r.stdout;
  };
  const hook = (at: number, extra: Record<string, unknown> = {}) => run(["hook"], payload(extra), at);
  /** The database file as the disk has it (a write's checkpoint rewrites it), then its rows. */
  const state = () => {
    const st = statSync(db);
    const file = { size: st.size, mtimeMs: st.mtimeMs };
    const inspect = new Database(db, { readonly: true });
    try {
      return {
        file,
        row: inspect.query("SELECT * FROM sessions WHERE session_id = 'q'").get(),
        events: inspect.query<{ kind: string }, []>("SELECT kind FROM events ORDER BY id").all().map((e) => e.kind),
      };
    } finally {
      inspect.close();
    }
  };
  const row = () => {
    const r = state().row;
    if (typeof r !== "object" || r === null || !("snapshot" in r) || typeof r.snapshot !== "string") {
      throw new Error("no row");
    }
    return { ...r, context: JSON.parse(r.snapshot).context };
  };
  return { env, transcript, hook, run, state, row };
}

describe("a call that changes nothing writes nothing", () => {
  test("the same call again within QUIET_MS leaves the store as it was", () => {
    const s = setup();
    s.hook(T0);
    const before = s.state();
    expect(before.events).toEqual(["hook"]);
    // A later mtime would show a write; the file system's clock needs a moment to tell.
    Bun.sleepSync(20);
    s.hook(T0 + 1_000);
    s.hook(T0 + QUIET_MS - 1);
    expect(s.state()).toEqual(before);
  });

  test("once QUIET_MS has passed, the same call is written again (activity, updated_at)", () => {
    const s = setup();
    s.hook(T0);
    s.hook(T0 + QUIET_MS);
    expect(s.state().events).toEqual(["hook", "hook"]);
    expect(s.row()).toMatchObject({ updated_at: T0 + QUIET_MS, context: { lastActivity: T0 + QUIET_MS } });
  });

  test("new figures, another cwd, a state change and a Stop are each written at once", () => {
    const s = setup();
    s.hook(T0);
    transcriptAt(s.transcript, 130_000);
    s.hook(T0 + 1_000);
    expect(s.row()).toMatchObject({ tokens: 130_000, updated_at: T0 + 1_000 });
    s.hook(T0 + 2_000, { cwd: "/srv" });
    expect(s.row()).toMatchObject({ cwd: "/srv", updated_at: T0 + 2_000 });
    // A worker over SOFT: a state change and its audit records.
    transcriptAt(s.transcript, 260_000);
    s.hook(T0 + 3_000, { cwd: "/srv", agent_type: "worker" });
    expect(s.row()).toMatchObject({ state: "soft", role: "worker" });
    const n = s.state().events.length;
    s.run(
      ["hook"],
      JSON.stringify({
        session_id: "q",
        transcript_path: s.transcript,
        cwd: "/srv",
        hook_event_name: "Stop",
        stop_hook_active: false,
        agent_type: "worker",
      }),
      T0 + 4_000,
    );
    expect(s.state().events.length).toBeGreaterThan(n);
    expect(s.row()).toMatchObject({ updated_at: T0 + 4_000, context: { stoppedAt: T0 + 4_000 } });
    expect(s.state().events.filter((k) => k === "hook")).toHaveLength(5);
  });

  test("only a repeat goes unwritten: another tool, or an event that is not a frequent one, is written", () => {
    const s = setup();
    s.hook(T0);
    s.hook(T0 + 1_000, { tool_name: "Read", tool_input: { file_path: "/tmp/x" } });
    s.hook(T0 + 2_000, { hook_event_name: "Notification", message: "waiting", tool_name: undefined });
    s.hook(T0 + 3_000, { hook_event_name: "Notification", message: "waiting", tool_name: undefined });
    const tools = s.state().events.filter((k) => k === "hook");
    expect(tools).toHaveLength(4);
    expect(s.row()).toMatchObject({ updated_at: T0 + 3_000 });
  });

  test("a decision is written however soon: a worker's `npm test` at HARD, denied twice, recorded twice", () => {
    const s = setup();
    transcriptAt(s.transcript, 310_000);
    const push = { agent_type: "worker", tool_input: { command: "npm test" } };
    const first = s.hook(T0, push);
    const again = s.hook(T0 + 1_000, push);
    expect(first).toContain("deny");
    expect(again).toBe(first);
    const decided = s.state().events.filter((k) => k === "hook");
    expect(decided).toHaveLength(2);
  });

  test("an unchanged statusLine render leaves the store as it was", () => {
    const s = setup();
    const line = JSON.stringify({
      session_id: "q",
      transcript_path: s.transcript,
      cwd: "/tmp",
      model: { id: "claude-opus-5-5", display_name: "Opus" },
      context_window: {
        context_window_size: 1_000_000,
        current_usage: {
          input_tokens: 10,
          output_tokens: 5,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 1e5,
        },
      },
    });
    const shown = s.run(["statusline"], line, T0);
    const before = s.state();
    // The recording render wrote the line cache; the unchanged one leaves it as it was too.
    const cached = ["q", "_last"].map((f) => join(s.env.VIGIL_HOME, "lines", f));
    expect(cached.map((f) => readFileSync(f, "utf8") + "\n")).toEqual([shown, shown]);
    const cacheBefore = cached.map((f) => statSync(f).mtimeMs);
    Bun.sleepSync(20);
    expect(s.run(["statusline"], line, T0 + 1_000)).toBe(shown);
    expect(s.state()).toEqual(before);
    expect(cached.map((f) => statSync(f).mtimeMs)).toEqual(cacheBefore);
  });
});

describe("a quiet call decides once, under the lock, and commits no change", () => {
  test("each call takes one transaction (its one decision); the quiet one changes nothing another connection sees", () => {
    const env = testEnv();
    const transcript = transcriptAt(join(env.HOME, "t.jsonl"), 20_000);
    const db = join(env.VIGIL_HOME, "vigil.db");
    // One set of dependencies per call, as one process per call has.
    const call = (at: number, cwd: string) => {
      const deps = hookDeps(env, () => at);
      const open = deps.store;
      let transactions = 0;
      deps.store = () => {
        const s = open();
        const transaction = s.transaction.bind(s);
        s.transaction = (fn) => (transactions++, transaction(fn));
        return s;
      };
      // SQLite's data_version moves, for another connection, only when a commit changed the file.
      const watcher = existsSync(db) ? new Database(db, { readonly: true }) : null;
      const version = () => watcher?.query<{ data_version: number }, []>("PRAGMA data_version").get()?.data_version;
      const before = version();
      try {
        const out = runHook(
          JSON.stringify({
            session_id: "r",
            transcript_path: transcript,
            cwd,
            hook_event_name: "PostToolUse",
            tool_name: "Read",
            tool_input: { file_path: "/tmp/x" },
          }),
          deps,
        );
        return { ...out, transactions, changed: before !== version(), cwd: open().loadSession("r")?.cwd };
      } finally {
        watcher?.close();
        deps.close();
      }
    };
    const first = call(T0, "/tmp");
    expect(first).toMatchObject({ error: null, transactions: 1, cwd: "/tmp" });
    // 20k of a 200k window: no warning, so the second call's audit record repeats the first's.
    const quiet = { stdout: "", error: null, transactions: 1, changed: false, cwd: "/tmp" };
    expect(call(T0 + 1_000, "/tmp")).toEqual(quiet);
    expect(call(T0 + 2_000, "/srv")).toEqual({ ...quiet, changed: true, cwd: "/srv" });
  });
});

describe("the statusline's read-only handle", () => {
  test("a read-only open that must be current refuses a store of another schema version", () => {
    const env = testEnv();
    const file = join(env.HOME, "old.db");
    openStore(file).close();
    expect(() => openStore(file, { readonly: true, current: true }).close()).not.toThrow();
    const raw = new Database(file);
    raw.run("PRAGMA user_version = 1");
    raw.close();
    expect(() => openStore(file, { readonly: true, current: true })).toThrow(/not the current/);
    // Without `current` a read-only open still reads it, as before.
    expect(() => openStore(file, { readonly: true }).close()).not.toThrow();
  });
});
