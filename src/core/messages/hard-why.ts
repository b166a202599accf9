/**
 * Why the HARD allow-list refused a call, as data, and in words per language. The audit keeps
 * the English words (one language in the log); the deny reason the worker reads speaks the
 * session's language, like the rest of that reason (messages/limits.ts).
 */
import type { Language } from "../config.ts";

/** A kind of word the refusal names (each translated; the word itself is quoted verbatim). */
export type HardNoun =
  | "git option"
  | "git push option"
  | "setting"
  | "command name"
  | "kill target"
  | "pkill argument"
  | "write target";

/** Why one call was refused. */
export type HardWhy =
  /** `"npm"` (or `setting "PATH"`) is not on the allow-list. */
  | { k: "not-allowed"; what: string; noun?: HardNoun }
  /** A shell construct the line analyser refuses (`arithmetic`, `array-subscript`, …). */
  | { k: "construct"; what: string }
  /** A word only known when the line runs (`$CMD`, `"$(…)"`). */
  | { k: "not-static"; what: string; noun: HardNoun }
  /** A command that selects processes by name, pattern or group, or ends tmux sessions. */
  | { k: "reaches-others"; what: string; how: "by-name" | "by-pattern" | "by-option" | "ends-sessions" | "group" }
  /** A kill/pkill target outside this session's process tree (or the tree is unknown). */
  | { k: "not-own"; cmd: "kill" | "pkill"; target: string; treeKnown: boolean }
  | { k: "not-pid"; what: string }
  | { k: "no-target" }
  | { k: "needs-pid" }
  | { k: "heredoc-only"; what: string }
  /** A write or read outside the handoff documents (`tool` for Read/Grep/Glob/Edit…). */
  | { k: "not-handoff"; path: string; tool?: string }
  /** The line could not be parsed (`error`), or no command was given (null). */
  | { k: "unparseable"; error: string | null };

type Words = {
  nouns: Record<HardNoun, string>;
  render: (w: HardWhy, noun: (n: HardNoun) => string) => string;
};

const q = (s: string) => `"${s}"`;

const WORDS: Record<Language, Words> = {
  en: {
    nouns: {
      "git option": "git option",
      "git push option": "git push option",
      setting: "setting",
      "command name": "command name",
      "kill target": "kill target",
      "pkill argument": "pkill argument",
      "write target": "write target",
    },
    render: (w, noun) => {
      switch (w.k) {
        case "not-allowed":
          return `${w.noun ? `${noun(w.noun)} ` : ""}${q(w.what)} is not allowed at the hard limit`;
        case "construct":
          return `${w.what} is not allowed at the hard limit`;
        case "not-static":
          return `${noun(w.noun)} ${q(w.what)} is not static${w.noun === "kill target" ? ": name the pid" : ""}`;
        case "reaches-others":
          return w.how === "by-name"
            ? `${q(w.what)} matches by name and could reach other sessions`
            : w.how === "by-pattern"
            ? `${w.what} by pattern could reach other sessions: use kill <pid> or pkill -P <pid>`
            : w.how === "group"
            ? `${q(w.what)} reaches the whole process group`
            : w.how === "ends-sessions"
            ? `${q(w.what)} could end other sessions`
            : `pkill ${q(w.what)} could reach other sessions`;
        case "not-own":
          return `${w.cmd} ${w.target}: ${
            w.treeKnown ? "not in this session's process tree" : "the session's process tree is unknown"
          }`;
        case "not-pid":
          return `kill target ${q(w.what)} is not a pid of this session`;
        case "no-target":
          return "kill names no process";
        case "needs-pid":
          return "pkill -P needs a static pid";
        case "heredoc-only":
          return `${q(w.what)} may only read a heredoc at the hard limit`;
        case "not-handoff":
          return w.tool
            ? `${w.tool} ${q(w.path)} does not stay within handoff documents`
            : `${q(w.path)} is not a handoff document`;
        case "unparseable":
          return w.error ?? "no command given";
      }
    },
  },
  ko: {
    nouns: {
      "git option": "git 옵션",
      "git push option": "git push 옵션",
      setting: "환경 변수 설정",
      "command name": "명령 이름",
      "kill target": "kill 대상",
      "pkill argument": "pkill 인자",
      "write target": "쓰기 대상",
    },
    render: (w, noun) => {
      switch (w.k) {
        case "not-allowed":
          return `${w.noun ? `${noun(w.noun)} ` : ""}${q(w.what)}은(는) HARD 상한에서 허용되지 않습니다`;
        case "construct":
          return `${w.what} 구문은 HARD 상한에서 허용되지 않습니다`;
        case "not-static":
          return `${noun(w.noun)} ${q(w.what)}이(가) 고정된 값이 아닙니다${
            w.noun === "kill target" ? ": pid를 직접 적으세요" : ""
          }`;
        case "reaches-others":
          return w.how === "by-name"
            ? `${q(w.what)}은(는) 이름으로 찾기 때문에 다른 세션에 닿을 수 있습니다`
            : w.how === "by-pattern"
            ? `패턴으로 찾는 ${w.what}은(는) 다른 세션에 닿을 수 있습니다: kill <pid> 또는 pkill -P <pid>를 쓰세요`
            : w.how === "group"
            ? `${q(w.what)}은(는) 프로세스 그룹 전체에 닿습니다`
            : w.how === "ends-sessions"
            ? `${q(w.what)}은(는) 다른 세션을 끝낼 수 있습니다`
            : `pkill ${q(w.what)}은(는) 다른 세션에 닿을 수 있습니다`;
        case "not-own":
          return `${w.cmd} ${w.target}: ${
            w.treeKnown ? "이 세션의 프로세스 트리에 없습니다" : "이 세션의 프로세스 트리를 알 수 없습니다"
          }`;
        case "not-pid":
          return `kill 대상 ${q(w.what)}은(는) 이 세션의 pid가 아닙니다`;
        case "no-target":
          return "kill이 프로세스를 지정하지 않았습니다";
        case "needs-pid":
          return "pkill -P에는 고정된 pid가 필요합니다";
        case "heredoc-only":
          return `${q(w.what)}은(는) HARD 상한에서 heredoc만 읽을 수 있습니다`;
        case "not-handoff":
          return w.tool
            ? `${w.tool} ${q(w.path)}이(가) 넘김 문서 안에 머물지 않습니다`
            : `${q(w.path)}은(는) 넘김 문서가 아닙니다`;
        case "unparseable":
          return w.error === null ? "명령이 없습니다" : `명령 줄을 해석할 수 없습니다 (${w.error})`;
      }
    },
  },
  ja: {
    nouns: {
      "git option": "git オプション",
      "git push option": "git push オプション",
      setting: "環境変数の設定",
      "command name": "コマンド名",
      "kill target": "kill の対象",
      "pkill argument": "pkill の引数",
      "write target": "書き込み先",
    },
    render: (w, noun) => {
      switch (w.k) {
        case "not-allowed":
          return `${w.noun ? `${noun(w.noun)} ` : ""}${q(w.what)} は HARD 上限では許可されていません`;
        case "construct":
          return `${w.what} の構文は HARD 上限では許可されていません`;
        case "not-static":
          return `${noun(w.noun)} ${q(w.what)} が固定値ではありません${
            w.noun === "kill target" ? "。pid を直接書いてください" : ""
          }`;
        case "reaches-others":
          return w.how === "by-name"
            ? `${q(w.what)} は名前で探すため、他のセッションに届くおそれがあります`
            : w.how === "by-pattern"
            ? `パターンで探す ${w.what} は他のセッションに届くおそれがあります。kill <pid> か pkill -P <pid> を使ってください`
            : w.how === "group"
            ? `${q(w.what)} はプロセスグループ全体に届きます`
            : w.how === "ends-sessions"
            ? `${q(w.what)} は他のセッションを終わらせるおそれがあります`
            : `pkill ${q(w.what)} は他のセッションに届くおそれがあります`;
        case "not-own":
          return `${w.cmd} ${w.target}: ${
            w.treeKnown ? "このセッションのプロセスツリーにありません" : "このセッションのプロセスツリーが分かりません"
          }`;
        case "not-pid":
          return `kill の対象 ${q(w.what)} はこのセッションの pid ではありません`;
        case "no-target":
          return "kill がプロセスを指定していません";
        case "needs-pid":
          return "pkill -P には固定の pid が必要です";
        case "heredoc-only":
          return `${q(w.what)} は HARD 上限では heredoc しか読めません`;
        case "not-handoff":
          return w.tool
            ? `${w.tool} ${q(w.path)} が引き継ぎ書の中に収まっていません`
            : `${q(w.path)} は引き継ぎ書ではありません`;
        case "unparseable":
          return w.error === null ? "コマンドがありません" : `コマンド行を解析できません（${w.error}）`;
      }
    },
  },
};

/** The refusal in words: English for the audit log, the session's language for the deny reason. */
export function hardWhyText(lang: Language, w: HardWhy): string {
  const words = WORDS[lang];
  return words.render(w, (n) => words.nouns[n]);
}
