/**
 * Hostile transcripts through the meter (src/edge/transcript.ts over src/core/meter*.ts) and
 * through `vigil hook`: random bytes, garbage around a real record, a 100 MB single line,
 * invalid UTF-8, NUL bytes, CRLF, a file replaced or rewritten while it is read, and paths
 * that are no regular file (a FIFO, a directory, /dev/zero). The meter never throws, finds the
 * record wherever it still can, and a hook never hangs or fails.
 */
import { afterAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { spawnSync } from "node:child_process";
import { appendFileSync, closeSync, mkdirSync, openSync, renameSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { measureTranscript, readTranscriptFacts } from "../../src/edge/transcript.ts";
import { assistant, jsonl, prompt } from "../fixtures/transcripts/records.ts";
import { testEnv } from "../support/vigil.ts";
import { report, size, spawnVigil, TIMEOUT, toolCall } from "./harness.ts";

const env = testEnv();
const dir = join(env.HOME, "transcripts");
mkdirSync(dir);
const RECORD = jsonl([prompt("Fix the parser"), assistant("msg_real", { input: 123_456, output: 7 })]);
let calls = 0, worst = 0;

function measure(path: string, prev: Parameters<typeof measureTranscript>[1] = null) {
  const t0 = performance.now();
  try {
    return measureTranscript(path, prev);
  } finally {
    calls++;
    worst = Math.max(worst, performance.now() - t0);
  }
}

afterAll(() => report({ fault: "hostile transcripts (meter, in-process)", tries: calls, lost: 0, worstMs: worst }));

/** Bytes with no `{`: no line of them can pass for a record. */
const garbage = fc.uint8Array({ maxLength: 64 * 1024 }).map((b) => b.map((x) => (x === 0x7b ? 0x20 : x)));

describe("hostile transcripts: the meter", () => {
  test("random bytes: no throw, no negative numbers, an incremental read after more random bytes", () => {
    const file = join(dir, "random.jsonl");
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 256 * 1024 }), fc.uint8Array({ maxLength: 8192 }), (a, b) => {
        writeFileSync(file, a);
        const first = measure(file);
        appendFileSync(file, b);
        const next = measure(file, first.state);
        readTranscriptFacts(file);
        return [first, next].every((r) => r.measurement.tokens === null || r.measurement.tokens >= 0);
      }),
      { numRuns: size(100, 1_000) },
    );
  }, TIMEOUT);

  test("a real record survives any garbage before and after it (no newline at the end too)", () => {
    const file = join(dir, "garbage.jsonl");
    fc.assert(
      fc.property(garbage, garbage, fc.boolean(), (before, after, crlf) => {
        const record = crlf ? RECORD.replaceAll("\n", "\r\n") : RECORD;
        writeFileSync(file, Buffer.concat([before, Buffer.from("\n" + record), after]));
        return measure(file).measurement.tokens === 123_456;
      }),
      { numRuns: size(100, 1_000) },
    );
  }, TIMEOUT);

  const bad = (text: string) => Buffer.concat([Buffer.from(RECORD), Buffer.from(text)]);
  test.each([
    ["invalid UTF-8 inside a record's text", Buffer.from(RECORD.replace("Fix the parser", "Fix \udc80 the \ufffe"))],
    [
      "raw invalid UTF-8 bytes in a line",
      Buffer.concat([Buffer.from(RECORD), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 10])]),
    ],
    ["a line of NUL bytes after the record", bad("\u0000".repeat(10_000) + "\n")],
    ["NUL bytes in a record's JSON", bad(RECORD.replace("Fix the parser", "Fix\u0000the").split("\n")[0] + "\n")],
    ["CRLF line ends", Buffer.from(RECORD.replaceAll("\n", "\r\n"))],
    ["a lone CR and no final newline", bad("\r")],
  ])("%s: the record is still found", (_, bytes) => {
    const file = join(dir, "mixed.jsonl");
    writeFileSync(file, bytes);
    expect(measure(file).measurement.tokens).toBe(123_456);
  });

  test("a 100 MB single line: bounded read, no throw, and the meter recovers when records follow", () => {
    const file = join(dir, "huge-line.jsonl");
    writeFileSync(file, RECORD);
    const before = measure(file);
    const fd = openSync(file, "a");
    const block = Buffer.alloc(1024 * 1024, "x");
    for (let i = 0; i < 100; i++) writeSync(fd, block);
    writeSync(fd, "\n");
    closeSync(fd);
    const fresh = measure(file);
    const appended = measure(file, before.state);
    // Past the 64 MiB scan bound the answer is "none", never a read of the whole file.
    for (const r of [fresh, appended]) expect(r.info.bytesRead).toBeLessThanOrEqual(80 * 1024 * 1024);
    appendFileSync(file, jsonl([assistant("msg_after", { input: 200_000 })]));
    expect(measure(file, appended.state).measurement.tokens).toBe(200_000);
  }, TIMEOUT);

  test("a file replaced or rewritten while it is read: every answer is one of the files'", async () => {
    const file = join(dir, "replaced.jsonl");
    const a = join(dir, "a.jsonl"), b = join(dir, "b.jsonl");
    writeFileSync(a, jsonl([assistant("a", { input: 111 })]));
    writeFileSync(b, jsonl([assistant("b1", { input: 50 }), assistant("b2", { input: 222 })]));
    writeFileSync(file, "");
    // A writer that swaps the file by rename and rewrites it in place, over and over.
    const loops = size(60, 3_000);
    const script = `for i in $(seq ${loops}); do cp ${a} ${file}.t && mv ${file}.t ${file}; ` +
      `cat ${b} > ${file}; : > ${file}; cat ${a} > ${file}; done`;
    const writer = Bun.spawn(["sh", "-c", script], { stdout: "ignore", stderr: "ignore" });
    const seen = new Set<number | null>();
    let state: Parameters<typeof measureTranscript>[1] = null;
    while (writer.exitCode === null) {
      const r = measure(file, state);
      state = r.state;
      seen.add(r.measurement.tokens);
      await Bun.sleep(0);
    }
    // 111 or 222 (or nothing yet, an empty file); b's older 50 only with nothing newer read.
    expect([...seen].filter((t) => t !== null && t !== 111 && t !== 222 && t !== 50)).toEqual([]);
    renameSync(b, file);
    expect(measure(file, state).measurement.tokens).toBe(222);
  }, TIMEOUT);
});

describe("hostile transcripts: the hook", () => {
  const fifo = join(dir, "fifo");
  spawnSync("mkfifo", [fifo]);
  const big = join(dir, "big-random.jsonl");
  writeFileSync(big, Buffer.concat([Buffer.from(RECORD), Buffer.alloc(8 * 1024 * 1024, 0xff)]));
  const PATHS: [string, string][] = [
    ["a FIFO nobody writes to", fifo],
    ["a directory", dir],
    ["/dev/zero", "/dev/zero"],
    ["8 MiB of 0xff after a record", big],
    ["a path with a NUL byte", "/tmp/a\u0000b"],
  ];
  // Regression: opening a FIFO blocks until a writer comes; the hook hung until Claude Code
  // killed it. Every event that reads the transcript, and the statusline, must come back.
  test.each(PATHS)("%s: every event and the statusline exit 0 without hanging", async (_, path) => {
    const events = ["PreToolUse", "UserPromptSubmit", "Stop", "PreCompact", "SessionStart"];
    let slowest = 0;
    for (const event of events) {
      const input = toolCall("t", path, "Bash", { hook_event_name: event, prompt: "go on", agent_type: "worker" });
      const runs = await Promise.all([
        spawnVigil(["hook"], input, env, { prefix: ["timeout", "-s", "KILL", "15"] }),
        spawnVigil(["statusline"], JSON.stringify({ session_id: "t", transcript_path: path }), env, {
          prefix: ["timeout", "-s", "KILL", "15"],
        }),
      ]);
      for (const r of runs) {
        slowest = Math.max(slowest, r.ms);
        expect({ event, code: r.code, stderr: r.stderr }).toEqual({ event, code: 0, stderr: "" });
      }
    }
    report({
      fault: `hostile transcript path: ${PATHS.find(([, p]) => p === path)?.[0]}`,
      tries: 10,
      lost: 0,
      worstMs: slowest,
    });
  }, TIMEOUT);
});

describe("an unreadable transcript is no silent exemption", () => {
  // A worker whose transcript cannot be read is never measured, so never limited: the hook
  // still fails open, but the error is recorded where doctor and /metrics look.
  test(
    "a worker's PreToolUse over a FIFO records a hook_error naming the transcript, and doctor shows it",
    async () => {
      const own = testEnv();
      const path = join(own.HOME, "fifo.jsonl");
      spawnSync("mkfifo", [path]);
      const input = toolCall("fifo-worker", path, "Bash", { agent_type: "worker" });
      const r = await spawnVigil(["hook"], input, own, { prefix: ["timeout", "-s", "KILL", "15"] });
      expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 0, stdout: "" });
      const rep = await spawnVigil(["report", "--since", "1h", "--json"], "", own);
      const errors = (JSON.parse(rep.stdout) as { events: { kind: string; detail: { error?: string } }[] }).events
        .filter((e) => e.kind === "hook_error");
      expect(errors.map((e) => e.detail.error)).toEqual([`transcript "${path}" is not a file`]);
      const doc = await spawnVigil(["doctor"], "", own);
      expect(doc.stdout).toContain(`1 hook error in the`);
      expect(doc.stdout).toContain(`is not a file`);
      // and names the session that went unmeasured, so unlimited
      expect(doc.stdout).toContain("warning transcripts: 1 session could not be measured in the last day");
      expect(doc.stdout).toContain("(fifo-worker)");
    },
    TIMEOUT,
  );

  test("a transcript not written yet (a session's first call) is no error", async () => {
    const own = testEnv();
    const input = toolCall("new-worker", join(own.HOME, "not-yet.jsonl"), "Bash", { agent_type: "worker" });
    expect((await spawnVigil(["hook"], input, own)).code).toBe(0);
    const rep = await spawnVigil(["report", "--since", "1h", "--json"], "", own);
    const kinds = (JSON.parse(rep.stdout) as { events: { kind: string }[] }).events.map((e) => e.kind);
    expect(kinds).not.toContain("hook_error");
  }, TIMEOUT);
});
