import { describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BIN, testEnv, vigil } from "../support/vigil.ts";

describe("vigil's own commands", () => {
  test("--version and --help", () => {
    const env = testEnv();
    expect(vigil(["--version"], "", env).stdout).toMatch(/^vigil \d+\.\d+\.\d+\n$/);
    const help = vigil(["--help"], "", env);
    expect(help.code).toBe(0);
    for (const c of ["hook", "statusline", "status", "config", "demo"]) expect(help.stdout).toContain(c);
  });

  test.each(["hook", "statusline", "status", "config", "demo"])("%s --help", (cmd) => {
    const r = vigil([cmd, "--help"], "", testEnv());
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Usage: vigil " + cmd);
  });

  test.each<[string[], number, RegExp]>([
    [["frobnicate"], 2, /^vigil: unknown command "frobnicate"/],
    [["status", "--bogus"], 2, /^vigil: unknown option '--bogus'/],
    [[], 2, /^$/],
  ])("usage errors: %p exits %p with one line", (args, code, message) => {
    const r = vigil(args, "", testEnv());
    expect(r.code).toBe(code);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split("\n").length).toBeLessThanOrEqual(1);
  });

  test("status --json after a hook call has the fields of product.md 9a", () => {
    const env = testEnv();
    const payload = {
      session_id: "s-json",
      transcript_path: "/nonexistent.jsonl",
      cwd: "/tmp/p",
      hook_event_name: "PreToolUse",
      agent_type: "worker",
      tool_name: "Bash",
      tool_input: { command: "ls" },
    };
    expect(vigil(["hook"], JSON.stringify(payload), env).code).toBe(0);
    const r = vigil(["status", "--json"], "", env);
    expect(r.code).toBe(0);
    const [s] = JSON.parse(r.stdout);
    expect(s).toMatchObject({
      session_id: "s-json",
      state: "normal",
      tokens: null,
      role: "worker",
      agent_type: "worker",
      cwd: "/tmp/p",
      transcript_path: "/nonexistent.jsonl",
    });
    for (const k of ["estimate", "window", "updated_at"]) expect(k in s).toBe(true);
    expect(new Date(s.updated_at).toISOString()).toBe(s.updated_at);
    expect(vigil(["status"], "", env).stdout).toContain("s-json".slice(0, 8));
  });

  test("config shows values with their sources and hides notifier secrets", () => {
    const env = testEnv({ VIGIL_SOFT_TOKENS: "123456" });
    const r = vigil(["config", "--json"], "", env);
    const j = JSON.parse(r.stdout);
    expect(j.config.softTokens).toBe(123456);
    expect(j.sources.softTokens).toBe("env");
    expect(j.sources.hardTokens).toBe("default");
    expect(vigil(["config"], "", env).stdout).toMatch(/softTokens\s+123456\s+env/);
  });

  test("the compiled binary loads no .env or bunfig.toml from the directory it runs in", () => {
    const env = testEnv();
    const dir = mkdtempSync(join(tmpdir(), "vigil-cwd-"));
    writeFileSync(join(dir, ".env"), "VIGIL_SOFT_TOKENS=1\n");
    writeFileSync(join(dir, "preload.ts"), `require("fs").writeFileSync(${JSON.stringify(join(dir, "ran"))}, "x");`);
    writeFileSync(join(dir, "bunfig.toml"), 'preload = ["./preload.ts"]\n');
    const p = Bun.spawnSync([BIN, "config", "--json"], { cwd: dir, env });
    expect(JSON.parse(p.stdout.toString()).config.softTokens).toBe(250_000);
    expect(existsSync(join(dir, "ran"))).toBe(false);
  });

  test("demo replays the recorded worker session through SOFT to HARD", () => {
    const r = vigil(["demo"], "", testEnv());
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("27 hook calls");
    expect(r.stdout).toMatch(/PreToolUse Bash: echo .*260k\s+soft/);
    expect(r.stdout).toMatch(/330k\s+hard/);
    expect(r.stdout).toContain("CONTEXT: vigil: this worker session's context is over the soft limit");
    expect(r.stdout).toMatch(/limit_crossed ×2/);
    expect(r.stdout).toMatch(
      /Stop: “The failing test is in the CSV quoting .*BLOCK: vigil \(unattended mode\): your turn ended/,
    );
  });
});
