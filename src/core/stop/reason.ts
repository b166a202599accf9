/**
 * The text a blocked Stop sends back to the model (it arrives as "Stop hook feedback:"). It
 * quotes what the model announced, says to do it in this turn, and names both escape phrases
 * so a real approval wait or an empty queue has a way out that gate 4 honours.
 */
import type { Language } from "../config.ts";

export type BlockCause =
  | { cause: "announcement"; excerpt: string }
  | { cause: "todo"; open: number; first: string };

export interface ReasonOptions {
  language: Language;
  /** This block's number for the session (blocks so far + 1) and the cap. */
  block: number;
  cap: number;
}

/** The escape phrases gate 4 honours, per language, as written in the reason. */
export const ESCAPES: Record<Language, { approval: string; end: string }> = {
  en: { approval: "AWAITING APPROVAL: <reason>", end: "END UNATTENDED: <reason>" },
  ko: { approval: "승인 대기: <사유>", end: "무중단 모드 종료: <사유>" },
  ja: { approval: "承認待ち: <理由>", end: "無人モード終了: <理由>" },
};

function en(c: BlockCause, o: ReasonOptions): string {
  const e = ESCAPES.en;
  const what = c.cause === "announcement"
    ? `your turn ended right after announcing work you have not done: "${c.excerpt}". Do that work now, in this turn: make the tool calls instead of describing them`
    : `${c.open} todo item(s) are still open, next "${c.first}". Continue with it now, in this turn`;
  return `vigil (unattended mode): ${what}. If a human decision is truly required, end your message with "${e.approval}". If there is nothing left you can do, end it with "${e.end}". (stop block ${o.block}/${o.cap})`;
}

function ko(c: BlockCause, o: ReasonOptions): string {
  const e = ESCAPES.ko;
  const what = c.cause === "announcement"
    ? `아직 하지 않은 작업을 예고하고 턴을 끝내려 했습니다: "${c.excerpt}". 예고한 작업을 지금 이 턴에서 실행하세요. 설명하지 말고 도구를 호출하세요`
    : `끝나지 않은 할 일이 ${c.open}개 남아 있습니다 (다음: "${c.first}"). 지금 이 턴에서 이어서 진행하세요`;
  return `vigil (무중단 모드): ${what}. 사람의 판단이 꼭 필요하면 메시지 끝에 "${e.approval}"를, 진행할 작업이 정말 없으면 "${e.end}"를 쓰세요. (차단 ${o.block}/${o.cap})`;
}

function ja(c: BlockCause, o: ReasonOptions): string {
  const e = ESCAPES.ja;
  const what = c.cause === "announcement"
    ? `まだ行っていない作業を予告したままターンを終えようとしました:「${c.excerpt}」。予告した作業を今、このターンの中で実行してください。説明ではなくツールを呼び出してください`
    : `未完了の ToDo が ${c.open} 件残っています（次:「${c.first}」）。このターンの中で続けてください`;
  return `vigil（無人モード）: ${what}。人の判断がどうしても必要な場合はメッセージの最後に「${e.approval}」と、進められる作業が本当に残っていない場合は「${e.end}」と書いてください。（ブロック ${o.block}/${o.cap}）`;
}

/** The block reason for a Stop the gate refused, in the configured language. */
export function blockReason(cause: BlockCause, opts: ReasonOptions): string {
  if (opts.language === "ko") return ko(cause, opts);
  if (opts.language === "ja") return ja(cause, opts);
  return en(cause, opts);
}
