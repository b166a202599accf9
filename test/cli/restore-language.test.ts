/**
 * The restore reaches the model in the session's language, through the binary: a Korean
 * locale's SessionStart(compact) gets the Korean restore (with the spec verbatim), a Japanese
 * one the Japanese, and no English prose.
 */
import { expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { RESTORE_WORDS } from "../../src/core/messages/continuity.ts";
import { assistant, jsonl, prompt } from "../fixtures/transcripts/records.ts";
import { testEnv, vigil } from "../support/vigil.ts";

test.each([["ko", "ko_KR.UTF-8"], ["ja", "ja_JP.UTF-8"]] as const)(
  "%s: SessionStart(compact) after PreCompact injects the restore in that language",
  (lang, locale) => {
    const env = testEnv({ LANG: locale });
    const cwd = join(env.HOME, "work");
    mkdirSync(join(cwd, ".vigil"), { recursive: true });
    writeFileSync(join(cwd, ".vigil", "spec.md"), SPEC);
    const transcript = join(env.HOME, "t.jsonl");
    writeFileSync(transcript, jsonl([prompt("Fix it"), assistant("a1", { input: 120_000, output: 50 })]));
    const base = { session_id: `restore-${lang}`, transcript_path: transcript, cwd };
    const pre = vigil(["hook"], JSON.stringify({ ...base, hook_event_name: "PreCompact", trigger: "manual" }), env);
    expect(pre.code).toBe(0);
    const start = vigil(["hook"], JSON.stringify({ ...base, hook_event_name: "SessionStart", source: "compact" }), env);
    expect(start.code).toBe(0);
    const ctx = (JSON.parse(start.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput
      .additionalContext;
    expect(ctx).toContain(RESTORE_WORDS[lang].opening.compact);
    expect(ctx).toContain(RESTORE_WORDS[lang].hypotheses);
    expect(ctx).toContain("Verify on staging before deploying");
    expect(ctx).not.toContain(RESTORE_WORDS.en.opening.compact);
    expect(ctx).not.toContain(RESTORE_WORDS.en.hypotheses);
  },
);

const SPEC = `# Task spec

## Locus
src/chain/

## Signal
test/chain.test.ts fails

## Done
test/chain.test.ts passes

## Constraints
- Verify on staging before deploying
`;
