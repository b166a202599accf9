/**
 * The requests that still pass the SOFT guard (product.md section 4): asking for the handoff
 * document, and the slash commands that save state or compact. Whoever sent the work is told
 * these pass, so they are how an orchestrator gets a handoff from a worker over its limit.
 *
 * A handoff request is a request, not a keyword: "fix the handoff parser crash" and "the
 * handover flow in checkout is broken, fix it" are tickets about code named "handoff". A
 * prompt passes when some clause asks to write, update or finish the handoff document (or to
 * hand over) and no clause asks for other work. The line, per language, is drawn in
 * test/core/handoff-request.test.ts.
 */

/** Leading whitespace, BOM and zero-width characters are not part of the opening. */
function trimStart(s: string): string {
  return s.replace(/^[\s\uFEFF\u200B]+/, "");
}

/** Whether the prompt opens with one of the configured pass commands (args allowed). */
export function isPassCommand(text: string, passCommands: readonly string[]): boolean {
  const first = trimStart(text).split(/\s/, 1)[0].toLowerCase();
  if (!first.startsWith("/")) return false;
  return passCommands.some((c) => {
    const cmd = c.toLowerCase();
    // A plugin-installed skill is invoked as "/plugin:name".
    return first === cmd || first.endsWith(":" + cmd.replace(/^\//, ""));
  });
}

/** Bounds the work on one prompt; a handoff request is far shorter than this. */
const HANDOFF_WINDOW = 4_000;

/** How one language says "the handoff document", "write/update/finish it" and "other work". */
interface Lexicon {
  /** A request in one clause: a document verb with the handoff as its object, or "hand over". */
  request: RegExp;
  /** The handoff word used as the name of code or a feature ("handoff parser", "인계 흐름"). */
  thing: RegExp;
  /** A clause that asks for other work. */
  work: RegExp;
  /** A clause that says not to write it ("don't write the handoff yet"). */
  negated: RegExp;
}

const EN_NOUN = String
  .raw`(?:hand[-\s]?(?:off|over)s?(?:[-\s](?:doc(?:ument)?s?|notes?|file|memo|report|summary|write-?up))?|handoff\.md)`;
const EN_VERB = String
  .raw`(?:write(?:\s+up)?|update|finish|finali[sz]e|complete|prepare|draft|create|produce|fill\s+in|make|save|do|add\s+to|record|refresh|wrap\s+up|start|give\s+me|send\s+me|leave)`;

const EN: Lexicon = {
  request: new RegExp(
    String
      .raw`\b${EN_VERB}\s+(?:(?:the|a|an|your|our|my|its|this|that)\s+)?(?:(?:new|final|short|brief|full|current)\s+)?${EN_NOUN}(?![-\w])` +
      String
        .raw`|^(?:(?:please|now|ok(?:ay)?|right|so)[,\s]+)*(?:hand\s*(?:off|over)|${EN_NOUN})\b(?:\s*(?:please|now|time))?\s*[.!:]?\s*$` +
      String
        .raw`|^(?:(?:please|now|ok(?:ay)?|then|so)[,\s]+)*hand\s*(?:off|over)\s+(?:to|your|the\s+(?:ticket|work|session)|now|please)\b` +
      String.raw`|\b(?:time\s+to|ready\s+to|need\s+(?:you\s+)?to|go\s+ahead\s+and)\s+hand\s*(?:off|over)\b`,
    "i",
  ),
  thing: new RegExp(
    String
      .raw`\bhand[-\s]?(?:off|over)s?[-\s]+(?:parser|flow|bug|crash|code|module|test|tests|endpoint|api|feature|logic|pr|function|service|page|screen|handler|job|queue|script|step|button|form|component|table|schema|migration|worker|protocol|format)\b`,
    "i",
  ),
  work: new RegExp(
    String
      .raw`^(?:(?:please|now|also|and|then|next|first|ok(?:ay)?|so|after\s+that)[,\s]+)*(?:fix|implement|add|refactor|build|review|investigate|debug|deploy|run|test|take|start\s+(?:on|with)|work\s+on|continue\s+(?:with|on)|pick\s+up|change|rename|remove|delete|migrate|rewrite|port|optimi[sz]e|upgrade|install|merge|rebase|open\s+a\s+pr)\b` +
      String.raw`|\b(?:next\s+)?ticket\s*#?\d+|^#\d+\b|\bis\s+(?:broken|failing|crashing)\b`,
    "i",
  ),
  negated:
    /\b(?:don'?t|do\s+not|no\s+need\s+to|never|not\s+yet|stop\s+writing)\b[^.;!?]{0,30}\bhand[-\s]?(?:off|over)/i,
};

const KO_NOUN = String
  .raw`(?:인계\s*(?:서|문서|노트|메모|파일|자료)|인수인계\s*(?:서|문서|노트|메모|자료)?|핸드오프(?:\s*(?:문서|노트|파일))?|핸드오버(?:\s*(?:문서|노트))?|넘김\s*문서|이관\s*문서|hand[-\s]?(?:off|over)(?:\s*(?:문서|노트|파일))?|handoff\.md)`;
const KO: Lexicon = {
  request: new RegExp(
    String
      .raw`${KO_NOUN}\s*(?:을|를|도|은|는)?\s*(?:작성|써|쓰|정리|업데이트|갱신|마무리|완성|남겨|남기|만들|채워|준비|마쳐|끝내)` +
      String.raw`|(?:^|\s)(?:인계|인수인계|핸드오프)\s*(?:해|하(?:세요|십시오|자|고)|해\s*(?:줘|주세요|주십시오))`,
    "i",
  ),
  thing:
    /(?:인계|핸드오프|핸드오버|hand[-\s]?(?:off|over))\s*(?:파서|흐름|플로우|기능|버그|코드|로직|모듈|테스트|화면|페이지|api|처리|크래시)/i,
  work:
    /(?:고쳐|고치|수정|구현|추가|리팩터|리팩토링|빌드|리뷰|검토해|조사|디버그|배포|실행해|진행해|이어서|시작해|변경|삭제|이전해)|티켓\s*#?\d+|깨졌|망가졌|안\s*돼/,
  negated: /(?:인계|핸드오프|인수인계)[^.!?。\n]{0,20}(?:쓰지\s*마|하지\s*마|작성하지\s*마|필요\s*없|아직)/,
};

const JA_NOUN = String
  .raw`(?:引き?継ぎ(?:書|資料|文書|メモ|ドキュメント|ノート)?|引継(?:書|資料|文書|メモ)|ハンドオ(?:フ|ーバー)(?:文書|資料|メモ|ドキュメント)?|hand[-\s]?(?:off|over)(?:\s*(?:文書|資料|メモ))?|handoff\.md)`;
const JA: Lexicon = {
  request: new RegExp(
    String
      .raw`${JA_NOUN}\s*(?:を|も|は)?\s*(?:書い|書き|書く|作成|作っ|作り|作る|更新|まとめ|仕上げ|完成|残し|用意|準備|記入|終わらせ)` +
      String.raw`|引き?継いで(?:ください|下さい|くれ|ほしい)?|引き継ぎ(?:を)?(?:して|お願い)`,
    "i",
  ),
  thing:
    /(?:引き?継ぎ|引継|ハンドオ(?:フ|ーバー)|hand[-\s]?(?:off|over))\s*(?:処理|機能|フロー|パーサー?|バグ|コード|ロジック|モジュール|テスト|画面|ページ|api|クラッシュ)/i,
  work:
    /(?:直して|修正|実装|追加|リファクタ|ビルド|レビュー|調査|デバッグ|デプロイ|実行して|進めて|続けて|着手|変更|削除|移行)|チケット\s*#?\d+|壊れ|落ちる/,
  negated: /(?:引き?継ぎ|ハンドオフ)[^。.!?\n]{0,20}(?:書かないで|不要|まだ(?:いい|書かない))/,
};

const LEXICONS: readonly Lexicon[] = [EN, KO, JA];

/** Sentences and the clauses joined by "and then", "then", ", and", "하고", "して". */
function clauses(text: string): string[] {
  return text
    .split(
      /[.;!?。！？\n]+|,?\s+(?:and\s+then|then|and\s+also|and|after\s+that)\s+|,\s*(?=[a-z])|(?<=고)\s+|(?:한\s*다음|한\s*뒤)\s+|(?<=して)(?:から|、)|(?<=した)後で?/i,
    )
    .map((c) => c.trim())
    .filter((c) => c !== "");
}

/** What one clause asks for. */
function clauseKind(clause: string): "handoff" | "work" | "other" {
  let handoff = false;
  for (const lx of LEXICONS) {
    if (lx.thing.test(clause) || lx.work.test(clause)) return "work";
    if (lx.request.test(clause) && !lx.negated.test(clause)) handoff = true;
  }
  return handoff ? "handoff" : "other";
}

/** Whether the text asks for the handoff document (English, Korean, Japanese) and nothing else. */
export function isHandoffRequest(text: string): boolean {
  const head = trimStart(text);
  if (head.length > HANDOFF_WINDOW) return false;
  if (LEXICONS.some((lx) => lx.negated.test(head))) return false;
  const kinds = clauses(head).map(clauseKind);
  return kinds.includes("handoff") && !kinds.includes("work");
}
