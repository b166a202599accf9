/**
 * The statusLine: parsing Claude Code's statusLine payload and rendering vigil's one line.
 * Pure. The percentage is of the payload's `context_window_size`, never a window guessed from
 * the model name (peers show 130 % for 26 % that way).
 */
import type { Language } from "./config.ts";
import { type UsageMeter, usageMeters } from "./usage-limit.ts";
import type { SessionState } from "../../machines/session.ts";
import { isObject, num, obj, type Result, str } from "./payload.ts";

/** statusLine numbers younger than this are preferred to the transcript (product.md section 4). */
export const STATUS_FRESH_MS = 60_000;

export interface StatusPayload {
  sessionId: string;
  transcriptPath: string | null;
  cwd: string | null;
  /** input + cache_creation + cache_read of the current usage; null before the first reply. */
  tokens: number | null;
  window: number | null;
  agentName: string | null;
  /** The usage meters of `rate_limits` (none when absent). */
  usage: UsageMeter[];
}

/** Parse the statusLine payload; only `session_id` is required. */
export function parseStatusPayload(text: string): Result<StatusPayload> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, error: "cannot parse statusline input: not JSON" };
  }
  if (!isObject(raw)) return { ok: false, error: "cannot parse statusline input: not a JSON object" };
  const sessionId = str(raw, "session_id");
  if (!sessionId) return { ok: false, error: `cannot parse statusline input: missing "session_id"` };
  const cw = obj(raw, "context_window");
  const usage = cw ? obj(cw, "current_usage") : null;
  let tokens: number | null = null;
  if (usage) {
    const parts = ["input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens"].map((k) =>
      num(usage, k) ?? 0
    );
    tokens = parts.reduce((a, b) => a + b, 0);
  }
  const agent = obj(raw, "agent");
  return {
    ok: true,
    value: {
      sessionId,
      transcriptPath: str(raw, "transcript_path"),
      cwd: str(raw, "cwd"),
      tokens,
      window: cw ? num(cw, "context_window_size") : null,
      agentName: agent ? str(agent, "name") : null,
      usage: usageMeters(raw.rate_limits),
    },
  };
}

export interface LineInput {
  state: SessionState;
  tokens: number | null;
  estimate: number | null;
  window: number;
  worker: boolean;
  soft: number;
  hard: number;
  warnPercent: number;
  color: boolean;
  /** The words' language (config.language); the state's name and SOFT/HARD stay as they are everywhere. */
  language?: Language;
}

/** The line's words, per language: a person reads them (SOFT, HARD and the state are names). */
const WORDS: Record<Language, { until: (limit: string, n: string) => string; handOver: string; save: string }> = {
  en: { until: (limit, n) => `${limit} in ${n}`, handOver: "HARD: hand over", save: "⚠ save state" },
  ko: { until: (limit, n) => `${limit}까지 ${n}`, handOver: "HARD: 넘기기", save: "⚠ 상태 저장" },
  ja: { until: (limit, n) => `${limit}まで ${n}`, handOver: "HARD: 引き継ぎ", save: "⚠ 状態を保存" },
};

/** 262114 → "262k", 1000000 → "1.0M". */
export function short(n: number): string {
  if (n >= 1_000_000) return (n / 1_000_000).toFixed(1) + "M";
  if (n >= 1_000) return Math.round(n / 1_000) + "k";
  return String(n);
}

const COLORS: Record<SessionState, string> = {
  normal: "32",
  soft: "33",
  hard: "31",
  compacting: "35",
  restoring: "36",
  stalled: "90",
  dead: "90",
};

const BAR = 10;

/** Render vigil's status line. */
export function renderLine(i: LineInput): string {
  const paint = (code: string, s: string) => (i.color ? `\x1b[${code}m${s}\x1b[0m` : s);
  const w = WORDS[i.language ?? "en"];
  const parts = [paint(COLORS[i.state], `vigil ${i.state}`)];
  if (i.tokens === null) {
    parts.push(`–/${short(i.window)}`);
  } else {
    const pct = Math.round((i.tokens / i.window) * 100);
    const filled = Math.max(0, Math.min(BAR, Math.round((i.tokens / i.window) * BAR)));
    const bar = "█".repeat(filled) + "░".repeat(BAR - filled);
    const est = i.estimate !== null && i.estimate - i.tokens >= 1000 ? ` (~${short(i.estimate)})` : "";
    parts.push(`${short(i.tokens)}${est}/${short(i.window)} ${bar} ${pct}%`);
    if (i.worker) {
      const basis = i.estimate ?? i.tokens;
      if (basis < i.soft) parts.push(w.until("SOFT", short(i.soft - basis)));
      else if (basis < i.hard) parts.push(paint("33", w.until("HARD", short(i.hard - basis))));
      else parts.push(paint("31", w.handOver));
    }
    if (pct >= i.warnPercent && i.state !== "compacting") parts.push(paint("33", w.save));
  }
  return parts.join(" │ ");
}
