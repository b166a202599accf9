import { expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { appendLog } from "../../src/edge/log.ts";

test("the log appends lines, one per call, in a 0600 file", () => {
  const dir = mkdtempSync(join(tmpdir(), "vigil-log-"));
  const file = join(dir, "state", "vigil.log");
  appendLog(file, "first\nline");
  appendLog(file, "second");
  expect(readFileSync(file, "utf8")).toBe("first line\nsecond\n");
  expect(statSync(file).mode & 0o777).toBe(0o600);
});

// Regression: appendFileSync on a FIFO nobody reads blocks in open(); the hook that was only
// recording why it failed open then hung until Claude Code killed it. Run in a child process
// with a kill timer, so a regression fails this test instead of hanging the suite.
test("a FIFO at the log's path does not block the writer", () => {
  const dir = mkdtempSync(join(tmpdir(), "vigil-log-fifo-"));
  const fifo = join(dir, "vigil.log");
  spawnSync("mkfifo", [fifo]);
  const script = `import { appendLog } from ${JSON.stringify(join(import.meta.dir, "../../src/edge/log.ts"))};
appendLog(${JSON.stringify(fifo)}, "x"); console.log("returned");`;
  const r = spawnSync("timeout", ["-s", "KILL", "20", process.execPath, "-e", script], { encoding: "utf8" });
  expect({ status: r.status, out: r.stdout.trim() }).toEqual({ status: 0, out: "returned" });
});
