/**
 * The Stop gate at HARD (issue 13): PreToolUse denies everything but the handoff there, so
 * pushing the session to "do the work now" only buys denials, each re-sending the whole
 * context. At HARD the gate asks once for the handoff document, and only when none was
 * written since HARD; otherwise it lets the session stop.
 */
import type { Language } from "../config.ts";

export interface HardStopInput {
  /** The gate already asked this climb. */
  asked: boolean;
  /** A handoff document was written since the session crossed HARD. */
  handoffWritten: boolean;
}

/** What the gate does at HARD: ask for the handoff, or let the stop through (and why). */
export function hardStop(h: HardStopInput): { decision: "pass" | "block"; note: string } {
  if (h.handoffWritten) return { decision: "pass", note: "at HARD, a handoff was written: the session may stop" };
  if (h.asked) return { decision: "pass", note: "at HARD, the handoff was already asked for once" };
  return { decision: "block", note: "at HARD without a handoff: asked for it once" };
}

/** The block reason that asks for the handoff, in the configured language. */
export function handoffReason(language: Language): string {
  if (language === "ko") {
    return "vigil: 컨텍스트가 HARD 한도를 넘었습니다. 작업을 계속하지 말고, 다음 세션이 이어받을 수 있도록 지금 인계 문서(handoff)를 작성한 뒤 턴을 끝내세요.";
  }
  if (language === "ja") {
    return "vigil: コンテキストが HARD の上限を超えました。作業は続けず、次のセッションが引き継げるよう引き継ぎ文書（handoff）を今書いてからターンを終えてください。";
  }
  return "vigil: this session's context is over the HARD limit. Do not continue the work: write the handoff document now, so the next session can pick up from it, then end your turn.";
}
