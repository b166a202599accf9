/**
 * Hostile stdin for `vigil hook` and `vigil statusline`: random bytes, deep nesting, huge
 * strings, a wrong type in every field, unknown events, NUL bytes. Property tests run the real
 * pipeline in-process (real store in a temp VIGIL_HOME, real config, transcript and policies)
 * for volume; a sample goes through the compiled binary. Nothing throws, nothing hangs, every
 * process exits 0, a hook prints nothing or one JSON object, the statusline prints a line, and
 * the store stays consistent.
 */
import { afterAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { join } from "node:path";
import { allHookDeps } from "../../src/app/deps.ts";
import { runHook } from "../../src/app/run-hook.ts";
import { type LineCache, runStatusline } from "../../src/app/run-statusline.ts";
import { ALL_EVENTS } from "../../src/core/install/events.ts";
import { STDIN_CAP } from "../../src/edge/stdin.ts";
import { testEnv } from "../support/vigil.ts";
import { consistency, inspect, readLog, report, size, spawnVigil, TIMEOUT, writeTranscript } from "./harness.ts";

const env = testEnv();
const deps = await allHookDeps(env, () => Date.now());
let calls = 0, worst = 0;
afterAll(() => {
  deps.close();
  report({ fault: "hostile stdin (in-process: runHook + runStatusline)", tries: calls, lost: 0, worstMs: worst });
});

/** Time one in-process call (reported, never asserted). */
function timed<T>(fn: () => T): T {
  const t0 = performance.now();
  try {
    return fn();
  } finally {
    calls++;
    worst = Math.max(worst, performance.now() - t0);
  }
}
const transcript = writeTranscript(join(env.HOME, "t.jsonl"), 260_000);
const RUNS = size(300, 5_000);

const lines = new Map<string, string>();
const cache: LineCache = {
  read: (id) => id === null ? [...lines.values()].at(-1) ?? null : lines.get(id) ?? null,
  write: (id, line) => void lines.set(id, line),
};

const EVENTS = [...ALL_EVENTS];

/** A well-formed payload of any event, to be broken one field at a time. */
function base(event: string): Record<string, unknown> {
  return {
    session_id: "hostile",
    transcript_path: transcript,
    cwd: env.HOME,
    hook_event_name: event,
    agent_type: "worker",
    tool_name: "Bash",
    tool_input: { command: "rm -rf /" },
    tool_use_id: "toolu_1",
    tool_response: { stdout: "" },
    prompt: "continue",
    source: "startup",
    trigger: "auto",
    stop_hook_active: false,
    last_assistant_message: "Done.",
    background_tasks: [],
    reason: "other",
  };
}

const FIELDS = Object.keys(base("Stop"));
/** Any JSON value, NUL bytes and lone surrogates included. */
const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.string({ unit: "binary" }),
  fc.constantFrom("\u0000", "a\u0000b", "\ud800", "/", ".", "", "-1", "1e309", 1e308, -0, Number.MAX_SAFE_INTEGER + 2),
);

const payloads: fc.Arbitrary<string> = fc.oneof(
  // Random bytes, decoded as the hook decodes stdin.
  fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.from(b).toString("utf8")),
  // Any JSON at all.
  fc.jsonValue().map((v) => JSON.stringify(v)),
  // A real event with one field of a wrong type (or removed, or NUL-laden).
  fc.tuple(fc.constantFrom(...EVENTS), fc.constantFrom(...FIELDS), fc.option(anyValue)).map(([event, field, v]) => {
    const p = base(event);
    if (v === null) delete p[field];
    else p[field] = v;
    return JSON.stringify(p);
  }),
  // Unknown events, and known ones with several fields replaced at once.
  fc.tuple(fc.string(), fc.dictionary(fc.constantFrom(...FIELDS), anyValue)).map(([event, over]) =>
    JSON.stringify({ ...base(event), ...over })
  ),
);

/** Nothing, one JSON object, or (PreCompact only) plain text for the summariser. */
function hookOk(stdout: string): boolean {
  if (stdout === "") return true;
  try {
    const v: unknown = JSON.parse(stdout);
    return typeof v === "object" && v !== null && !Array.isArray(v);
  } catch {
    return stdout.startsWith("vigil, for this summary");
  }
}

/** Deep and huge inputs, built once. */
const NASTY: [string, string][] = [
  ["100k unclosed [", "[".repeat(100_000)],
  ["100k nested arrays", "[".repeat(100_000) + "]".repeat(100_000)],
  [
    "100k nested objects in tool_input",
    JSON.stringify({ ...base("PreToolUse"), tool_input: null }).replace(
      '"tool_input":null',
      '"tool_input":' + '{"a":'.repeat(100_000) + "1" + "}".repeat(100_000),
    ),
  ],
  ["9 MiB prompt", JSON.stringify({ ...base("UserPromptSubmit"), prompt: "x".repeat(9 * 1024 * 1024) })],
  ["raw NUL bytes in every string", JSON.stringify(base("PreToolUse")).replaceAll('":"', '":"\u0000')],
  [
    "escaped NULs in every string",
    JSON.stringify(
      Object.fromEntries(Object.entries(base("Stop")).map(([k, v]) => [k, typeof v === "string" ? `${v}\u0000x` : v])),
    ),
  ],
  ["session id with NUL", JSON.stringify({ ...base("PreToolUse"), session_id: "a\u0000b" })],
  ["cwd is /", JSON.stringify({ ...base("Stop"), cwd: "/" })],
];

describe("hostile stdin", () => {
  test("runHook: no throw, one JSON object or nothing, whatever the input", () => {
    fc.assert(
      fc.property(payloads, (input) => {
        const out = timed(() => runHook(input, deps));
        return hookOk(out.stdout);
      }),
      { numRuns: RUNS },
    );
    expect(consistency(env.VIGIL_HOME)).toEqual([]);
  }, TIMEOUT);

  test("runStatusline: always a line, whatever the input", () => {
    const status = fc.oneof(
      payloads,
      fc.dictionary(fc.constantFrom("session_id", "context_window", "transcript_path", "cwd", "agent"), anyValue).map(
        (o) => JSON.stringify({ session_id: "hostile-status", ...o }),
      ),
    );
    fc.assert(
      fc.property(
        status,
        (input) => typeof timed(() => runStatusline(input, deps, cache, { color: false })).line === "string",
      ),
      { numRuns: RUNS },
    );
    expect(consistency(env.VIGIL_HOME)).toEqual([]);
  }, TIMEOUT);

  test.each(NASTY)("runHook and runStatusline survive: %s", (_, input) => {
    expect(hookOk(timed(() => runHook(input, deps)).stdout)).toBe(true);
    expect(typeof timed(() => runStatusline(input, deps, cache, { color: false })).line).toBe("string");
  }, TIMEOUT);

  test("the compiled binary exits 0 on a sample, stdin over the cap included", async () => {
    const benv = testEnv();
    const sample: (string | Uint8Array)[] = [
      ...fc.sample(payloads, size(20, 200)),
      ...fc.sample(fc.uint8Array({ minLength: 1, maxLength: 4096 }), 5),
      new Uint8Array([0xff, 0xfe, 0x00, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
      ...NASTY.map(([, input]) => input),
      Buffer.alloc(STDIN_CAP + 1, "x"),
    ];
    let slowest = 0, bad = 0;
    for (const input of sample) {
      for (const cmd of ["hook", "statusline"]) {
        const r = await spawnVigil([cmd], input, benv);
        slowest = Math.max(slowest, r.ms);
        const ok = r.code === 0 && r.stderr === "" && (cmd === "hook" ? hookOk(r.stdout) : r.stdout.endsWith("\n"));
        if (!ok) bad++;
        expect({ cmd, code: r.code, stderr: r.stderr, ok }).toEqual({ cmd, code: 0, stderr: "", ok: true });
      }
    }
    // Over the cap: recorded, not read.
    const errors = inspect(
      benv.VIGIL_HOME,
      (db) => db.query<{ d: string }, []>("SELECT detail AS d FROM events WHERE kind = 'hook_error'").all(),
    ).map((e) => e.d).join("\n");
    expect(errors).toContain(`stdin exceeds ${STDIN_CAP} bytes`);
    expect(readLog(benv.VIGIL_HOME)).toBe("");
    expect(consistency(benv.VIGIL_HOME)).toEqual([]);
    report({
      fault: "hostile stdin (binary sample: hook + statusline)",
      tries: sample.length * 2,
      lost: bad,
      worstMs: slowest,
    });
  }, TIMEOUT);
});
