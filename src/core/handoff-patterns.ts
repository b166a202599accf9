/**
 * The patterns both judges of the handoff exception read a clause with (handoff-request.ts's clause judge and
 * handoff-mood.ts's mood judge), each compiled once, on first use, and shared by the two. The patterns the judges read
 * differently (another document, a task after "+", a handoff put off, the verbs of work) are each judge's own.
 */

const r = String.raw;

/** Imperative verbs of work that start a clause after a comma ("…, fix the parser"). */
export const EN_WORK_VERB =
  r`(?:re-?)?(?:fix|implement|add|refactor|build|review|investigate|debug|deploy|run|test|take|start|work|continue|pick|change|rename|remove|delete|migrate|rewrite|port|optimi[sz]e|upgrade|install|merge|rebase|open|switch|move|replace|update|create|write|make|bump|release|publish|clean|set|configure|enable|disable|check|verify|look|try|finish|complete|close|resolve|handle|address|tackle|do|go|help|send|reply|answer|file|draft|prepare|draft)`;
/** Verbs that open a clause of their own after "and": work, and what supports the handoff. */
export const EN_CLAUSE_VERB =
  r`(?:${EN_WORK_VERB}|commit|push|stop|exit|include|list|note|mention|record|summari[sz]e|leave|wrap|hand|put|save|describe|explain)`;

/**
 * A pattern built once, on first use. Each module keeps its own: JSC counts calls per function in the source, and one
 * helper for every pattern of both judges was called often enough to be compiled by the baseline JIT in a hook naming
 * the handoff, about 1 MiB of its peak RSS (bench/hook-rss.ts, with and without BUN_JSC_useBaselineJIT=0).
 */
function lazy<T>(make: () => T): () => T {
  let v: T | undefined;
  return () => (v ??= make());
}

/**
 * A Japanese clause can chain two steps on a -て form with no comma ("…を更新してREADMEも直して"): the
 * finer parts, split after a -て form that does not go on to an auxiliary (-ている, -ておいて,
 * -てください, -てもらえる, -てほしい…), are judged too, and one of them that reads as other work refuses
 * the clause.
 */
export const FINE = lazy((): RegExp =>
  /(?<=(?:し|い|っ|え|け|め|れ|せ|げ|べ|み|ち|き|じ)て|んで|いで)(?![いおくもほあねーよなは、。！？!?」）)\s]|$)|[,，、]\s*|\s+(?:and|&|\+)\s+|\s*[+＋]\s*/u
);

/** A ban or a stop ("don't start anything else", 바꾸지 마, 始めないで): asks for no work. */
export const BAN = lazy((): RegExp =>
  /\b(?:don'?t|do\s+not|never|no\s+(?:new|more|other))\b(?!\s+forget)|\bstop\s+(?:\w+ing)\b|지\s*(?:마|말|않)|금지|그만|ないで|なし|禁止|やめ/i
);

/** A purpose before the work: "…하도록", "…위해(서)", "…ために、", "…ように、", "so (that) the handoff …,". */
export const PURPOSE = lazy((): RegExp =>
  /^[^.!?。]*?(?:(?:하|되|있|쉽|알)도록|수\s*있게|위해(?:서)?|ために|ように|\bso\s+(?:that\s+)?[^,]*,)\s*[、,]?\s*/i
);

/** Verbs that finish, make or fix something (not the document's own verbs: write, summarize, record). */
export const VERB_OF_ANY = lazy((): RegExp =>
  /마무리|끝내|완성|만들|고치|고쳐|수정|구현|처리|측정|실행|돌려|仕上げ|終わらせ|作っ|作る|直|修正|実装|対応|片付け|測定|実行|\b(?:finish|complete|fix|make|build|implement|get|clean|run|measure)\b/i
);

/** A clause that ends in the past or as praise: Korean -었/았/셨 + 어요/네요/습니다, Japanese -た/ました/でした. */
export const PAST = lazy((): RegExp =>
  /(?:었|았|였|했|셨|됐|웠)(?:어요|네요|습니다|어|네|다|군요|죠|더라고요|더라)[\s.!~…]*\p{Extended_Pictographic}*[\s.!~…]*$|(?:ました|でした|った|いた|した|えた|けた|れた|だった|てくれた|てもらった)(?:ね|よ|な|です|けど)?[\s。.!！…]*\p{Extended_Pictographic}*[\s。.!！…]*$/u
);

/** A request form in a clause, per language: "please / can you" or an English imperative, 줘 / 주세요, て / ください. */
export const ASK_FORM = lazy((): RegExp =>
  new RegExp(
    r`\b(?:please|pls|plz|kindly|can\s+(?:you|u)|could\s+you|would\s+you|will\s+you|need\s+you|want\s+you|make\s+sure|let'?s|go\s+ahead|don'?t|do\s+not)\b` +
      r`|^(?:(?:and|then|also|now|just|so|first|next|finally|but)\s+)*(?:${EN_CLAUSE_VERB}|keep|get|give|send|bring)\b` +
      r`|(?:줘|줘요|주세요|주십시오|주시고|해|해라|하세요|하십시오|하자|할\s*것|하기|바람|바랍니다|부탁|요망|둬|놔|세요|시오)[\s.!~…]*$` +
      r`|(?:て|で|ください|下さい|しろ|せよ|こと|お願い(?:します)?|よろしく|頼む|ほしい|欲しい|いただ\S*|くれ)[\s。.!！…]*$`,
    "i",
  )
);

/** A clause that ends as a question. */
export const QUESTION = lazy((): RegExp => /[?？]\s*$/);

/** A question that asks the reader to do it: "can you write it?", 써 줄래?, 書いてくれる？, 書いてもらえますか. */
export const ASKING_QUESTION = lazy((): RegExp =>
  /\b(?:can|could|would|will|won'?t|wo?uld)\s+(?:you|u|ya)\b|\b(?:mind|how\s+about|any\s+chance|please|pls)\b|\bwhy\s+(?:not|don'?t)\b|줄래|줄\s*수|주실|주시겠|주세요|줘|줄까|해\s*줄|할\s*수\s*있|수\s*있(?:을까|나|어|어요|습니까|겠)|해\s*볼래|할래|하실|될까|되나요|くれ|くださ|もらえ|もらっ|いただけ|ない(?:か|の)?\s*[?？]|ますか|ませんか|お願い|頼め/i
);

/** Verbs that fill a document, with or without its name. */
export const FILL = lazy((): RegExp =>
  /\b(?:write|update|refresh|record|note|put|add|append|summari[sz]e|jot|dump|capture|fill|finish|redo|rewrite|save|leave)\b|작성|써|쓰|적어|적|정리|업데이트|갱신|기록|남겨|요약|채워|반영|넣어|書い|書き|更新|まとめ|記録|残し|メモ|追記|要約|反映|入れ/i
);

/** "…, including a fix for the typo", "along with the SDK bump": a task carried in with the document. */
export const ALONG = lazy((): RegExp =>
  /\b(?:including|along\s+with|together\s+with|as\s+well\s+as|plus|and\s+also)\s+(?:\S+\s+){0,5}?(?:fix|fixes|bump|upgrade|migration|refactor(?:ing)?|deploy(?:ment)?|cleanup|switch|rename|release|rollout|patch|implementation|port|rewrite|PR|pull\s+request)\b/i
);

/** A source file named handoff (handoff.ts, hand_off.py): code, not the document. */
export const CODE_FILE = lazy((): RegExp =>
  /hand[-_]?(?:off|over)[\w-]*\.(?:ts|tsx|js|jsx|mjs|py|go|rs|rb|java|kt|swift|c|cc|cpp|h|cs|php|sh)\b/i
);

/** Verbs that save or deliver a document. */
export const DELIVER = lazy((): RegExp => /\b(?:save|commit|push|store)\b|저장|커밋|푸시|保存|コミット|プッシュ/i);

/** A whole clause that only forbids: "don't touch any other file", 다른 작업은 시작하지 마세요, 新しい作業は始めないで. */
export const BAN_CLAUSE = lazy((): RegExp =>
  new RegExp(
    r`^(?:(?:please|and|but|also|now)\s+)*(?:don'?t|do\s+not|never|no)\b(?!\s+(?:forget|need\s+to\s+wait))(?![^.;!?]*\b(?:but|instead|just|only|rather)\b)[^.;!?]*$` +
      r`|(?:지\s*(?:마|마요|마세요|말\s*것|말아\s*주세요|말아요|않도록)|금지|그만(?:해|하세요|해요)?|마세요)[.!~\s]*$` +
      r`|(?:ないで(?:ください|下さい|ね)?|しないこと|禁止|(?:は)?なしで|はなし|やめて(?:ください)?)[。.!！\s]*$`,
    "i",
  )
);

/** Where an English verb asks for something: the clause's start, or after please / can you / also / and / to… */
export const EN_ASK =
  r`(?:^|[:;+,]\s*|\b(?:please|pls|plz|so|and\s+so|can\s+(?:you|u)|could\s+you|would\s+you|will\s+you|also|then|and|must|should|need\s+to|you|i|we|let'?s|go\s+ahead\s+and|just|now|quickly|maybe|first|actually)\s+)`;

/** "X도 올려 줘", "Xも上げといて": an "also" on a thing that is not the document, with a verb that does not fill it. */
export const ALSO_WORK = lazy((): RegExp =>
  /(?<!것|점|내용|상황|이유|위치|결과)도\s*(?!(?:포함|적|넣|기록|써|쓰|남기|남겨|메모|정리|같이|함께))[가-힣]+\s*(?:줘|주세요|둬|놔|해|하세요|할\s*것)|(?<!こと|点|内容|状況|理由|場所|経緯|結果|の|いつ|で|と|に|て|く|し|ど|誰|何)も(?!う|っと|し|の|含め|書|入れ|記録|記載|追記|残|メモ|まとめ|一緒)[^\s、。]{1,8}(?:て|で)(?:おいて|といて|ください|ね|$)/
);

/** Verbs that make or add: the document's own verbs when the clause names it, other work when it does not. */
export const MAKE = lazy((): readonly [string, RegExp][] => [
  [
    "en",
    new RegExp(
      EN_ASK +
        r`(?:add|create|make(?!\s+sure)|build|draft|prepare|finish|complete|update|write|start|begin)\s+(?!(?:it|that|this|them|one|up|out|down)\b)\w`,
      "i",
    ),
  ],
  [
    "ko",
    /[가-힣A-Za-z0-9]+(?:을|를|도)\s*(?:작성|업데이트|써|쓰)|[가-힣A-Za-z0-9]+\s*(?:갱신|업데이트)\s*(?:해|하)|만들|추가(?!하면)|완성|구현/,
  ],
  [
    "ja",
    /(?<!こと|点|内容|状況|理由|場所|経緯|結果)(?:を|も)(?:作成|更新|書い|書く|仕上げ)|作っ|作る|追加(?!すれば)|完成|実装/,
  ],
]);

// The words both judges' lexicons are built from, where the two still spell them alike (each judge keeps its own
// KO_NOUN, JA_NOUN, verbs and lexicons: those differ).

/** How one language says "the handoff document", "write/update/summarize into it" and what supports it. */
export interface Lexicon {
  /** A clause asking for the document: a document verb with the handoff as its object or its target. */
  request: RegExp;
  /** The handoff word used as the name of code or a feature ("handoff parser", "인계 흐름"). */
  thing: RegExp;
  /** A clause that only supports the request: commit or push, stop, courtesy, contents, the reason. */
  support: RegExp;
  /** A clause that says not to write it ("don't write the handoff yet"). */
  negated: RegExp;
  /**
   * A supporting verb aimed elsewhere: another document or file as the target ("note it in the README",
   * "API 문서에도 기록", "READMEにも書いて"), or a thing made rather than noted ("write tests too", "テストも書いて").
   * Such a clause is other work even when its verb is one that fills the handoff.
   */
  foreign: RegExp;
  /** Why the handoff is asked for (the limit, the context, a change of worker), said without asking anything. */
  reason: RegExp;
  /** A clause that ends on a request to act: a reason clause ("the context is full") never does. */
  imperative: RegExp;
}

export const EN_NOUN =
  r`(?:(?:hand[-\s]?(?:off|over)|hnad[-\s]?off|hadnoff|handof+(?=\b)|hand[-\s]?of(?=\b))s?(?:[-\s](?:doc(?:ument)?s?|notes?|file|memo|report|summary|write-?up))?|(?:[\w.-]+/)*handoff\.md)`;

export const EN_DET =
  r`(?:(?:the|a|an|your|our|my|its|this|that)\s+)?(?:(?:new|final|short|brief|full|current|existing|latest|same|shared)\s+)?`;

/** Verbs that put something into the document ("summarize your progress into HANDOFF.md"). */
export const EN_INTO_VERB =
  r`(?:append|attach|leave|summari[sz]e|write(?:\s+(?:up|down))?|record|note|put|dump|capture|jot(?:\s+down)?|log|document|list|describe|add|save|update|collect|gather|consolidate|distil+|condense|move|copy)`;

/**
 * The end of a Korean or Japanese clause after its last word: spaces and punctuation only. (`\W` would do for
 * English, but Hangul and kana are `\W` too, so "\W*$" would let anything follow.)
 */
export const END = r`[\s.,!?~…。、！？・」』)）]*$`;

/** A Japanese request's polite tail: "…しておいてください", "…入れてね", "…お願いします". */
export const JA_TAIL = r`(?:おいて|しておいて)?(?:ください|下さい|くれ|ね|よ|ほしい|お願い(?:します|いたします)?)?`;

/** A Korean request's polite tail after the verb: "멈춰 주세요", "종료해 주세요". */
export const KO_TAIL = r`(?:\s*(?:해\s*)?(?:줘|줘요|주세요|주십시오|주실래요|둬|두세요|요))?`;

export const KO_DOC_VERB =
  r`(?:덧붙|붙여|최신(?:화|으로)|작성|써|쓰|정리|업데이트|갱신|마무리|완성|남겨|남기|만들|채워|준비|마쳐|끝내|기록|요약|적어|적|반영|추가|옮겨|담아|커밋|푸시)`;

/**
 * English coordinates a second verb with "and" / "then" and nothing else to mark it: a word that is neither a
 * determiner nor a word that supports the handoff, followed by its object (a determiner, a pronoun, a file name, a
 * capitalised name), is a verb with its own object: "…, and translate the docs", "and localize the error messages".
 * A noun in a list ("your status and blockers") has no object after it.
 */
export const EN_SECOND_VERB = (): RegExp =>
  new RegExp(
    r`(?:^|[\s,;])(?:and|then|plus|also)\s+(?:then\s+|also\s+|please\s+)?` +
      r`(?!(?:the|a|an|your|our|its|my|this|that|these|those|it|them|what|which|where|how|why|who|any|all|every|each|some|no|` +
      r`stop|end|exit|commit|push|include|list|note|mention|wrap|leave|hand|save|describe|explain|summari[sz]e|record|` +
      r`open|next|remaining|current|failing|known|pending|outstanding|unresolved|new)\b)` +
      // A pronoun object ("and copy it to notes/") is the same document.
      r`[a-z][\w-]*\s+(?:the|a|an|all|any|every|our|your|its|these|those|\S+\.[a-z]{1,5}\b|[A-Z][\w-]*)\b`,
    "",
  );
