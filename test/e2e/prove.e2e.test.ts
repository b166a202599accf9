/**
 * `vigil doctor --prove` on the real CLI, as a user runs it: `vigil install` into a HOME, then
 * the proof. On each version it passes with vigil installed (were the install planner to
 * register WorktreeCreate again, `claude --worktree` would break and that check must fail), and
 * with three guards broken at once (statusLine unwired, the Stop hook removed, vigil's
 * PreToolUse output swallowed) exactly those checks fail. Under strace no connection leaves
 * 127.0.0.1, and nothing in HOME, the state dir or the temp dir changes but the proof record.
 */
import { expect, test } from "bun:test";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { planInstall } from "../../src/core/install/plan.ts";
import { claudeCommand, type ClaudeVersion, NEWEST, OLDEST, sends } from "./cli.ts";
import { E2E_TIMEOUT_MS } from "./runner.ts";
import { vigilBin } from "./sandbox.ts";

interface Check {
  id: string;
  status: "pass" | "fail" | "n/a";
  evidence: string;
  fix: string | null;
}

interface World {
  root: string;
  home: string;
  state: string;
  tmp: string;
  env: Record<string, string>;
}

/** The one binary a user points CLAUDE_BIN at (2.1.88's cli.js runs by its shebang). */
function claudeBin(version: ClaudeVersion): string {
  return claudeCommand(version).at(-1) ?? "";
}

function world(version: ClaudeVersion): World {
  const root = mkdtempSync(join(tmpdir(), "vigil-prove-test-"));
  const w = { root, home: join(root, "home"), state: join(root, "state"), tmp: join(root, "tmp") };
  for (const d of [w.home, w.state, w.tmp]) mkdirSync(d, { recursive: true });
  const env = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: w.home,
    VIGIL_HOME: w.state,
    CLAUDE_BIN: claudeBin(version),
    TMPDIR: w.tmp,
    TZ: "UTC",
  };
  return { ...w, env };
}

function run(w: World, argv: string[]): { code: number; stdout: string; stderr: string } {
  const p = Bun.spawnSync(argv, { cwd: w.root, env: w.env, stdout: "pipe", stderr: "pipe" });
  return { code: p.exitCode, stdout: p.stdout.toString(), stderr: p.stderr.toString() };
}

function install(w: World, bin: string, flags: string[] = []): void {
  const r = run(w, [vigilBin(), "install", "--bin", bin, ...flags]);
  if (r.code !== 0) throw new Error(`vigil install: ${r.stderr}`);
}

function proveJson(
  w: World,
  wrapper: string[] = [],
): { code: number; checks: Check[]; version: string; source: string } {
  const r = run(w, [...wrapper, vigilBin(), "doctor", "--prove", "--json"]);
  if (r.code !== 0 && r.code !== 1) throw new Error(`doctor --prove exited ${r.code}: ${r.stderr}`);
  const out = JSON.parse(r.stdout);
  return { code: r.code, checks: out.checks, version: out.version, source: out.source };
}

/** Failed check ids, sorted (their lines go to stderr, to see why when a test fails). */
function failed(checks: Check[]): string[] {
  const bad = checks.filter((c) => c.status === "fail");
  for (const c of bad) console.error(`FAIL ${c.id}: ${c.evidence}`);
  return bad.map((c) => c.id).sort();
}

/** Whether the installer registers WorktreeCreate for this version (then --worktree must fail). */
function plannerHooksWorktree(version: string): boolean {
  const p = planInstall(null, {
    bin: "/x/vigil",
    claudeVersion: version,
    httpPort: null,
    statusLine: "vigil",
    marks: { commands: [] },
  });
  return p.ok && p.value.added.includes("WorktreeCreate");
}

/** Every file under `dir` with its size and mtime (what a change would move). */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else out[relative(dir, p)] = `${st.size}:${st.mtimeMs}:${readFileSync(p).toString("base64").slice(0, 64)}`;
    }
  };
  walk(dir);
  return out;
}

/** `address:port` of every AF_INET/AF_INET6 destination in strace logs. */
function inetDestinations(log: string): string[] {
  return log.split("\n").flatMap((line) => {
    const port = line.match(/sin6?_port=htons\((\d+)\)/);
    const addr = line.match(/inet_addr\("([^"]+)"\)/) ?? line.match(/inet_pton\(AF_INET6, "([^"]+)"/);
    return port && addr ? [`${addr[1]}:${port[1]}`] : [];
  });
}

const versions: ClaudeVersion[] = [NEWEST, OLDEST];
const hasStrace = Bun.which("strace") !== null;

/** A port nothing listens on now (the kernel's pick, released): the user's serve is not running. */
function freePort(): number {
  const s = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = s.port;
  s.stop(true);
  return port;
}

// The default install's checks pass in "broken guards" below (all but the broken ones). Here the
// installs users choose for more safety, proven as installed (issue 32): --fail-closed (a vigil
// that fails blocks the tool), and --http (hooks answered by a real `vigil serve`, the proof's own).
const installs: [ClaudeVersion, string, () => string[]][] = [
  [NEWEST, "--fail-closed", () => ["--fail-closed"]],
  [NEWEST, "--http --fail-closed", () => ["--http", "--port", String(freePort()), "--no-serve", "--fail-closed"]],
  [OLDEST, "--http --fail-closed", () => ["--http", "--port", String(freePort()), "--no-serve", "--fail-closed"]],
];

test.each(installs)(
  "installed vigil is proven on %s (install %s); offline, and nothing outside the sandbox changes",
  async (version, _flags, flags) => {
    const w = world(version);
    try {
      const how = flags();
      install(w, vigilBin(), how);
      const before = { home: snapshot(w.home), state: snapshot(w.state) };
      const trace = join(w.root, "trace");
      mkdirSync(trace);
      const wrapper = hasStrace
        ? ["strace", "-f", "-qq", "-e", "trace=connect,sendto,sendmsg", "-ff", "-o", join(trace, "t")]
        : [];
      const p = proveJson(w, wrapper);
      expect(p.version).toBe(version);
      expect(p.source).toBe("user");
      const worktree = plannerHooksWorktree(version) ? ["worktree"] : [];
      expect(failed(p.checks)).toEqual(worktree);
      expect(p.code).toBe(worktree.length > 0 ? 1 : 0);
      const ids = p.checks.filter((c) => c.status === "pass").map((c) => c.id);
      for (
        const id of [
          "hook:SessionStart",
          "hook:UserPromptSubmit",
          "hook:PreToolUse",
          "hook:PostToolUse",
          "hook:Stop",
          "hook:PreCompact",
          "hard-deny",
          "prompt-refusal",
          "task-notification",
          "stop-block",
          "precompact-guidance",
          "compact-restore",
          ...(Bun.which("tmux") ? ["statusline"] : []),
          // 2.1.336 on: a person's interrupt mid-answer leaves the session awaiting that person.
          ...(sends(version, "Interrupt") ? ["hook:Interrupt", "interrupt"] : []),
          // 2.1.332 on: a slash command's `!` shell is denied at HARD on PreSkillShellCommand.
          ...(sends(version, "PreSkillShellCommand") ? ["hook:PreSkillShellCommand", "skill-shell"] : []),
          // a tool call made while vigil cannot judge it (its store held) is blocked
          "fail-closed",
          // the HTTP hooks as installed, answered by a real serve
          ...(how.includes("--http") ? ["http-serve"] : []),
        ]
      ) expect(ids).toContain(id);
      const status = (id: string) => p.checks.find((c) => c.id === id)?.status;
      if (!sends(version, "Interrupt")) expect(status("interrupt")).toBe("n/a");
      if (!sends(version, "PreSkillShellCommand")) expect(status("skill-shell")).toBe("n/a");
      if (!how.includes("--http")) expect(status("http-serve")).toBe("n/a");
      // Nothing changed in HOME; in the state dir only the proof record appeared; no temp left.
      expect(snapshot(w.home)).toEqual(before.home);
      const state = snapshot(w.state);
      expect(Object.keys(state).filter((f) => !(f in before.state))).toEqual(["proof.json"]);
      for (const [f, v] of Object.entries(before.state)) expect(state[f]).toBe(v);
      expect(readdirSync(w.tmp)).toEqual([]);
      const proof = JSON.parse(readFileSync(join(w.state, "proof.json"), "utf8"));
      expect(proof).toMatchObject({ version, ok: worktree.length === 0, failed: worktree });
      if (hasStrace) {
        const logs = readdirSync(trace).map((f) => readFileSync(join(trace, f), "utf8")).join("\n");
        const dest = [...new Set(inetDestinations(logs))];
        const away = dest.filter((d) => !d.startsWith("127.0.0.1:"));
        // For the diagnosis: which calls went out (a DNS query's sendto carries the name asked).
        if (away.length > 0) {
          console.error(logs.split("\n").filter((l) => away.some((d) => l.includes(d.split(":")[0]))));
        }
        expect(dest.length).toBeGreaterThan(0);
        expect(dest.filter((d) => !d.startsWith("127.0.0.1:"))).toEqual([]);
      }
    } finally {
      rmSync(w.root, { recursive: true, force: true });
    }
  },
  E2E_TIMEOUT_MS * 3,
);

/** A `vigil` that runs the real one but prints nothing for PreToolUse: its decision is lost. */
function swallowing(w: World, event: string): string {
  const dir = join(w.root, "bin");
  mkdirSync(dir);
  const bin = join(dir, "vigil");
  const real = vigilBin();
  writeFileSync(
    bin,
    `#!/bin/sh\nif [ "$1" = hook ]; then\n  input=$(cat)\n  case "$input" in\n    *'"hook_event_name":"${event}"'*) printf '%s' "$input" | '${real}' hook >/dev/null; exit 0 ;;\n  esac\n  printf '%s' "$input" | exec '${real}' hook\nfi\nexec '${real}' "$@"\n`,
  );
  chmodSync(bin, 0o755);
  return bin;
}

test.each(versions)("broken guards fail their own checks on %s", async (version) => {
  const w = world(version);
  try {
    install(w, swallowing(w, "PreToolUse"));
    const file = join(w.home, ".claude", "settings.json");
    const settings = JSON.parse(readFileSync(file, "utf8"));
    delete settings.statusLine;
    delete settings.hooks.Stop;
    writeFileSync(file, JSON.stringify(settings, null, 2));
    const p = proveJson(w);
    expect(p.code).toBe(1);
    const worktree = plannerHooksWorktree(version) ? ["worktree"] : [];
    expect(failed(p.checks)).toEqual(["hard-deny", "hook:Stop", "statusline", "stop-block", ...worktree].sort());
    const line = (id: string) => p.checks.find((c) => c.id === id);
    expect(line("hook:Stop")).toMatchObject({ evidence: "vigil is not registered for Stop in settings.json" });
    expect(line("hook:Stop")?.fix).toContain("vigil install");
    expect(line("statusline")).toMatchObject({ evidence: "vigil's statusLine is not in settings.json" });
    // vigil ran on PreToolUse, but its deny never reached the model.
    expect(line("hook:PreToolUse")?.status).toBe("pass");
    expect(line("hard-deny")?.evidence).toContain("was not denied");
    expect(line("stop-block")?.evidence).toContain("no continuation request");
    // The text report says the same, one line per check.
    const text = run(w, [vigilBin(), "doctor", "--prove"]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(
      "FAIL hook:Stop: vigil is not registered for Stop in settings.json; fix: run `vigil install`",
    );
    expect(text.stdout).toMatch(/^NOT proven: \d+ passed, \d+ failed, \d+ n\/a in [\d.]+ s$/m);
  } finally {
    rmSync(w.root, { recursive: true, force: true });
  }
}, E2E_TIMEOUT_MS * 4);
