/**
 * Compaction continuity through an automatic compaction of the real CLI (2.1.328,
 * `--autocompact 100000`; issues 3 and 5): vigil's guidance reaches the summary request as
 * "Additional Instructions:", a draft state is written when none was saved, the restore is in
 * the first request after the compaction and the machine goes compacting → restoring → normal;
 * a constraint only the spec holds survives a summary that dropped it; and with SessionStart
 * not registered for `compact`, the restore reaches the model once through the fallback.
 */
import { expect, test } from "bun:test";
import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isLifecycle } from "../../src/core/claude-events.ts";
import { allText, lastUserText } from "./api-request.ts";
import { type ClaudeVersion, NEWEST } from "./cli.ts";
import { E2E_TIMEOUT_MS, runClaude } from "./runner.ts";
import { createSandbox, removeSandbox, type Sandbox, vigilBin } from "./sandbox.ts";
import { bash, contextOf, type Scenario, text, type Turn } from "./scenario.ts";
import { shellQuote, vigilEvents } from "./settings.ts";
import { vigilEvents as vigilRecords } from "./vigil-db.ts";
import {
  ADDITIONAL,
  afterCompaction,
  compactRequest,
  continuityActions,
  count,
  HYPOTHESES,
  mains,
  messageWith,
  plainGuidance,
  RESTORE,
  stateFiles,
  transitions,
  vigil,
} from "./vigil-continuity.ts";

const SUMMARY_MARKER = "E2E_AUTO_SUMMARY";
const CONSTRAINT = "Never touch src/legacy/: the billing export still imports it.";

/** Per version: how to reach automatic compaction, and how vigil learns the restore landed. */
interface Auto {
  version: ClaudeVersion;
  /** `--autocompact` (2.1.328); 2.1.88 compacts by itself near 185k of its 200k window. */
  autocompact?: number;
  /** Context of the n-th climbing turn (n from 1). */
  climb: (n: number) => number;
  /** 2.1.2xx+ writes the hook attachment; 2.1.88 writes none, so vigil trusts the delivered hook. */
  landedVia: "transcript" | "hook";
}

const V328: Auto = {
  version: NEWEST,
  autocompact: 100_000,
  climb: (n) => 110_000 + n * 10_000,
  landedVia: "transcript",
};
const V88: Auto = { version: "2.1.88", climb: (n) => 180_000 + n * 6_000, landedVia: "hook" };

/**
 * Usage climbs past the compaction threshold (2.1.328: 120k, 130k, …) until a request carries
 * the summary: the CLI may let one PreCompact pass without compacting, so it is not told when.
 * After the compaction, `after` answers; then "Done.".
 */
function compactingScenario(v: Auto, after: Turn[]): Scenario {
  let climb = 0;
  let post = 0;
  return {
    turns: [],
    summary: `<summary>\n${SUMMARY_MARKER}: the user asked for the CSV parser fix; tests ran.\n</summary>`,
    fallback: (req) => {
      if (!allText(req).includes(SUMMARY_MARKER)) {
        climb += 1;
        return climb > 5 ? text("No compaction came.") : bash(`echo step ${climb}`, contextOf(v.climb(climb)));
      }
      const t = after[post++] ?? text("Done.", contextOf(32_000));
      return typeof t === "function" ? t(req) : t;
    },
  };
}

async function inSandbox(run: (s: Sandbox) => Promise<void>): Promise<void> {
  const s = createSandbox();
  try {
    await run(s);
  } finally {
    removeSandbox(s);
  }
}

/** One hook call as the logging wrapper saw it: the clock and the transcript's size around vigil's run. */
interface HookCall {
  event: string;
  start: number;
  end: number;
  /** Transcript bytes just before vigil started, and just after it returned. */
  before: number;
  after: number;
}

/**
 * Hooks that run vigil's and log each call (`HookCall`) to `<root>/hook-calls.log`: what the
 * transcript held when vigil read it, since Claude Code writes the file asynchronously.
 */
function loggedHooks(s: Sandbox, version: ClaudeVersion): Record<string, unknown> {
  const script = join(s.root, "logged-hook.sh");
  writeFileSync(
    script,
    [
      "#!/bin/sh",
      "in=$(cat)",
      `t=\${in#*'"transcript_path":"'}; t=\${t%%'"'*}`,
      `e=\${in#*'"hook_event_name":"'}; e=\${e%%'"'*}`,
      'size() { if [ -f "$t" ]; then wc -c < "$t"; else echo 0; fi; }',
      "start=$(date +%s%3N); before=$(size)",
      `printf '%s' "$in" | ${shellQuote(vigilBin())} hook; rc=$?`,
      "after=$(size); end=$(date +%s%3N)",
      `echo "$e $start $end $before $after" >> ${shellQuote(join(s.root, "hook-calls.log"))}`,
      "exit $rc",
      "",
    ].join("\n"),
  );
  chmodSync(script, 0o755);
  const entry = [{ matcher: "*", hooks: [{ type: "command", command: shellQuote(script) }] }];
  return { hooks: Object.fromEntries(vigilEvents(version).map((e) => [e, entry])) };
}

function hookCalls(s: Sandbox): HookCall[] {
  return readFileSync(join(s.root, "hook-calls.log"), "utf8").trim().split("\n").map((line) => {
    const [event, ...n] = line.trim().split(/\s+/);
    const [start, end, before, after] = n.map(Number);
    return { event, start, end, before, after };
  });
}

/**
 * Where the transcript first holds all vigil needs to confirm the restore: the end of the
 * compaction's boundary line and, where the restore is read from the transcript, of the
 * SessionStart attachment after it (Infinity: not in the file yet).
 */
function confirmableAt(transcript: string, via: Auto["landedVia"]): number {
  const lines = readFileSync(transcript, "latin1").split("\n");
  lines.pop(); // a line still being written is not read
  let at = 0;
  let boundary = false;
  for (const line of lines) {
    at += line.length + 1;
    if (!line.startsWith("{")) continue;
    const r = JSON.parse(line);
    if (r.type === "system" && r.subtype === "compact_boundary") {
      if (via === "hook") return at;
      boundary = true;
    } else if (
      boundary && r.type === "attachment" && r.attachment?.type === "hook_additional_context" &&
      r.attachment.hookEvent === "SessionStart"
    ) return at;
  }
  return Infinity;
}

/** The session's transcript while it runs (its id is not known before it ends), or null. */
function liveTranscript(s: Sandbox): string | null {
  const projects = join(s.home, ".claude", "projects");
  for (const slug of existsSync(projects) ? readdirSync(projects) : []) {
    const file = readdirSync(join(projects, slug)).find((f) => f.endsWith(".jsonl"));
    if (file) return join(projects, slug, file);
  }
  return null;
}

test.each([V328, V88])(
  "automatic compaction ($version): guidance, a draft, the restore first and once, normal",
  (v) =>
    inSandbox(async (s) => {
      let status: unknown = null;
      const r = await runClaude({
        version: v.version,
        prompt: "Fix the CSV parser",
        ...(v.autocompact ? { autocompact: v.autocompact } : {}),
        sandbox: s,
        settings: loggedHooks(s, v.version),
        scenario: compactingScenario(v, [
          bash("echo after the compaction", contextOf(30_000)),
          // Claude Code writes the compaction's records a moment after the fact (observed: after
          // this request's tool call, now and then only before the turn's Stop). A model that
          // answers later than the file is written: the tool call below runs with the boundary
          // in the transcript, so vigil is normal again when the turn after it asks.
          () => {
            for (let i = 0; i < 200; i++) {
              const t = liveTranscript(s);
              if (t !== null && confirmableAt(t, v.landedVia) < Infinity) break;
              Bun.sleepSync(50);
            }
            return bash("echo and more", contextOf(31_000));
          },
          // the turn after the first post-compaction tool call: vigil's view of the live session
          () => {
            status = JSON.parse(vigil(s, ["status", "--json"]));
            return text("Done.", contextOf(32_000));
          },
        ]),
      });
      expect(r.exitCode).toBe(0);
      expect(r.apiErrors).toEqual([]);
      // PreCompact's plain stdout: vigil's guidance, verbatim, as the summariser's extra instructions.
      expect(lastUserText(compactRequest(r))).toContain(ADDITIONAL + plainGuidance());
      // Nothing was saved, so the automatic PreCompact drafted a state version.
      const files = stateFiles(r.vigilHome, r.sessionId);
      const drafts = files.filter((f) => f.endsWith(".draft.md"));
      expect(drafts.length).toBeGreaterThanOrEqual(1);
      expect(vigil(s, ["state", "show", "--session", r.sessionId])).toContain("Fix the CSV parser");
      // The restore is in the first request after the compaction, naming the draft; not before,
      // and never a second time (no fallback injection on the tool events after it).
      const after = afterCompaction(r);
      const restore = messageWith(after[0], RESTORE.compact);
      expect(restore).toContain(HYPOTHESES);
      expect(restore).toContain(drafts.at(-1) ?? "(no draft)");
      expect(mains(r).filter((q) => q.index < after[0].index).some((q) => allText(q).includes(RESTORE.compact)))
        .toBe(false);
      expect(after.length).toBe(3);
      for (const q of after) expect(count(allText(q), "vigil: this session")).toBe(1);
      const path = transitions(r.vigilHome, r.sessionId);
      const at = path.lastIndexOf("normal>compacting@PreCompact");
      // The restore is confirmed on the first event whose read of the transcript holds the
      // boundary (and, from 2.1.2xx, the restore's attachment after it): never from a file
      // without it, and never later than a call that started with it in the file.
      const calls = hookCalls(s);
      const records = vigilRecords(r.vigilHome).filter((e) => e.session_id === r.sessionId);
      const callAt = (t: number) => calls.findIndex((c) => c.start <= t && t <= c.end);
      const restoring = records.findLast((e) => e.kind === "state" && e.detail.to === "restoring");
      const confirmed = records.find((e) => e.kind === "continuity" && e.detail.action === "restored");
      const from = callAt(restoring?.at ?? NaN);
      const by = callAt(confirmed?.at ?? NaN);
      const needed = confirmableAt(r.transcriptPath ?? "", v.landedVia);
      expect(needed).toBeLessThan(Infinity);
      expect(from).toBeGreaterThanOrEqual(0);
      expect(by).toBeGreaterThan(from);
      const heldIt = calls.slice(from + 1, by).filter((c) => !isLifecycle(c.event) && c.before >= needed);
      expect(heldIt).toEqual([]);
      expect(calls[by].after).toBeGreaterThanOrEqual(needed);
      expect(confirmed?.detail).toEqual({
        action: "restored",
        via: v.landedVia,
        event: calls[by].event,
        landed: v.landedVia === "transcript",
        version: v.version,
      });
      // With the boundary written before the second tool call, that is a tool event of this turn.
      expect(path.slice(at)).toEqual([
        "normal>compacting@PreCompact",
        "compacting>restoring@SessionStart",
        `restoring>normal@${calls[by].event}`,
        "normal>dead@SessionEnd",
      ]);
      expect(calls[by].event).toMatch(/^(PreToolUse|PostToolUse)$/);
      expect(continuityActions(r.vigilHome).slice(-2)).toEqual(["restore:hook", `restored:${v.landedVia}`]);
      expect(status).toEqual([expect.objectContaining({ session_id: r.sessionId, state: "normal" })]);
    }),
  E2E_TIMEOUT_MS,
);

test("a constraint only the spec holds survives a summary that dropped it", () =>
  inSandbox(async (s) => {
    vigil(s, ["spec", "init"]);
    const specPath = join(s.cwd, ".vigil", "spec.md");
    const fields: Record<string, string> = {
      Locus: "src/parser/csv.ts",
      Signal: 'npm test fails: test/csv.test.ts "quoted comma"',
      Done: "npm test passes and a quoted comma parses as one field.",
      Constraints: `${CONSTRAINT}\nRun npm test before every commit.`,
    };
    let spec = readFileSync(specPath, "utf8");
    for (const [name, body] of Object.entries(fields)) {
      spec = spec.replace(new RegExp(`(## ${name}\\n\\n)<!--[\\s\\S]*?-->`), `$1${body}`);
    }
    writeFileSync(specPath, spec);
    expect(vigil(s, ["spec", "check"])).toContain("spec ok");

    const r = await runClaude({
      prompt: "Fix the CSV parser",
      autocompact: 100_000,
      sandbox: s,
      scenario: compactingScenario(V328, [bash("echo after the compaction", contextOf(30_000))]),
    });
    expect(r.exitCode).toBe(0);
    expect(r.apiErrors).toEqual([]);
    // The summariser was asked to keep it verbatim; the scripted summary dropped it anyway.
    expect(lastUserText(compactRequest(r))).toContain(CONSTRAINT);
    const [first] = afterCompaction(r);
    expect(messageWith(first, SUMMARY_MARKER)).not.toContain("src/legacy");
    // The restore carries the spec verbatim, and with it the constraint.
    const restore = messageWith(first, RESTORE.compact);
    expect(restore).toContain(CONSTRAINT);
    expect(restore).toContain(`<<<\n${vigil(s, ["spec", "show"]).trimEnd()}\n>>>`);
  }), E2E_TIMEOUT_MS);

test(
  "SessionStart registered only for startup|resume: the restore arrives once, by the fallback",
  () =>
    inSandbox(async (s) => {
      const command = `${shellQuote(vigilBin())} hook`;
      const hooks = Object.fromEntries(
        vigilEvents(NEWEST).map((e) => [e, [{
          matcher: e === "SessionStart" ? "startup|resume" : "*",
          hooks: [{ type: "command", command }],
        }]]),
      );
      const r = await runClaude({
        prompt: "Fix the CSV parser",
        autocompact: 100_000,
        sandbox: s,
        settings: { hooks },
        scenario: compactingScenario(V328, [
          bash("echo after the compaction", contextOf(30_000)),
          bash("echo and more", contextOf(31_000)),
        ]),
      });
      expect(r.exitCode).toBe(0);
      expect(r.apiErrors).toEqual([]);
      const after = afterCompaction(r);
      expect(after.length).toBeGreaterThanOrEqual(3);
      // No SessionStart(compact) hook: the first request has no restore; the tool result's does.
      expect(allText(after[0])).not.toContain("vigil: this session");
      expect(messageWith(after[1], RESTORE.fallback)).toContain(HYPOTHESES);
      for (const q of after.slice(1)) expect(count(allText(q), "vigil: this session")).toBe(1);
      expect(continuityActions(r.vigilHome).filter((a) => a.startsWith("restore"))).toEqual(["restored:fallback"]);
      const path = transitions(r.vigilHome, r.sessionId);
      expect(path.slice(path.lastIndexOf("normal>compacting@PreCompact"))).toEqual([
        "normal>compacting@PreCompact",
        "compacting>restoring@PostCompact",
        "restoring>normal@PostToolUse",
        "normal>dead@SessionEnd",
      ]);
    }),
  E2E_TIMEOUT_MS,
);
