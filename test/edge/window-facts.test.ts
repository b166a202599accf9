import { expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { processArgv, settingsWindows } from "../../src/edge/window-facts.ts";

test("the argv of a real running process, --autocompact included; a gone pid is no fact", () => {
  // The words after the script are the shell's positional parameters: it keeps running with them.
  const child = Bun.spawn(["sh", "-c", "sleep 30", "claude", "--autocompact", "150000"], { stdout: "ignore" });
  try {
    // Right after spawn the argv may still be the forking parent's: wait for the exec.
    let argv: string[] | null = null;
    for (let i = 0; i < 1000 && !argv?.includes("--autocompact"); i++) argv = processArgv(child.pid);
    expect(argv).toEqual(["sh", "-c", "sleep 30", "claude", "--autocompact", "150000"]);
  } finally {
    child.kill();
  }
  expect(processArgv(null)).toBeNull();
  expect(processArgv(2 ** 30)).toBeNull();
});

test("autoCompactWindow from real settings files, most specific first; broken files are skipped", () => {
  const root = mkdtempSync(join(tmpdir(), "vigil-wsettings-"));
  const home = join(root, "home"), cwd = join(root, "work");
  try {
    mkdirSync(join(home, ".claude"), { recursive: true });
    mkdirSync(join(cwd, ".claude"), { recursive: true });
    writeFileSync(join(home, ".claude", "settings.json"), JSON.stringify({ autoCompactWindow: 180_000 }));
    expect(settingsWindows(home, cwd)).toEqual([180_000]);
    writeFileSync(join(cwd, ".claude", "settings.json"), "{ not json");
    writeFileSync(join(cwd, ".claude", "settings.local.json"), JSON.stringify({ autoCompactWindow: 160_000 }));
    expect(settingsWindows(home, cwd)).toEqual([160_000, 180_000]);
    mkdirSync(join(root, "dir.json"));
    expect(settingsWindows(undefined, join(root, "nowhere"))).toEqual([]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
