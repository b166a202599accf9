/**
 * How the night box reads the sessions' transcripts (night-box.ts `transcriptReader`), without a
 * night: the projects folder Claude Code has not created yet (both versions create it with the
 * first transcript, after the first prompt) is no transcript, not an error; the last CI's 2.1.88
 * night died of that ENOENT when its first poll came before 2.1.88's first write.
 */
import { expect, test } from "bun:test";
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { transcriptReader } from "./night-box.ts";

test("before Claude Code writes its first transcript the box reads none, and sees each once written", () => {
  const root = mkdtempSync(join(tmpdir(), "vigil-box-read-"));
  try {
    const projects = join(root, ".claude", "projects");
    const read = transcriptReader(projects);
    expect(read().size).toBe(0);
    mkdirSync(join(projects, "-work-a"), { recursive: true });
    expect(read().size).toBe(0);
    const file = join(projects, "-work-a", "s1.jsonl");
    writeFileSync(file, `{"type":"user","cwd":"/work/a"}\n`);
    expect([...read()].map(([id, recs]) => [id, recs.length])).toEqual([["s1", 1]]);
    // An append (a later mtime, a larger size) is read again.
    appendFileSync(file, `{"type":"assistant","cwd":"/work/a"}\n`);
    utimesSync(file, new Date(Date.now() + 5_000), new Date(Date.now() + 5_000));
    expect(read().get("s1")?.length).toBe(2);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
