/**
 * A fail-closed registration (`vigil install --fail-closed`, product.md section 8): on the
 * HARD-gated events a failure inside vigil must block the tool, not let it run. A command hook
 * says so in its arguments (`hook --fail-closed=SECONDS`), an HTTP hook in a header with the
 * same SECONDS (its registration's timeout), since serve cannot see the registration itself.
 * Pure.
 */
import type { Language } from "./config.ts";
import { combine } from "./output.ts";
import { isObject } from "./payload.ts";

/** The header a fail-closed HTTP registration sends (names are case-insensitive); its value is the timeout in seconds. */
export const FAIL_CLOSED_HEADER = "X-Vigil-Fail-Closed";

/** Time a fail-closed call keeps for everything but waiting on the store (start, meter, answer). */
const MARGIN_MS = 2_500;

/**
 * How long a fail-closed call may wait for the store, from its registration's timeout in
 * seconds (as written in the command or the header). A malformed value still closes (the
 * registration said so), with Claude Code's usual 10 s.
 */
export function closedWaitMs(seconds: string): number {
  const n = Number(seconds);
  const timeoutMs = (seconds !== "" && Number.isFinite(n) && n > 0 ? n : 10) * 1000;
  return Math.max(1_000, timeoutMs - MARGIN_MS);
}

/**
 * The reason Claude Code shows the model for a call that failed closed, in the session's
 * language; `why` is vigil's own error, as the log records it.
 */
export function closedReason(lang: Language, why: string): string {
  switch (lang) {
    case "en":
      return `vigil: failed closed, the tool call is blocked: ${why}`;
    case "ko":
      return `vigil: 실패 시 차단(fail-closed) 설정이라 도구 호출을 막았습니다: ${why}`;
    case "ja":
      return `vigil: 失敗時に遮断する設定（fail-closed）のため、ツール呼び出しを止めました: ${why}`;
  }
}

/**
 * What a fail-closed HTTP call answers when vigil failed: a deny for the call's event (every
 * version honours it, also those that ignore `onFailure`, observed on 2.1.88 and 2.1.336), or
 * null when the body names no event that takes one (the caller then answers an error status,
 * which blocks where Claude Code knows `onFailure: "block"`).
 */
export function closedAnswer(body: string, why: string, lang: Language = "en"): string | null {
  let event: unknown;
  try {
    const p: unknown = JSON.parse(body);
    event = isObject(p) ? p.hook_event_name : undefined;
  } catch {
    return null;
  }
  if (typeof event !== "string") return null;
  const out = combine(event, [{ kind: "deny", reason: closedReason(lang, why), rule: "fail-closed" }], {
    contextCap: 0,
  });
  return out.stdout === "" ? null : out.stdout;
}
