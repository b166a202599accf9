/**
 * The statusline process loads the transcript meter only for a render whose payload has no
 * usage (a resumed session's first render): through the real binary, such a render still
 * shows the transcript's percentage, and a later render with usage shows the payload's.
 */
import { expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { assistant, jsonl, prompt } from "../fixtures/transcripts/records.ts";
import { testEnv, vigil } from "../support/vigil.ts";

test("null usage is measured from the transcript; usage in the payload is shown as sent", () => {
  const env = testEnv({ NO_COLOR: "1" });
  const transcript = join(env.HOME, "t.jsonl");
  writeFileSync(
    transcript,
    jsonl([prompt("Fix it"), assistant("a1", { input: 90_000, cacheRead: 10_000, output: 50 })]),
  );
  const payload = (usage: unknown) =>
    JSON.stringify({
      session_id: "m1",
      transcript_path: transcript,
      cwd: env.HOME,
      model: { id: "claude-sonnet-4-5", display_name: "Sonnet" },
      context_window: { context_window_size: 200_000, current_usage: usage },
    });
  const nul = vigil(["statusline"], payload(null), env);
  expect(nul.code).toBe(0);
  expect(nul.stdout).toContain("50%");
  const sent = vigil(
    ["statusline"],
    payload({ input_tokens: 10, cache_read_input_tokens: 29_990, cache_creation_input_tokens: 0, output_tokens: 5 }),
    env,
  );
  expect(sent.stdout).toContain("15%");
});
