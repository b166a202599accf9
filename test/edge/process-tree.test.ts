import { expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { descendantsOf } from "../../src/edge/process-tree.ts";

test("a real shell's background children and grandchildren are its descendants; a sibling is not", async () => {
  const dir = mkdtempSync(join(tmpdir(), "vigil-tree-"));
  const shell = Bun.spawn(["sh", "-c", `sleep 30 & (sleep 30 & wait) & echo ready > ${dir}/ready; wait`], {
    stdout: "ignore",
  });
  const sibling = Bun.spawn(["sleep", "30"], { stdout: "ignore" });
  try {
    while (!(await Bun.file(join(dir, "ready")).exists())) await Bun.sleep(10);
    // The subshell forks its own sleep after "ready" may be written: wait until all three exist.
    let below = descendantsOf(shell.pid);
    while (below.length < 3) {
      await Bun.sleep(10);
      below = descendantsOf(shell.pid);
    }
    // sleep, the subshell and the subshell's sleep
    expect(below.length).toBeGreaterThanOrEqual(3);
    expect(below).not.toContain(shell.pid);
    expect(below).not.toContain(sibling.pid);
    expect(descendantsOf(process.pid)).toEqual(expect.arrayContaining([shell.pid, sibling.pid, ...below]));
  } finally {
    shell.kill();
    sibling.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a /proc tree: odd command names, cycles and unreadable entries do not break the walk", () => {
  const root = mkdtempSync(join(tmpdir(), "vigil-proc-"));
  const stat = (pid: number, comm: string, ppid: number) => {
    mkdirSync(join(root, String(pid)));
    writeFileSync(join(root, String(pid), "stat"), `${pid} (${comm}) S ${ppid} ${pid} ${pid} 0 -1\n`);
  };
  try {
    stat(10, "claude", 1);
    stat(11, "bash", 10);
    stat(12, "a) S 1 (x", 11); // a name that looks like fields
    stat(20, "other", 1);
    stat(30, "loop-a", 31);
    stat(31, "loop-b", 30);
    mkdirSync(join(root, "40")); // gone before its stat was read
    mkdirSync(join(root, "self"));
    expect(descendantsOf(10, { platform: "linux", procRoot: root }).sort()).toEqual([11, 12]);
    expect(descendantsOf(30, { platform: "linux", procRoot: root })).toEqual([31]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
