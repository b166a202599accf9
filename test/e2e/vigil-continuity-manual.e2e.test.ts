/**
 * Compaction continuity through a manual compaction of the real CLI (issues 3 and 5): a
 * session, then `-p "/compact" --resume <id>`, then a resumed turn. vigil's guidance reaches the
 * summary request, nothing is drafted (a manual compaction is the user's own stopping point),
 * and the resumed turn's first request carries a restore, once.
 *
 * Where the restore comes from differs by version: 2.1.328 keeps the SessionStart(compact)
 * context in the transcript (an attachment), so the resumed turn sees it; 2.1.88 only ever
 * held it in the memory of the `/compact` process, which sent no request, so it is lost and
 * the resumed turn's restore is the one vigil injects on SessionStart(resume).
 */
import { expect, test } from "bun:test";
import { allText, lastUserText } from "./api-request.ts";
import { type ClaudeVersion, NEWEST } from "./cli.ts";
import { E2E_TIMEOUT_MS, runClaude } from "./runner.ts";
import { bash, contextOf, text } from "./scenario.ts";
import {
  ADDITIONAL,
  compactRequest,
  continuityActions,
  count,
  eventCount,
  HYPOTHESES,
  mains,
  messageWith,
  plainGuidance,
  RESTORE,
  stateFiles,
  transitions,
} from "./vigil-continuity.ts";
import { vigilEvents } from "./vigil-db.ts";

const SUMMARY_MARKER = "E2E_MANUAL_SUMMARY";

interface Manual {
  version: ClaudeVersion;
  /** How many times the compaction's own restore is in the resumed turn's requests. */
  compactRestoreSeen: number;
}

test.each<Manual>([
  { version: NEWEST, compactRestoreSeen: 1 },
  { version: "2.1.88", compactRestoreSeen: 0 },
])("manual compaction ($version): guidance, no draft, the restore first in the resumed turn and once", async (v) => {
  const first = await runClaude({
    version: v.version,
    prompt: "Fix the CSV parser",
    scenario: { turns: [text("Looked at the parser.", contextOf(150_000))] },
  });
  try {
    expect(first.exitCode).toBe(0);
    const beforeCompact = eventCount(first.vigilHome);
    const compact = await runClaude({
      version: v.version,
      prompt: "/compact",
      resume: first,
      scenario: { turns: [], summary: `<summary>\n${SUMMARY_MARKER}: the parser was read.\n</summary>` },
    });
    expect(compact.exitCode).toBe(0);
    expect(compact.requests.filter((q) => q.kind !== "other").map((q) => q.kind)).toEqual(["compact"]);
    expect(lastUserText(compactRequest(compact))).toContain(ADDITIONAL + plainGuidance());
    // Manual: no draft. The user chose the moment; a draft would only shadow a saved state.
    expect(stateFiles(first.vigilHome, first.sessionId).filter((f) => f.endsWith(".draft.md"))).toEqual([]);
    const guidance = vigilEvents(first.vigilHome).slice(beforeCompact).filter((e) =>
      e.kind === "continuity" && e.detail.action === "guidance"
    );
    expect(guidance.map((e) => [e.detail.trigger, e.detail.draft])).toEqual([["manual", null]]);
    const path = transitions(first.vigilHome, first.sessionId, beforeCompact);
    expect(path.slice(path.indexOf("normal>compacting@PreCompact"))).toEqual([
      "normal>compacting@PreCompact",
      "compacting>restoring@SessionStart",
      "restoring>dead@SessionEnd",
    ]);

    const beforeNext = eventCount(first.vigilHome);
    const next = await runClaude({
      version: v.version,
      prompt: "carry on",
      resume: first,
      scenario: { turns: [bash("echo carrying on", contextOf(20_000)), text("Carried on.", contextOf(21_000))] },
    });
    expect(next.exitCode).toBe(0);
    const shown = mains(next);
    expect(shown).toHaveLength(2);
    expect(allText(shown[0])).toContain(SUMMARY_MARKER);
    const landed = v.compactRestoreSeen ? RESTORE.compact : RESTORE.resume;
    expect(messageWith(shown[0], landed)).toContain(HYPOTHESES);
    for (const q of shown) {
      expect(count(allText(q), RESTORE.compact)).toBe(v.compactRestoreSeen);
      // The resumed process injects its own restore (the spec comes back on every resume) …
      expect(count(allText(q), RESTORE.resume)).toBe(1);
      // … and nothing more follows on the tool events.
      expect(allText(q)).not.toContain(RESTORE.fallback);
    }
    expect(continuityActions(first.vigilHome, beforeNext).filter((a) => a.startsWith("restore"))).toHaveLength(1);
  } finally {
    first.cleanup();
  }
}, E2E_TIMEOUT_MS * 2);
