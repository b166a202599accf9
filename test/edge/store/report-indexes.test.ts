/**
 * The report's indexes are built by a report, never by a hook (edge/store/report-indexes.ts):
 * on a fleet's store the build takes seconds, and a hook runs inside a 10 s timeout while
 * every other hook waits on its write lock. Real binary, one process per call.
 */
import { afterEach, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { openStore } from "../../../src/edge/store.ts";
import { hasReportIndexes } from "../../../src/edge/store/report-indexes.ts";
import { testEnv, vigil } from "../../support/vigil.ts";

const homes: string[] = [];
afterEach(() => {
  for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
});

const indexed = (env: Record<string, string>) => {
  const store = openStore(join(env.VIGIL_HOME, "vigil.db"), { readonly: true });
  try {
    return hasReportIndexes(store);
  } finally {
    store.close();
  }
};

test("a hook creates and migrates the store without the report's indexes; the first report builds them", () => {
  const env = testEnv();
  homes.push(env.HOME);
  const payload = {
    session_id: "6f1d2c3b-0000-4000-8000-00000000a001",
    transcript_path: join(env.HOME, "none.jsonl"),
    cwd: env.HOME,
    hook_event_name: "UserPromptSubmit",
    prompt: "hello",
  };
  const hook = vigil(["hook"], JSON.stringify(payload), env);
  expect([hook.code, hook.stderr]).toEqual([0, ""]);
  expect(indexed(env)).toBe(false);
  const report = vigil(["report", "--since", "1d", "--json"], "", env);
  expect(report.code).toBe(0);
  expect(JSON.parse(report.stdout).sessions.map((s: { session_id: string }) => s.session_id)).toEqual([
    payload.session_id,
  ]);
  expect(indexed(env)).toBe(true);
  // Once built, a hook leaves them as they are.
  expect(vigil(["hook"], JSON.stringify({ ...payload, prompt: "again" }), env).code).toBe(0);
  expect(indexed(env)).toBe(true);
});
