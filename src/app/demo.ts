/**
 * `vigil demo`: replays the bundled recording of a real Claude Code 2.1.328 worker session
 * through the real hook path (this binary, one process per hook call, as Claude Code runs
 * it) into a temporary VIGIL_HOME, and gathers the timeline of states and decisions.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import recording from "../../test/fixtures/claude-code-2.1.328/demo-session/events.jsonl" with { type: "text" };
import transcript from "../../test/fixtures/claude-code-2.1.328/demo-session/transcript.jsonl" with { type: "text" };
import { writeNightSetting } from "../night/setting.ts";
import {
  describeCall,
  describeOutput,
  formatTimeline,
  parseRecording,
  type TimelineRow,
  transcriptAt,
} from "../core/replay.ts";
import { type EventRow, openStore } from "../edge/store.ts";

const RECORDED_CWD = "/home/dev/work/csv-parser";
const RECORDED_CLAUDE = "/home/dev/.claude";

/** The replay: one timeline row per hook call, the events it recorded (hook rows left out). */
export interface DemoRun {
  calls: number;
  rows: TimelineRow[];
  events: EventRow[];
  /** The replay's VIGIL_HOME when kept, else null (removed). */
  kept: string | null;
}

/** How to start this very binary (compiled) or script (during development). */
function selfCommand(): string[] {
  const compiled = Bun.main.startsWith("/$bunfs/") || Bun.main.startsWith("B:/~BUN/");
  return compiled ? [process.execPath] : [process.execPath, Bun.main];
}

/** Replay the recording; `env` gives the hooks PATH and LANG; `keep` keeps the replay's state. */
export function replayDemo(o: { env: Record<string, string | undefined>; keep: boolean }): DemoRun {
  const root = mkdtempSync(join(tmpdir(), "vigil-demo-"));
  const home = join(root, "vigil"), work = join(root, "work"), claude = join(root, "claude");
  for (const d of [home, work, claude]) mkdirSync(d, { recursive: true, mode: 0o700 });
  const calls = parseRecording(recording);
  const lines = transcript.split("\n").filter((l) => l.trim());
  const rows: TimelineRow[] = [];
  const self = selfCommand();
  try {
    // Unattended mode on over the replay's work dir, as for a night run: the recorded turn that
    // ends on "I'll continue with the parser fix next." meets the Stop gate.
    const init = openStore(join(home, "vigil.db"));
    const since = calls.length ? Date.parse(calls[0].ts) : 0;
    writeNightSetting(init, { on: true, scope: [work], until: null, since, snapshot: [], offAt: null });
    init.close();
    for (const call of calls) {
      const rewrite = (s: string) => s.replaceAll(RECORDED_CLAUDE, claude).replaceAll(RECORDED_CWD, work);
      const payload = JSON.parse(rewrite(JSON.stringify(call.payload)));
      const tPath = String(payload.transcript_path);
      mkdirSync(join(tPath, ".."), { recursive: true });
      const now = transcriptAt(lines, call.ts);
      writeFileSync(tPath, now.length ? now.map(rewrite).join("\n") + "\n" : "");
      const env: Record<string, string> = {
        PATH: o.env.PATH ?? "/usr/bin:/bin",
        HOME: root,
        VIGIL_HOME: home,
        VIGIL_NOW: String(Date.parse(call.ts)),
        NO_COLOR: "1",
        ...(o.env.LANG ? { LANG: o.env.LANG } : {}),
        ...Object.fromEntries(Object.entries(call.env).map(([k, v]) => [k, rewrite(v)])),
      };
      const proc = Bun.spawnSync([...self, "hook"], { stdin: Buffer.from(JSON.stringify(payload)), env, cwd: work });
      const stdout = proc.stdout.toString();
      const store = openStore(join(home, "vigil.db"));
      const row = store.loadSession(String(payload.session_id));
      store.close();
      rows.push({
        ts: call.ts,
        call: describeCall(payload),
        state: row?.state ?? "?",
        tokens: row?.tokens ?? null,
        estimate: row?.estimate ?? null,
        outcome: (proc.exitCode !== 0 ? `exit ${proc.exitCode} ` : "") + describeOutput(stdout),
      });
    }
    const store = openStore(join(home, "vigil.db"));
    const events = store.events().filter((e) => e.kind !== "hook");
    store.close();
    return { calls: calls.length, rows, events, kept: o.keep ? home : null };
  } finally {
    if (!o.keep) rmSync(root, { recursive: true, force: true });
  }
}

/** The replay as one JSON document: the timeline and the events, their details parsed. */
export function demoJson(r: DemoRun): string {
  const events = r.events.map((e) => ({ ...e, detail: JSON.parse(e.detail) }));
  return JSON.stringify({ timeline: r.rows, events }, null, 2) + "\n";
}

/** The replay for a person: what it is, the timeline, what was recorded. */
export function demoText(r: DemoRun): string {
  const counts = new Map<string, number>();
  for (const e of r.events) counts.set(e.kind, (counts.get(e.kind) ?? 0) + 1);
  return `vigil demo: a real Claude Code 2.1.328 worker session (--agent worker, "Fix the CSV parser ticket"),\n` +
    `${r.calls} hook calls replayed through \`vigil hook\` against the transcript as it stood at each call,\n` +
    `with unattended mode on over the replay's work dir.\n\n` +
    formatTimeline(r.rows) + "\n\n" +
    `recorded: ${[...counts].map(([k, n]) => `${k} ×${n}`).join(", ") || "nothing"}\n` +
    (r.kept ? `state kept in ${r.kept} (VIGIL_HOME=${r.kept} vigil status)\n` : "");
}
