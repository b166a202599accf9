/** `vigil state` through the compiled binary, as the /pre-compact-save skill runs it. */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { probe } from "../../src/edge/proc.ts";
import { testEnv, vigil } from "../support/vigil.ts";

const SID = "c9e8f64f-eddc-41c0-96a3-2dbe4031c23d";
const STATE = `## Plan (path and current step)
/w/PLAN.md, step 3 of 5

## Phase
Implementing; verify on staging before deploying

## Tasks
- [~] port the parser

## Decisions (adopted, rejected, why rejected)
- Adopted: streaming parser. Rejected: regex split (quoted newlines broke it).

## Constraints
- Do not touch module X

## Workers
none

## Files in flight
- src/parse.ts

## Recovery memo
Do not retry the regex split.
`;

const children: ReturnType<typeof Bun.spawn>[] = [];
afterAll(() => {
  for (const c of children) c.kill();
});

function statesOf(env: Record<string, string>): string[] {
  const dir = join(env.VIGIL_HOME, "states");
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String) : [];
}

/** An environment whose Claude Code registry lists `pid` with `procStart`. */
function registered(pid: number, procStart: string | null): Record<string, string> {
  const env = testEnv();
  const dir = join(env.HOME, ".claude", "sessions");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${pid}.json`), JSON.stringify({ pid, sessionId: SID, cwd: "/w", procStart }));
  return { ...env, CLAUDE_PID: String(pid) };
}

function liveChild(): number {
  const c = Bun.spawn(["sleep", "60"], { stdout: "ignore", stderr: "ignore" });
  children.push(c);
  return c.pid;
}

describe("vigil state save", () => {
  test("saves with CLAUDE_CODE_SESSION_ID: 0600 files, read back, shown, versions kept", () => {
    const env = testEnv({ CLAUDE_CODE_SESSION_ID: SID, VIGIL_NOW: String(Date.parse("2026-11-30T03:00:00Z")) });
    const first = vigil(["state", "save"], STATE, env);
    expect(first.code).toBe(0);
    const current = join(env.VIGIL_HOME, "states", SID, "state.md");
    expect(first.stdout).toBe(
      `state saved: ${current}\nversion: ${join(env.VIGIL_HOME, "states", SID, "20261130T030000.000Z-0.md")}\n`,
    );
    expect(statSync(current).mode & 0o777).toBe(0o600);
    expect(readFileSync(current, "utf8")).toBe(STATE);

    const second = STATE.replace("step 3 of 5", "step 4 of 5");
    expect(vigil(["state", "save"], second, env).code).toBe(0);
    expect(vigil(["state", "show"], "", env).stdout).toBe(second);
    const list = vigil(["state", "show", "--list"], "", env);
    expect(list.stdout.trim().split("\n").length).toBe(2);
    const other = testEnv({ VIGIL_HOME: env.VIGIL_HOME });
    expect(vigil(["state", "show", "--session", SID], "", other).stdout).toBe(second);
  });

  const withSession = () => testEnv({ CLAUDE_CODE_SESSION_ID: SID });
  test.each([
    ["empty input", "", /^vigil: state not saved: no state given/],
    ["a missing heading", STATE.replace("## Workers\nnone\n", ""), /missing heading "Workers"/],
    [
      "headings out of order",
      STATE.replace("## Phase", "## X").replace("## Tasks", "## Phase").replace("## X", "## Tasks"),
      /heading "Phase" is out of order/,
    ],
    ["an empty heading", STATE.replace("none\n", "\n"), /heading "Workers" is empty/],
    ["a heading twice", STATE + "\n## Tasks\nagain\n", /heading "Tasks" appears twice/],
    ["vigil's own draft", "<!-- vigil:draft x -->\n" + STATE, /this is vigil's draft/],
  ])("refuses %s with exit 1 and writes nothing", (_name, input, why) => {
    const env = withSession();
    const r = vigil(["state", "save"], input, env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(why);
    expect(r.stderr.trim().split("\n").length).toBe(1);
    expect(statesOf(env)).toEqual([]);
  });

  test("refuses without a session id, and writes nothing", () => {
    const env = testEnv();
    const r = vigil(["state", "save"], STATE, env);
    expect([r.code, r.stderr]).toEqual([
      1,
      "vigil: cannot determine the session id exactly: neither CLAUDE_CODE_SESSION_ID nor CLAUDE_PID is set " +
      "(run it from inside a Claude Code session, version 2.1.220 or later)\n",
    ]);
    expect(statesOf(env)).toEqual([]);
  });

  test("saves through CLAUDE_PID when the registry's process is alive and the same one", () => {
    const pid = liveChild();
    const env = registered(pid, probe(pid)?.procStart ?? null);
    const r = vigil(["state", "save"], STATE, env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(join("states", SID, "state.md"));
  });

  test("refuses a stale registry entry (its process is gone)", async () => {
    const c = Bun.spawn(["true"]);
    await c.exited;
    const env = registered(c.pid, "12345");
    const r = vigil(["state", "save"], STATE, env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/is stale \(the process is gone\)/);
    expect(statesOf(env)).toEqual([]);
  });

  test("refuses a reused pid (the live process started at another time)", () => {
    const pid = liveChild();
    const env = registered(pid, probe(process.pid)?.procStart ?? "0");
    const r = vigil(["state", "save"], STATE, env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/pid \d+ was reused/);
    expect(statesOf(env)).toEqual([]);
  });
});

describe("vigil state show and skill", () => {
  test.each([
    [["state", "show"], 1, { CLAUDE_CODE_SESSION_ID: SID }, /no state saved for session/],
    [["state", "show", "--session", "../x"], 2, {}, /"..\/x" is not a valid session id/],
    [["state", "save", "--session", SID], 2, {}, /takes no --session/],
    [["state"], 2, {}, /missing subcommand/],
    [["state", "load"], 2, {}, /unknown subcommand "load"/],
  ])("%p → exit %p", (args, code, extra, why) => {
    const r = vigil(args, "", testEnv(extra));
    expect(r.code).toBe(code);
    expect(r.stderr).toMatch(why);
  });

  test("skill writes SKILL.md under CLAUDE_CONFIG_DIR, is idempotent, and leaves a user's own alone", () => {
    const env = testEnv();
    const config = join(env.HOME, "claude-config");
    const e = { ...env, CLAUDE_CONFIG_DIR: config };
    const file = join(config, "skills", "pre-compact-save", "SKILL.md");
    expect(vigil(["state", "skill"], "", e).stdout).toBe(`skill written: ${file}\n`);
    expect(readFileSync(file, "utf8")).toMatch(/^allowed-tools: Bash\(vigil state save:\*\)/m);
    expect(vigil(["state", "skill"], "", e).stdout).toBe(`skill up to date: ${file}\n`);
    writeFileSync(file, "my own skill\n");
    const r = vigil(["state", "skill"], "", e);
    expect(r.code).toBe(1);
    expect(readFileSync(file, "utf8")).toBe("my own skill\n");
    const other = join(env.HOME, "elsewhere");
    expect(vigil(["state", "skill", "--dir", other, "--bin", "/opt/vigil"], "", env).code).toBe(0);
    expect(readFileSync(join(other, "pre-compact-save", "SKILL.md"), "utf8")).toContain(
      "Bash(/opt/vigil state save:*)",
    );
  });
});
