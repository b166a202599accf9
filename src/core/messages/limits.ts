/**
 * The context guard's messages (product.md section 4) in English, Korean and Japanese. Each
 * says what happened, the measured number, the limit and what is still open. They state
 * facts rather than "SYSTEM" commands: imperative system-style text can trip the model's
 * prompt-injection defences (contract Part B section 4).
 */
import type { Language } from "../config.ts";
import { formatTokens, type Measured, measuredPhrase, quotedList } from "./format.ts";

export interface SoftParams extends Measured {
  /** The SOFT limit crossed. */
  limit: number;
  /** The HARD limit, from which only handoff work is let through. */
  hard: number;
}

/** The one-time notice on the first tool event over SOFT (goes out as additionalContext). */
export function softNotice(lang: Language, p: SoftParams): string {
  const m = measuredPhrase(lang, p), soft = formatTokens(p.limit), hard = formatTokens(p.hard);
  switch (lang) {
    case "en":
      return `vigil: this worker session's context is over the soft limit (${m}; limit ${soft}). ` +
        `What is expected now: finish the current ticket, write "new session needed" in the report, and take no new work. ` +
        `Tool calls for the current ticket keep working; from the hard limit of ${hard} only handoff work is let through ` +
        `(the handoff document, git, PR and issue comments, reports). New instructions are refused; a request to write the handoff document is still accepted`;
    case "ko":
      return `vigil: 이 작업자 세션의 컨텍스트가 SOFT 상한을 넘었습니다 (${m}, 상한 ${soft}). ` +
        `이제 할 일: 지금 티켓을 마치고, 보고에 "새 세션 필요"(new session needed)를 적고, 새 일은 받지 않습니다. ` +
        `지금 티켓을 위한 도구 호출은 계속 됩니다. HARD 상한 ${hard}부터는 넘김 작업(넘김 문서, git, PR·이슈 댓글, 보고)만 열려 있습니다. ` +
        `새 지시는 거절되고, 넘김(handoff) 문서를 쓰라는 요청은 받습니다`;
    case "ja":
      return `vigil: このワーカーセッションのコンテキストが SOFT 上限を超えました（${m}、上限 ${soft}）。` +
        `この後の流れ: 今のチケットを終え、報告に「新しいセッションが必要」(new session needed) と書き、新しい作業は受けません。` +
        `今のチケットのためのツール呼び出しは続けられます。HARD 上限 ${hard} からは引き継ぎ作業（引き継ぎ書、git、PR・issue のコメント、報告）だけが通ります。` +
        `新しい指示は拒否され、引き継ぎ書 (handoff) を書く依頼は受け付けます`;
  }
}

export interface RefusalParams extends Measured {
  limit: number;
  /** Slash commands that still pass (config.passCommands). */
  passCommands: readonly string[];
  /** The prompt asked for the handoff and for other work: the clause that asked for the rest. */
  otherWork?: string;
}

/**
 * The reason a new instruction is refused over SOFT; the sender learns how to get a handoff,
 * and that it passes only alone (issue 31: "write the handoff, then <next task>" is refused).
 */
export function softRefusal(lang: Language, p: RefusalParams): string {
  const m = measuredPhrase(lang, p), soft = formatTokens(p.limit);
  const cmds = p.passCommands.length ? quotedList(p.passCommands) : "";
  const other = p.otherWork;
  switch (lang) {
    case "en":
      return `vigil: this prompt was not delivered. The worker session's context is over the soft limit (${m}; limit ${soft}), ` +
        `so it takes no new instructions: a new worker session is needed for new work. ` +
        (other
          ? `This prompt asks for the handoff and also for other work ("${other}"), so it was refused as a whole. `
          : "") +
        `A request to write the handoff document that asks for nothing else is still accepted (for example "write the handoff document")` +
        (cmds ? `, and so are ${cmds}` : "");
    case "ko":
      return `vigil: 이 프롬프트는 전달되지 않았습니다. 작업자 세션의 컨텍스트가 SOFT 상한을 넘었습니다 (${m}, 상한 ${soft}). ` +
        `그래서 새 지시는 받지 않으며, 새 일에는 새 작업자 세션이 필요합니다. ` +
        (other ? `이 프롬프트는 넘김 문서와 함께 다른 일("${other}")도 요청하므로 전체가 거절되었습니다. ` : "") +
        `다른 일 없이 넘김 문서만 쓰라는 요청은 받습니다 (예: "handoff 문서 작성해")` +
        (cmds ? `. ${cmds}도 받습니다` : "");
    case "ja":
      return `vigil: このプロンプトは渡されませんでした。ワーカーセッションのコンテキストが SOFT 上限を超えているため（${m}、上限 ${soft}）、` +
        `新しい指示は受け付けません。新しい作業には新しいワーカーセッションが必要です。` +
        (other
          ? `このプロンプトは引き継ぎ書とともに別の作業（「${other}」）も求めているため、全体を拒否しました。`
          : "") +
        `ほかの作業を含まない、引き継ぎ書を書く依頼は受け付けます（例:「引き継ぎ書を書いて」）` +
        (cmds ? `。${cmds} も受け付けます` : "");
  }
}

export interface HardParams {
  tokens: number | null;
  limit: number;
  /** The tool that was denied. */
  tool: string;
  /** Why the HARD check denied it (e.g. the command that is not on the allow-list). */
  why: string;
  estimate?: number | null;
  /** Configured report-to-orchestrator commands, named so the worker knows them. */
  reportCommands?: readonly string[];
  /** Configured handoff document globs. */
  handoffGlobs?: readonly string[];
  /** The vigil commands that pass at HARD (`VIGIL_COMMANDS_AT_HARD`), named one by one. */
  vigilCommands: readonly string[];
}

/** The PreToolUse deny reason at HARD; it lists everything that is still open. */
export function hardDenyReason(lang: Language, p: HardParams): string {
  const m = measuredPhrase(lang, { tokens: p.tokens, estimate: p.estimate ?? null });
  const hard = formatTokens(p.limit);
  const globs = p.handoffGlobs?.length ? ` (${quotedList(p.handoffGlobs)})` : "";
  const reports = p.reportCommands?.length ? ` (${quotedList(p.reportCommands)})` : "";
  const why = p.why ? ` (${p.why})` : "";
  const vigil = p.vigilCommands.join(", ");
  switch (lang) {
    case "en":
      return `vigil: "${p.tool}" was not run${why}. This worker session's context is over the hard limit (${m}; limit ${hard}). ` +
        `Still allowed: reading and writing the handoff document${globs}; git add, commit, push, status, diff, log and show; ` +
        `gh pr comment and gh issue comment; report commands${reports}; kill <pid> of this session's own processes; stopping background tasks; vigil's read and hand-over commands (${vigil})`;
    case "ko":
      return `vigil: "${p.tool}"은(는) 실행되지 않았습니다${why}. 이 작업자 세션의 컨텍스트가 HARD 상한을 넘었습니다 (${m}, 상한 ${hard}). ` +
        `아직 열려 있는 것: 넘김 문서 읽기·쓰기${globs}, git add·commit·push·status·diff·log·show, ` +
        `gh pr comment·gh issue comment, 보고 명령${reports}, 이 세션의 프로세스에 대한 kill <pid>, 배경 작업 멈추기, vigil의 읽기·넘김 명령 (${vigil})`;
    case "ja":
      return `vigil: "${p.tool}" は実行されませんでした${why}。このワーカーセッションのコンテキストが HARD 上限を超えています（${m}、上限 ${hard}）。` +
        `まだ使えるもの: 引き継ぎ書の読み書き${globs}、git add・commit・push・status・diff・log・show、` +
        `gh pr comment・gh issue comment、報告コマンド${reports}、このセッション自身のプロセスへの kill <pid>、バックグラウンドタスクの停止、vigil の読み取り・引き継ぎコマンド（${vigil}）`;
  }
}
