/**
 * Regression (issue 33, defect a): after a compaction seen only in the transcript (2.0.x has no
 * PostCompact; the compaction hooks may all have failed open), the call that reads the compact
 * boundary entered `restoring` but had nothing to inject, so the first prompt ran without the
 * spec and the restore. Through the binary, one process per call as Claude Code runs it: the
 * first prompt after the boundary carries the restore, the second does not.
 */
import { afterAll, expect, test } from "bun:test";
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isObject } from "../../src/core/payload.ts";
import { testEnv, vigil } from "../support/vigil.ts";

const FIX = join(import.meta.dir, "..", "fixtures", "claude-code-2.1.328");
const LINES = readFileSync(join(FIX, "transcripts", "autocompact.jsonl"), "utf8").split("\n").filter(Boolean);
const BOUNDARY = LINES.findIndex((l) => l.includes('"compact_boundary"'));
/** The recorded transcript without the restore's attachment: no compaction hook delivered anything. */
const NO_HOOKS = LINES.filter((l, i) => i < BOUNDARY || !l.includes('"hook_additional_context"'));

function recorded(event: string): Record<string, unknown> {
  const line = readFileSync(join(FIX, "hooks", "autocompact", `${event}.jsonl`), "utf8").split("\n")[0];
  const v: unknown = JSON.parse(line);
  if (!isObject(v) || !isObject(v.stdin)) throw new Error(`no recorded ${event}`);
  return v.stdin;
}

const env = testEnv();
afterAll(() => rmSync(env.HOME, { recursive: true, force: true }));

test("the first prompt after a transcript-only compaction carries the restore, the second does not", () => {
  const project = join(env.HOME, "project");
  mkdirSync(join(project, ".vigil"), { recursive: true });
  writeFileSync(
    join(project, ".vigil", "spec.md"),
    "# Task spec\n\n## Locus\nsrc/a/\n\n## Signal\nthe a test fails\n\n## Done\nit passes\n\n## Constraints\n- Leave the b module alone\n",
  );
  const transcript = join(env.HOME, "t.jsonl");
  const run = { ...env, CLAUDE_PROJECT_DIR: project };
  const call = (payload: Record<string, unknown>) => {
    const r = vigil(
      ["hook"],
      JSON.stringify({ ...payload, session_id: "5a1f0c2e-restore", transcript_path: transcript, cwd: project }),
      run,
    );
    expect([r.code, r.stderr]).toEqual([0, ""]);
    return r.stdout;
  };
  const prompt = { ...recorded("UserPromptSubmit"), prompt: "go on with the next file" };
  writeFileSync(transcript, NO_HOOKS.slice(0, BOUNDARY).join("\n") + "\n");
  call({ ...recorded("SessionStart"), source: "startup" });
  expect(call(prompt)).not.toContain("Leave the b module alone");
  appendFileSync(transcript, NO_HOOKS.slice(BOUNDARY).join("\n") + "\n");
  const first = call(prompt);
  expect(first).toContain("Leave the b module alone");
  expect(first).toContain("the restore did not reach you then");
  expect(call(prompt)).not.toContain("Leave the b module alone");
});
