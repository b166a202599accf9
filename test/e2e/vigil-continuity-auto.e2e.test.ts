/**
 * Compaction continuity through an automatic compaction of the real CLI (2.1.328,
 * `--autocompact 100000`; issues 3 and 5): vigil's guidance reaches the summary request as
 * "Additional Instructions:", a draft state is written when none was saved, the restore is in
 * the first request after the compaction and the machine goes compacting → restoring → normal;
 * a constraint only the spec holds survives a summary that dropped it; and with SessionStart
 * not registered for `compact`, the restore reaches the model once through the fallback.
 */
import { expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { allText, lastUserText } from "./api-request.ts";
import { type ClaudeVersion, NEWEST } from "./cli.ts";
import { E2E_TIMEOUT_MS, runClaude } from "./runner.ts";
import { createSandbox, removeSandbox, type Sandbox, vigilBin } from "./sandbox.ts";
import { bash, contextOf, type Scenario, text, type Turn } from "./scenario.ts";
import { shellQuote, vigilEvents } from "./settings.ts";
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
        scenario: compactingScenario(v, [
          bash("echo after the compaction", contextOf(30_000)),
          bash("echo and more", contextOf(31_000)),
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
      // The restore is confirmed on the first tool event that sees it in the transcript: the
      // CLI writes the attachment asynchronously, so that is PreToolUse or, if it lags, PostToolUse.
      expect(path.slice(at)).toEqual([
        "normal>compacting@PreCompact",
        "compacting>restoring@SessionStart",
        expect.stringMatching(/^restoring>normal@(PreToolUse|PostToolUse)$/),
        "normal>dead@SessionEnd",
      ]);
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
