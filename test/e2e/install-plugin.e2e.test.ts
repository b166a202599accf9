/**
 * vigil as a Claude Code plugin, with the real CLI offline: the directory `vigil install
 * --plugin` writes passes `claude plugin validate`, and a headless session loaded with it
 * (`--plugin-dir`) runs vigil's hooks: the session is in `vigil status --json` and a worker's
 * `npm test` at HARD is denied, exactly once. The same directory added as a local marketplace
 * and installed (`claude plugin install vigil@vigil`) fires the hooks with nothing in
 * settings.json. On the newest release and on 2.1.88 (both load plugins). Four short sessions.
 */
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { registeredEvents, timeoutFor } from "../../src/core/install/handled.ts";
import { toolResults } from "./api-request.ts";
import { claudeCommand, type ClaudeVersion, NEWEST, OLDEST } from "./cli.ts";
import { E2E_TIMEOUT_MS, runClaude } from "./runner.ts";
import { createSandbox, offlineEnv, removeSandbox, type Sandbox, vigilBin } from "./sandbox.ts";
import { bash, contextOf, text } from "./scenario.ts";
import { vigilEvents } from "./vigil-db.ts";
import { installVigil } from "./vigil-install.ts";

/** `claude …args` in the sandbox's offline environment (no API is needed for plugin commands). */
function claude(s: Sandbox, version: ClaudeVersion, args: string[]): { code: number; out: string } {
  const argv = claudeCommand(version);
  const p = Bun.spawnSync([...argv, ...args], {
    cwd: s.cwd,
    env: offlineEnv(s, "http://127.0.0.1:9"),
    stdout: "pipe",
    stderr: "pipe",
  });
  return { code: p.exitCode ?? -1, out: p.stdout.toString() + p.stderr.toString() };
}

function sessionsInStatus(s: Sandbox): string[] {
  const p = Bun.spawnSync([vigilBin(), "status", "--json", "--all"], {
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: s.home, VIGIL_HOME: s.vigilHome, TZ: "UTC" },
  });
  expect(p.exitCode).toBe(0);
  return (JSON.parse(p.stdout.toString()) as { session_id: string }[]).map((r) => r.session_id);
}

// Limits small enough that 2.1.88 (200k window) does not compact first; a launcher's VIGIL_ROLE.
const WORKER = { VIGIL_ROLE: "worker", VIGIL_SOFT_TOKENS: "20000", VIGIL_HARD_TOKENS: "40000" };
const HARD_TURNS = [
  bash("echo one", contextOf(10_000)),
  // Over HARD already, and allowed either way (echo is harmless at HARD): whether or not the CLI
  // has written this 41k record when its own PreToolUse is judged, the next call is judged on
  // it. (A checkpoint under HARD left `npm test` judged on that lower record whenever the CLI
  // wrote the 51k record after its PreToolUse ran: the denial never came on an idle machine.)
  bash("echo checkpoint", contextOf(41_000)),
  bash("npm test", contextOf(51_000)),
  text("New session needed.", contextOf(52_000)),
];

test.each<ClaudeVersion>([NEWEST, OLDEST])(
  "the plugin passes claude plugin validate and guards a session, by --plugin-dir and from a local marketplace (%s)",
  async (version) => {
    const s = createSandbox();
    try {
      const dir = join(s.root, "vigil-plugin");
      const said = installVigil(s, version, ["--plugin", dir]);
      const events = registeredEvents(version).events;
      expect(said).toContain(`for Claude Code ${version}: ${events.length} events`);
      expect(said).toContain("vigil install --statusline-only");
      const hooks = JSON.parse(readFileSync(join(dir, "hooks", "hooks.json"), "utf8")).hooks;
      expect(Object.keys(hooks)).toEqual([...events]);
      for (const e of events) {
        expect(hooks[e]).toEqual([{
          matcher: "*",
          hooks: [{ type: "command", command: hooks[e][0].hooks[0].command, timeout: timeoutFor(e) }],
        }]);
        expect(hooks[e][0].hooks[0].command).toMatch(/^\/\S+ hook$/);
      }

      // The directory (its marketplace) and the plugin's manifest; the newest, with --strict, on warnings too.
      const strict = version === NEWEST ? ["--strict"] : [];
      for (const target of [dir, join(dir, ".claude-plugin", "plugin.json")]) {
        const valid = claude(s, version, ["plugin", "validate", ...strict, target]);
        expect(valid.out).toContain("Validation passed");
        expect(valid.code).toBe(0);
      }

      // One session with --plugin-dir and nothing of vigil's in settings.json.
      const r = await runClaude({
        version,
        sandbox: s,
        hooks: "none",
        prompt: "Fix the CSV parser ticket",
        args: ["--plugin-dir", dir],
        env: WORKER,
        scenario: { turns: HARD_TURNS },
      });
      expect(r.exitCode).toBe(0);
      expect(r.apiErrors).toEqual([]);
      expect(sessionsInStatus(s)).toContain(r.sessionId);
      // The last request carries every tool result of the session.
      const last = r.requests.filter((q) => q.kind === "main").at(-1)!;
      const denied = toolResults(last).filter((t) => t.isError && t.content.includes("hard limit"));
      expect(denied).toHaveLength(1);
      const denials = vigilEvents(s.vigilHome).filter((e) => e.kind === "guard" && e.detail.decision === "deny");
      expect(denials).toHaveLength(1);
      expect(JSON.stringify(denials[0].detail)).toContain("npm");

      // The same directory as a local marketplace, installed for the user.
      const add = claude(s, version, ["plugin", "marketplace", "add", dir]);
      expect(add.code).toBe(0);
      const install = claude(s, version, ["plugin", "install", "vigil@vigil"]);
      expect(install.out).toContain("vigil@vigil");
      expect(install.code).toBe(0);
      const settings = JSON.parse(readFileSync(join(s.home, ".claude", "settings.json"), "utf8"));
      expect(settings.hooks).toBeUndefined();
      const m = await runClaude({
        version,
        sandbox: s,
        hooks: "installed",
        prompt: "what is here?",
        scenario: { turns: [bash("ls"), text("Nothing much.")] },
      });
      expect(m.exitCode).toBe(0);
      expect(sessionsInStatus(s)).toContain(m.sessionId);
    } finally {
      removeSandbox(s);
    }
  },
  E2E_TIMEOUT_MS * 2,
);
