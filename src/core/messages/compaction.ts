/**
 * The early compaction warning (product.md section 5, seed 002) in English, Korean and
 * Japanese: sent once per compaction cycle when the context passes `warnPercent` of the
 * window, so state is saved at a good stopping point rather than whenever compaction hits.
 */
import type { Language } from "../config.ts";
import { formatTokens } from "./format.ts";

export interface WarnParams {
  tokens: number;
  window: number;
  /** The configured warning level, percent of the window. */
  warnPercent: number;
}

/** The one-time notice to save state with /pre-compact-save before compaction comes. */
export function compactionWarning(lang: Language, p: WarnParams): string {
  const pct = p.window > 0 ? Math.floor((p.tokens / p.window) * 100) : 0;
  const t = formatTokens(p.tokens), w = formatTokens(p.window);
  switch (lang) {
    case "en":
      return `vigil: the context is at ${pct}% of the window (${t} of ${w} tokens), past the early warning level of ${p.warnPercent}%. ` +
        `Automatic compaction will summarise it later and can drop decisions and constraints; ` +
        `saving state with /pre-compact-save at a good stopping point keeps them for after the compaction`;
    case "ko":
      return `vigil: 컨텍스트가 창의 ${pct}%입니다 (${w} 토큰 중 ${t} 토큰, 조기 경고 기준 ${p.warnPercent}%). ` +
        `자동 정리(compact)가 나중에 요약하면서 결정과 제약을 잃을 수 있습니다. ` +
        `적당히 끊기는 지점에서 /pre-compact-save로 상태를 저장해 두면 정리 뒤에도 남습니다`;
    case "ja":
      return `vigil: コンテキストがウィンドウの ${pct}% です（${w} トークン中 ${t} トークン、早期警告の基準 ${p.warnPercent}%）。` +
        `自動コンパクトが後で要約すると、決定事項や制約が失われることがあります。` +
        `区切りのよいところで /pre-compact-save で状態を保存しておくと、コンパクト後も残ります`;
  }
}
