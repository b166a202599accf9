import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { parseAuditDetail } from "../../src/core/audit-details.ts";
import { isAuditKind } from "../../src/core/audit-kinds.ts";
import { allPayloads } from "../support/fixtures.ts";
import { testEnv, vigil } from "../support/vigil.ts";

const payloads = allPayloads();
const hooks = payloads.filter((p) => p.event !== "StatusLine");
const statusLines = payloads.filter((p) => p.event === "StatusLine");

/** Valid Claude Code hook output for this event (contract section 4), or nothing. */
function validOutput(event: string, stdout: string): boolean {
  if (stdout === "") return true;
  if (event === "PreCompact") return !stdout.startsWith("{"); // plain text: summariser instructions
  const v = JSON.parse(stdout);
  if (v.decision !== undefined) return v.decision === "block" && typeof v.reason === "string";
  const h = v.hookSpecificOutput;
  return h?.hookEventName === event && (typeof h.additionalContext === "string" || h.permissionDecision === "deny");
}

function events(env: Record<string, string>) {
  const db = new Database(join(env.VIGIL_HOME, "vigil.db"), { readonly: true });
  const rows = db.query<{ kind: string; detail: string }, []>("SELECT kind, detail FROM events ORDER BY id").all();
  db.close();
  return rows;
}

describe("every recorded payload through the compiled hook", () => {
  test("covers every recorded Claude Code version", () => {
    expect(new Set(hooks.map((p) => p.version))).toEqual(
      new Set(["2.0.76", "2.1.88", "2.1.220", "2.1.328", "2.1.332", "2.1.336", "2.1.337"]),
    );
    expect(hooks.length).toBeGreaterThan(100);
  });

  test.each(hooks.map((p) => [p.name, p] as const))("%s", (_name, p) => {
    const env = testEnv();
    const r = vigil(["hook"], JSON.stringify(p.stdin), env);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    expect(validOutput(p.event, r.stdout)).toBe(true);
    const recorded = events(env);
    expect(recorded.filter((e) => e.kind === "hook_error")).toEqual([]);
    expect(recorded.some((e) => e.kind === "hook" && JSON.parse(e.detail).event === p.event)).toBe(true);
    // What the binary wrote has its kind's declared shape (src/core/audit-details.ts).
    expect(recorded.filter((e) => !isAuditKind(e.kind) || parseAuditDetail(e.kind, e.detail) === null)).toEqual([]);
  });

  test.each(statusLines.map((p) => [p.name, p] as const))("statusline %s", (_name, p) => {
    const env = testEnv();
    const r = vigil(["statusline"], JSON.stringify(p.stdin), env);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^vigil (normal|soft|hard|compacting|restoring|stalled|dead) /);
  });
});

describe("bad input fails open and is recorded", () => {
  test.each<[string, string | Uint8Array, string]>([
    ["empty stdin", "", "not JSON"],
    ["garbage", "\u0000\u0001garbage{", "not JSON"],
    ["a JSON array", "[1,2]", "not a JSON object"],
    [
      "missing session_id",
      JSON.stringify({ hook_event_name: "Stop", cwd: "/", transcript_path: "/x" }),
      'missing "session_id"',
    ],
    [
      "wrong type",
      JSON.stringify({ hook_event_name: "Stop", session_id: 7, cwd: "/", transcript_path: "/x" }),
      'missing "session_id"',
    ],
    ["oversized (11 MiB)", new Uint8Array(11 * 1024 * 1024).fill(0x20), "exceeds"],
  ])("%s", (_name, stdin, why) => {
    const env = testEnv();
    const r = vigil(["hook"], stdin, env);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    const errs = events(env).filter((e) => e.kind === "hook_error");
    expect(errs).toHaveLength(1);
    expect(JSON.parse(errs[0].detail).error).toContain(why);
  });

  test("an unknown option on the hook command still exits 0", () => {
    const r = vigil(["hook", "--bogus"], "{}", testEnv());
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
  });

  test("a session seen only by the statusLine has its window's source in status --json", () => {
    const env = testEnv();
    const good = statusLines.find((p) => p.stdin.context_window);
    if (!good) throw new Error("no statusline fixture");
    expect(vigil(["statusline"], JSON.stringify(good.stdin), env).code).toBe(0);
    const [s] = JSON.parse(vigil(["status", "--json"], "", env).stdout);
    expect(s.window).toBeGreaterThan(0);
    expect(s.window_source).toBe("statusline");
  });

  test("statusline with garbage prints the last good line", () => {
    const env = testEnv();
    const good = statusLines.find((p) => p.stdin.context_window);
    if (!good) throw new Error("no statusline fixture");
    const first = vigil(["statusline"], JSON.stringify(good.stdin), env);
    const second = vigil(["statusline"], "not json", env);
    expect(second.code).toBe(0);
    expect(second.stdout).toBe(first.stdout);
  });
});
