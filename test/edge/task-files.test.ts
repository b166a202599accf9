import { expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readTaskFiles } from "../../src/edge/checklists.ts";

test("the session's task files are found from its transcript path; junk is skipped", () => {
  const claude = mkdtempSync(join(tmpdir(), "vigil-tasks-"));
  const sid = "83780450-86b1-4319-af12-6d96e905dd4b";
  const transcript = join(claude, "projects", "-tmp-work", `${sid}.jsonl`);
  const dir = join(claude, "tasks", sid);
  try {
    expect(readTaskFiles(transcript, sid)).toBeNull();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, ".lock"), "");
    writeFileSync(join(dir, "1.json"), JSON.stringify({ id: "1", subject: "Parse", status: "completed" }));
    writeFileSync(join(dir, "2.json"), JSON.stringify({ id: "2", subject: "Tests", status: "pending" }));
    writeFileSync(join(dir, "3.json"), "{ half");
    mkdirSync(join(dir, "4.json"));
    symlinkSync("/dev/zero", join(dir, "5.json"));
    Bun.spawnSync(["mkfifo", join(dir, "6.json")]); // would block a plain open forever
    const got = readTaskFiles(transcript, sid)?.map((f) => JSON.stringify(f)).sort();
    expect(got).toEqual([
      JSON.stringify({ id: "1", subject: "Parse", status: "completed" }),
      JSON.stringify({ id: "2", subject: "Tests", status: "pending" }),
    ]);
    // A session id that would leave the tasks folder is refused.
    expect(readTaskFiles(transcript, "../..")).toBeNull();
  } finally {
    rmSync(claude, { recursive: true, force: true });
  }
});
