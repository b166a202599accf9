import { expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
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
    expect(settingsWindows({ HOME: home }, cwd)).toEqual([180_000]);
    writeFileSync(join(cwd, ".claude", "settings.json"), "{ not json");
    writeFileSync(join(cwd, ".claude", "settings.local.json"), JSON.stringify({ autoCompactWindow: 160_000 }));
    expect(settingsWindows({ HOME: home }, cwd)).toEqual([160_000, 180_000]);
    mkdirSync(join(root, "dir.json"));
    expect(settingsWindows({}, join(root, "nowhere"))).toEqual([]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("with CLAUDE_CONFIG_DIR set, the user's autoCompactWindow comes from that directory, not ~/.claude", () => {
  const root = mkdtempSync(join(tmpdir(), "vigil-wconfigdir-"));
  const home = join(root, "home"), config = join(root, "claude-config"), cwd = join(root, "work");
  try {
    mkdirSync(join(home, ".claude"), { recursive: true });
    mkdirSync(config, { recursive: true });
    mkdirSync(cwd, { recursive: true });
    writeFileSync(join(home, ".claude", "settings.json"), JSON.stringify({ autoCompactWindow: 180_000 }));
    writeFileSync(join(config, "settings.json"), JSON.stringify({ autoCompactWindow: 400_000 }));
    expect(settingsWindows({ HOME: home, CLAUDE_CONFIG_DIR: config }, cwd)).toEqual([400_000]);
    expect(settingsWindows({ HOME: home }, cwd)).toEqual([180_000]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("a settings file is read again after every kind of edit, and only then", () => {
  const root = mkdtempSync(join(tmpdir(), "vigil-wsettings-"));
  const home = join(root, "home"), cwd = join(root, "work");
  const file = join(home, ".claude", "settings.json");
  try {
    mkdirSync(join(home, ".claude"), { recursive: true });
    writeFileSync(file, JSON.stringify({ autoCompactWindow: 180_000 }));
    const when = new Date(Math.floor(statSync(file).mtimeMs) - 5_000);
    utimesSync(file, when, when);
    const first = settingsWindows({ HOME: home }, cwd);
    expect(first).toEqual([180_000]);
    // Unchanged: the answer read before, not a new read.
    expect(settingsWindows({ HOME: home }, cwd)[0]).toBe(first[0]);
    // In place, same size: seen once the mtime moves.
    writeFileSync(file, JSON.stringify({ autoCompactWindow: 190_000 }));
    utimesSync(file, when, new Date(when.getTime() + 1_000));
    expect(settingsWindows({ HOME: home }, cwd)).toEqual([190_000]);
    // Renamed over it with the same size and mtime: seen by its inode.
    writeFileSync(`${file}.new`, JSON.stringify({ autoCompactWindow: 170_000 }));
    utimesSync(`${file}.new`, when, new Date(when.getTime() + 1_000));
    renameSync(`${file}.new`, file);
    expect(settingsWindows({ HOME: home }, cwd)).toEqual([170_000]);
    rmSync(file);
    expect(settingsWindows({ HOME: home }, cwd)).toEqual([]);
    writeFileSync(file, JSON.stringify({ autoCompactWindow: 175_000 }));
    expect(settingsWindows({ HOME: home }, cwd)).toEqual([175_000]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
