/**
 * Shared pieces of the reliability suite (docs/reliability.md): the short/long switch, hook
 * processes with their time measured (printed, never asserted), transcripts with a chosen
 * context size, and the consistency checks every fault ends with.
 */
import { Database } from "bun:sqlite";
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { assistant, jsonl, prompt } from "../fixtures/transcripts/records.ts";
import { STATES } from "../../machines/session.ts";
import { sessionMachine } from "../../machines/session.ts";
import { BIN } from "../support/vigil.ts";

/** `VIGIL_RELIABILITY=long` runs every part at full size (docs/reliability.md). */
export const LONG = process.env.VIGIL_RELIABILITY === "long";

/** `short` in the default run, `long` behind the switch. */
export function size(short: number, long: number): number {
  return LONG ? long : short;
}

/** Per-test timeout: long runs may take many minutes on the 2-core machine. */
export const TIMEOUT = LONG ? 3_600_000 : 120_000;

/** Where each part leaves its row of the figures table (read by test/reliability/run.ts). */
export const FIGURES = join(import.meta.dir, "..", "..", "test-results", "reliability");

export interface Figure {
  fault: string;
  tries: number;
  lost: number;
  worstMs: number;
  note?: string;
}

/** Print one row of the figures table and keep it for run.ts. Times are reported, never asserted. */
export function report(f: Figure): void {
  mkdirSync(FIGURES, { recursive: true });
  appendFileSync(join(FIGURES, `${LONG ? "long" : "short"}.jsonl`), JSON.stringify({ ...f, at: Date.now() }) + "\n");
  const note = f.note ? ` | ${f.note}` : "";
  console.log(
    `reliability | ${f.fault} | tries ${f.tries} | lost ${f.lost} | worst ${Math.round(f.worstMs)} ms${note}`,
  );
}

export interface HookRun {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/**
 * Start `vigil <args>` with stdin; resolves when it exits, with its wall time. Stdin given as
 * `{ file }` is handed over as that file, for callers that block their event loop meanwhile.
 */
export function spawnVigil(
  args: string[],
  stdin: string | Uint8Array | { file: string },
  env: Record<string, string>,
  opts: { prefix?: string[] } = {},
): Promise<HookRun> {
  const t0 = performance.now();
  const p = Bun.spawn([...(opts.prefix ?? []), BIN, ...args], {
    stdin: typeof stdin === "object" && "file" in stdin ? Bun.file(stdin.file) : Buffer.from(stdin),
    stdout: "pipe",
    stderr: "pipe",
    env,
  });
  return Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]).then(
    ([stdout, stderr, code]) => ({
      code,
      signal: p.signalCode === null ? null : String(p.signalCode),
      stdout,
      stderr,
      ms: performance.now() - t0,
    }),
  );
}

/**
 * A PreToolUse payload; `tool` doubles as the call's marker in the `hook` event's detail, and
 * names the call's cwd: every call then changes its row and must be written (a call that
 * changes nothing writes nothing, src/app/quiet-call.ts), so the `hook` rows count the calls.
 */
export function toolCall(session: string, transcript: string, tool: string, extra: Record<string, unknown> = {}) {
  return JSON.stringify({
    session_id: session,
    transcript_path: transcript,
    cwd: `/tmp/${tool}`,
    hook_event_name: "PreToolUse",
    tool_name: tool,
    tool_input: { command: "ls" },
    tool_use_id: `toolu_${tool}`,
    ...extra,
  });
}

/** A statusLine payload reporting `tokens` of a 200k window. */
export function statusLine(session: string, tokens: number): string {
  return JSON.stringify({
    session_id: session,
    transcript_path: "/nonexistent/t.jsonl",
    cwd: "/tmp",
    context_window: { context_window_size: 200_000, current_usage: { input_tokens: tokens } },
  });
}

/** A transcript whose newest main-chain response measured `tokens`. */
export function writeTranscript(file: string, tokens: number): string {
  writeFileSync(file, jsonl([prompt("Fix the parser"), assistant(`msg_${tokens}`, { input: tokens, output: 10 })]));
  return file;
}

/** Open the store read-only for inspection (never through vigil's own code). */
export function inspect<T>(home: string, fn: (db: Database) => T): T {
  const db = new Database(join(home, "vigil.db"), { readonly: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** The state dir's last-resort log, or "" when nothing was written there. */
export function readLog(home: string): string {
  const f = join(home, "vigil.log");
  return existsSync(f) ? readFileSync(f, "utf8") : "";
}

/**
 * What must hold after any fault: SQLite's own integrity check passes, and every session row's
 * snapshot parses, resolves in the machine and names one of its states. Returns the problems.
 */
export function consistency(home: string): string[] {
  return inspect(home, (db) => {
    const problems: string[] = [];
    const check = db.query<{ integrity_check: string }, []>("PRAGMA integrity_check").all();
    if (check.length !== 1 || check[0].integrity_check !== "ok") {
      problems.push(`integrity_check: ${check.map((c) => c.integrity_check).join("; ")}`);
    }
    const rows = db.query<{ session_id: string; state: string; snapshot: string }, []>(
      "SELECT session_id, state, snapshot FROM sessions",
    ).all();
    for (const r of rows) {
      try {
        const snap = sessionMachine.resolveState(JSON.parse(r.snapshot));
        if (!(STATES as readonly unknown[]).includes(snap.value)) problems.push(`${r.session_id}: state ${snap.value}`);
        if (snap.value !== r.state) problems.push(`${r.session_id}: column "${r.state}" vs snapshot "${snap.value}"`);
      } catch (e) {
        problems.push(`${r.session_id}: snapshot does not resolve: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    return problems;
  });
}

/** Count events of a kind (all sessions, or one). */
export function countEvents(home: string, kind: string, session?: string): number {
  return inspect(
    home,
    (db) =>
      session === undefined
        ? db.query<{ n: number }, [string]>("SELECT count(*) AS n FROM events WHERE kind = ?").get(kind)?.n ?? 0
        : db.query<{ n: number }, [string, string]>(
          "SELECT count(*) AS n FROM events WHERE kind = ? AND session_id = ?",
        )
          .get(kind, session)?.n ?? 0,
  );
}
