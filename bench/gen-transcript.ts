/**
 * Generate a realistic Claude Code transcript of about SIZE bytes:
 *   bun bench/gen-transcript.ts SIZE OUT      (SIZE: 1000000, 1e8, 1MB, 100MB, 1GB)
 *
 * Record mix and shapes follow 2.1.328's (compact JSON, one record per content block,
 * tool results with their `toolUseResult` copy, attachments, api-request blobs, bookkeeping),
 * with tool results of log-normal size (median ~1.2 KB, capped at 256 KB like Claude Code's
 * own truncation) and a compaction whenever the simulated context passes 800k tokens. The
 * last ~360 KB (ending in a prompt and two fixed turns) are the same at every size, so a
 * benchmark compares the cost of the file's size, not of its tail. Deterministic.
 */
import { Buffer } from "node:buffer";
import { closeSync, mkdirSync, openSync, writeSync } from "node:fs";
import { dirname } from "node:path";

const SESSION = "5176f2d1-2a40-423d-88ee-e66f6a5eaf38";
const CWD = "/home/dev/work/parser";

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => { // mulberry32
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const POOL_LINES = [
  "src/parser/csv.ts:142:17 - error TS2345: Argument of type 'string | undefined' is not assignable",
  "  at Object.<anonymous> (/home/dev/work/parser/test/csv.test.ts:88:23)",
  "-rw-r--r--  1 dev dev   18231 Nov 30 03:28 package-lock.json",
  'export function parseRow(line: string, delimiter = ","): string[] {',
  "    if (quoted && ch === '\"' && next === '\"') { field += '\"'; i++; continue; }",
  '{"name":"parser","version":"1.4.2","dependencies":{"csv-stringify":"6.5.0"}}',
  "✓ parses quoted fields with embedded newlines (3 ms)",
  "commit 8f3a2c1e Fix the CSV parser's handling of CRLF inside quoted fields",
  "WARN  deprecated inflight@1.0.6: This module is not supported, and leaks memory.",
  "# 파서 수정 메모: 따옴표 안의 줄바꿈을 보존해야 함",
];

function textPool(size: number, rand: () => number): string {
  const parts: string[] = [];
  let n = 0;
  while (n < size) {
    const l = POOL_LINES[Math.floor(rand() * POOL_LINES.length)] + ` ${Math.floor(rand() * 1e6)}\n`;
    parts.push(l);
    n += l.length;
  }
  return parts.join("");
}

/** A simulated session that emits its records turn by turn. */
class Session {
  private n = 0;
  private parent: string | null = null;
  private context = 20000;
  private cached = 0;
  private turn = 0;
  constructor(public rand: () => number, private pool: string, private emit: (rec: unknown) => void) {}

  private uuid(): string {
    this.n++;
    return `a1b2c3d4-0000-4000-8000-${this.n.toString(16).padStart(12, "0")}`;
  }
  private text(len: number): string {
    const at = Math.floor(this.rand() * (this.pool.length - len - 1));
    return this.pool.slice(at, at + len);
  }
  private size(median: number, sigma: number, cap: number): number {
    const z = Math.sqrt(-2 * Math.log(1 - this.rand())) * Math.cos(2 * Math.PI * this.rand());
    return Math.min(cap, Math.max(1, Math.round(median * Math.exp(sigma * z))));
  }
  private env(type: string, body: Record<string, unknown>): Record<string, unknown> {
    const uuid = this.uuid();
    const rec = { parentUuid: this.parent, isSidechain: false, ...body, type, uuid, timestamp: ts(this.n) };
    this.parent = uuid;
    return {
      ...rec,
      userType: "external",
      entrypoint: "cli",
      cwd: CWD,
      sessionId: SESSION,
      version: "2.1.328",
      gitBranch: "main",
    };
  }

  prompt(text: string, origin: string | null): void {
    this.emit(this.env("user", {
      promptId: this.uuid(),
      message: { role: "user", content: text },
      promptSource: origin ? "system" : "typed",
      ...(origin ? { origin: { kind: origin } } : { origin: { kind: "human" } }),
    }));
    this.emit(this.env("attachment", { attachment: { type: "prompt_snapshot" } }));
    this.emit(this.env("attachment", {
      attachment: { type: "date", date: "2026-11-30" },
      rendered: [{ content: "<system-reminder>\nToday's date is 2026-11-30.\n</system-reminder>" }],
      renderedRole: "system",
    }));
  }

  /** One request/response with its tool calls and results. `fixed` pins sizes for the tail. */
  round(fixed?: { tools: number; result: number; output: number }): void {
    const r = this.rand;
    this.turn++;
    for (let i = fixed ? 0 : Math.floor(r() * 3); i > 0; i--) {
      this.emit({
        type: "api-request-blob",
        sessionId: SESSION,
        hash: hex(this.n + i),
        message: { role: "user", content: [{ type: "text", text: this.text(300 + Math.floor(r() * 3000)) }] },
      });
    }
    this.emit({
      type: "api-request",
      sessionId: SESSION,
      id: this.uuid(),
      timestamp: ts(this.n),
      version: "2.1.328",
      params: { model: "claude-opus-5-5", max_tokens: 128000, thinking: { type: "adaptive" } },
      tail: [hex(this.n)],
    });
    const tools = fixed?.tools ?? 1 + Math.floor(r() * r() * 3);
    const output = fixed?.output ?? this.size(300, 1, 8000);
    // The three input counts add up to the context: what was cached, what is new, a small tail.
    const tailTokens = 3 + Math.floor(r() * 50);
    const usage = {
      input_tokens: tailTokens,
      cache_creation_input_tokens: Math.max(0, this.context - this.cached - tailTokens),
      cache_read_input_tokens: this.cached,
      output_tokens: output,
      service_tier: "standard",
    };
    this.cached = this.context;
    const id = `msg_${this.turn.toString(36).padStart(10, "0")}`;
    const blocks: unknown[] = [];
    if (fixed || r() < 0.4) {
      blocks.push({
        type: "thinking",
        thinking: this.text(fixed ? 800 : this.size(600, 1, 6000)),
        signature: hex(this.n).repeat(8),
      });
    }
    if (fixed || r() < 0.6) blocks.push({ type: "text", text: this.text(fixed ? 200 : this.size(200, 1, 3000)) });
    const calls: string[] = [];
    for (let t = 0; t < tools; t++) {
      const tid = `toolu_${this.turn}_${t}`;
      calls.push(tid);
      const input = r() < 0.2 && !fixed
        ? { file_path: `${CWD}/src/parser/csv.ts`, content: this.text(this.size(3000, 1, 20000)) }
        : { command: this.text(40 + Math.floor(r() * 120)).replaceAll("\n", " "), description: "Run the parser tests" };
      blocks.push({ type: "tool_use", id: tid, name: "content" in input ? "Write" : "Bash", input });
    }
    for (const b of blocks) {
      this.emit(
        this.env("assistant", {
          message: {
            id,
            type: "message",
            role: "assistant",
            model: "claude-opus-5-5",
            content: [b],
            stop_reason: "tool_use",
            stop_sequence: null,
            usage,
          },
          requestId: `req_${this.turn}`,
        }),
      );
    }
    let added = output;
    for (const tid of calls) {
      const out = this.text(fixed?.result ?? this.size(1200, 1.7, 256 * 1024));
      added += out.length / 3;
      this.emit(
        this.env("user", {
          message: {
            role: "user",
            content: [{ type: "tool_result", tool_use_id: tid, content: out, is_error: false }],
          },
          toolUseResult: { stdout: out, stderr: "", interrupted: false, isImage: false, noOutputExpected: false },
        }),
      );
      if (fixed || r() < 0.3) {
        this.emit(
          this.env("attachment", {
            attachment: {
              type: "hook_success",
              hookName: "PostToolUse:Bash",
              hookEvent: "PostToolUse",
              stdout: "",
              exitCode: 0,
            },
          }),
        );
      }
    }
    this.context += Math.round(added);
    if (!fixed && r() < 0.1) this.endTurn();
    if (this.context > 800_000 && !fixed) this.compact();
  }

  endTurn(): void {
    this.emit(
      this.env("system", {
        subtype: "stop_hook_summary",
        hookCount: 1,
        hookInfos: [{ command: "vigil hook" }],
        hookErrors: [],
        preventedContinuation: false,
        level: "suggestion",
      }),
    );
    this.emit(this.env("system", { subtype: "turn_duration", durationMs: 1000 + Math.floor(this.rand() * 90000) }));
    this.emit({
      type: "last-prompt",
      lastPrompt: "Fix the CSV parser ticket",
      leafUuid: this.parent,
      sessionId: SESSION,
    });
    this.emit({
      type: "cost-state",
      sessionId: SESSION,
      totalCostUSD: this.turn * 0.07,
      totalAPIDuration: this.turn * 900,
    });
    const human = this.rand() < 0.5;
    const note =
      `<task-notification>\n<task-id>b${this.turn}</task-id>\n<status>completed</status>\n</task-notification>`;
    this.prompt(human ? "continue with the parser fix" : note, human ? null : "task-notification");
  }

  compact(): void {
    const post = 18000 + Math.floor(this.rand() * 8000);
    this.emit(
      this.env("system", {
        subtype: "compact_boundary",
        content: "Conversation compacted",
        level: "info",
        compactMetadata: { trigger: "auto", preTokens: this.context, postTokens: post, durationMs: 64000 },
      }),
    );
    this.emit(
      this.env("user", {
        message: {
          role: "user",
          content:
            `This session is being continued from a previous conversation that ran out of context.\n\nSummary:\n${
              this.text(12000)
            }`,
        },
        isCompactSummary: true,
        isVisibleInTranscriptOnly: true,
      }),
    );
    this.context = post;
    this.cached = 0;
  }
}

function ts(n: number): string {
  return new Date(Date.UTC(2026, 10, 30, 3) + n * 997).toISOString();
}

function hex(n: number): string {
  return (n * 2654435761 >>> 0).toString(16).padStart(8, "0");
}

/** Generate a transcript of about `size` bytes into `out`. */
export function generate(size: number, out: string): number {
  mkdirSync(dirname(out), { recursive: true });
  const fd = openSync(out, "w");
  let written = 0;
  let batch: string[] = [];
  let batchLen = 0;
  const flush = () => {
    const b = Buffer.from(batch.join(""));
    writeSync(fd, b);
    written += b.length;
    batch = [];
    batchLen = 0;
  };
  const emit = (rec: unknown) => {
    const line = JSON.stringify(rec) + "\n";
    batch.push(line);
    batchLen += line.length;
    if (batchLen > 8 << 20) flush();
  };
  const rand = rng(42);
  const s = new Session(rand, textPool(4 << 20, rand), emit);
  s.prompt("Fix the CSV parser ticket", null);
  // The last ~360 KB come from their own seed, so every size ends with the same records
  // (more than a fresh measure or the tail facts read).
  const TAIL = 360_000;
  while (written + batchLen < size - TAIL) s.round();
  s.rand = rng(7);
  const tailFrom = written + batchLen;
  while (written + batchLen < tailFrom + TAIL - 40_000) s.round();
  s.prompt("continue with the parser fix", null);
  s.round({ tools: 1, result: 9000, output: 400 });
  s.round({ tools: 2, result: 6000, output: 150 });
  emit({ type: "last-prompt", lastPrompt: "Fix the CSV parser ticket", leafUuid: null, sessionId: SESSION });
  flush();
  closeSync(fd);
  return written;
}

/** "1MB", "100MB", "1GB" (decimal) or a plain number. */
export function parseSize(s: string): number {
  const m = /^(\d+(?:\.\d+)?(?:e\d+)?)\s*(KB|MB|GB)?$/i.exec(s.trim());
  if (!m) throw new Error(`vigil bench: cannot parse size "${s}"`);
  const unit = { KB: 1e3, MB: 1e6, GB: 1e9 }[(m[2] ?? "").toUpperCase()] ?? 1;
  return Math.round(Number(m[1]) * unit);
}

if (import.meta.main) {
  const [size, out] = process.argv.slice(2);
  if (!size || !out) {
    console.error("usage: bun bench/gen-transcript.ts SIZE OUT");
    process.exit(2);
  }
  const t0 = performance.now();
  const n = generate(parseSize(size), out);
  console.log(`wrote ${n} bytes to ${out} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
