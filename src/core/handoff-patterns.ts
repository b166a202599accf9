/**
 * The patterns both judges of the handoff exception read a clause with (handoff-request.ts's clause judge and
 * handoff-mood.ts's mood judge), each compiled once, on first use, and shared by the two. The patterns the judges read
 * differently (another document, a task after "+", a handoff put off, the verbs of work) are each judge's own.
 */

import { NAME } from "./handoff-names.ts";

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

/** A question word that wants an answer (an English one opens the question; 누가, 언제, 왜; 誰, いつ, なぜ anywhere). */
export const WH_QUESTION = lazy((): RegExp =>
  /^(?![>＞])(?:\W*(?:(?:so|and|but|also|btw|ok(?:ay)?|hey|um|uh|wait)[,\s]+)*(?:who|whom|whose|when|why|where|what|which|how)\b|.*?(?:누가|누구|언제|왜|어디|어째서|무슨|뭐가|뭘|誰|だれ|いつ|なぜ|なんで|どうして|どこ|何が|何を|どれ))/i
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
  /**
   * A small pattern that every text `request` matches matches too, tested first where most texts name nothing (the
   * hook's pre-check): the first match of a pattern builds it, and English `request` cost ~5 MiB of a hook's peak
   * RSS to build (bench/RESULTS.md, "Hook peak RSS"), on every prompt. Absent: `request` alone.
   */
  mayRequest?: RegExp;
}

/**
 * What every Korean or Japanese request pattern holds, its script or the English name its nouns also read ("hand"):
 * the `mayRequest` of those lexicons (an English prompt never builds them).
 */
export const MAY_KO = r`[\u3131-\u318E\uAC00-\uD7A3]|hand`;
export const MAY_JA = r`[\u3040-\u30FF\u4E00-\u9FFF]|hand`;

export const EN_NOUN =
  r`(?:(?:${NAME.en}|hnad[-\s]?off|hadnoff|handof+(?=\b))s?(?:[-\s](?:doc(?:ument)?s?|notes?|file|memo|report|summary|write-?up))?|(?:[\w.-]+/)*handoff\.md)`;

/**
 * Letters every match of EN_NOUN holds (each of its spellings starts so): with "hand", what an English request pattern
 * cannot match without. Its own small pattern: EN_NOUN itself is over a thousand characters.
 */
export const EN_NOUN_LETTERS = r`h(?:and|nad|adn)`;

export const EN_DET =
  r`(?:(?:the|a|an|your|our|my|its|this|that)\s+)?(?:(?:new|final|short|brief|full|current|existing|latest|same|shared)\s+)?`;

/** Verbs that put something into the document ("summarize your progress into HANDOFF.md"). */
const EN_INTO_VERB =
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
      // (Round 20: or an object named with a number, "decommission worker-7", "drain node3", "bump v2.4".)
      r`[a-z][\w-]*\s+(?:the|a|an|all|any|every|our|your|its|these|those|\S+\.[a-z]{1,5}\b|[A-Z][\w-]*|[a-z][a-z_]*-?\d[\w.-]*|(?:this|that|my|their)\s+(?!(?:one|doc|document|note|notes|file|handoff|summary|write-?up|memo)\b)[a-z][\w-]*)\b` +
      // (Round 20: or a bare plural at the clause's end, "and re-shard users", "and decommission old runners"; not a
      // list of what goes in, "and key decisions", "and test results".)
      r`|(?:^|[\s,;])(?:and|then|plus|also)\s+(?:then\s+|also\s+|please\s+)?(?!(?:key|main|recent|latest|other|related|relevant|important|blocking|blocked|flaky|broken|test|status|meeting|design|todo|follow-?up|action|decision|risk|lesson|gotcha|caveat|link|setup|release|next|remaining|current|failing|known|pending|outstanding|unresolved|new|open|any|all|some|no|your|our|my|its|their|the|a|an|these|those|nothing|more|less|other|what|which|where|how|why|who|when|whether|it|them|this|that|everything|anything|stop|end|exit|commit|push|include|list|note|mention|wrap|leave|hand|save|describe|explain|summari[sz]e|record)\b)` +
      r`[a-z][\w-]*\s+(?:(?!and\b|or\b)[a-z][\w-]*\s+)?[a-z][\w-]*[^s\W']s\s*[.!]*\s*$` +
      // (Round 20: a command line, "and npm publish", "and git tag v1.2"; a verb with a particle and someone, "and sync
      // with Dana", "and loop in security"; a hyphenated verb on a bare word, "and smoke-test staging"; a number of
      // things, "and spot-check three invoices".)
      r`|(?:^|[\s,;])(?:and|then|plus|also)\s+(?:then\s+|also\s+|please\s+)?(?:npm|yarn|pnpm|git|kubectl|helm|terraform|docker|make|cargo|pip|bun|npx|gh|aws|gcloud|ssh|scp|rsync|psql|mysql|redis-cli)\s+(?!(?:commit|push|add)\b)[a-z][\w-]*` +
      r`|(?:^|[\s,;])(?:and|then|plus|also)\s+(?:then\s+|also\s+|please\s+)?(?!(?:context|background|status|info|detail|summary|note|link|pointer|history|rationale|reasoning|decision|thought|todo|step|everything|anything|something|more|less|stuff|notes|details|links|steps|the|a|an|your|our|its|my|their|any|all|some|no|what|which|where|how|why|who|when|it|them|this|that|next|open|known|current|remaining|pending|outstanding|failing)\b)[a-z][\w-]*(?<![^s]s)\s+(?:with|in|up\s+with|out\s+to|back\s+to)\s+(?:[A-Z@#][\w-]*|security|legal|ops|qa|support|finance|product|design|infra|everyone|the\s+team)\b` +
      r`|(?:^|[\s,;])(?:and|then|plus|also)\s+(?!(?:next-step|follow-up|to-do|half-done|in-progress|long-term|short-term|high-level|low-level|up-to-date|step-by-step)\b)[a-z]+-[a-z]+\s+[a-z][\w-]*\s*[.!]*\s*$` +
      r`|(?:^|[\s,;])(?:and|then|plus|also)\s+(?:then\s+|also\s+|please\s+)?(?!(?:list|note|mention|include|record|describe|explain|summari[sz]e|add|write|name|give)\b)[a-z][\w-]*\s+(?:two|three|four|five|six|seven|eight|nine|ten|a\s+few|several|\d+)\s+[a-z]`,
    "",
  );

/** Where the two judges' English lexicons differ (each judge's file says why its words are what they are). */
export interface EnglishWords {
  /** Verbs whose object is the document itself ("write the handoff", "commit HANDOFF.md"). */
  verb: string;
  /** Words of courtesy or filler beyond the shared ones that make a clause of their own ("|oh|um"), or "". */
  courtesy: string;
  /** What may stand between a negation and the handoff word in "don't write the handoff yet": a character class. */
  negatedGap: string;
}

/** The English lexicon, both judges': the same patterns but for the words an EnglishWords names. */
export const enLexicon = (w: EnglishWords): Lexicon => ({
  // Every alternative of `request` below holds EN_NOUN or a literal "hand" (test/core/handoff-precheck.test.ts).
  mayRequest: new RegExp(EN_NOUN_LETTERS, "i"),
  request: new RegExp(
    r`\b${w.verb}\s+${EN_DET}${EN_NOUN}(?![-\w])` +
      r`|\b${EN_INTO_VERB}\b[^.;!?]{0,120}?\b(?:into|in|to|inside|within|as)\s+${EN_DET}${EN_NOUN}(?![-\w])` +
      r`|\b${w.verb}\s+(?:it|that|this)\s+(?:up\s+)?(?:in|into|as)\s+${EN_DET}${EN_NOUN}(?![-\w])` +
      r`|^(?:(?:please|now|ok(?:ay)?|right|so)[,\s]+)*(?:${NAME.en}|${EN_NOUN})\b(?:\s*(?:please|pls|plz|now|time))?\s*[.!:]?\s*$` +
      r`|^(?:(?:please|now|ok(?:ay)?|then|so)[,\s]+)*${NAME.en}\s+(?:to|your\s+${NAME.work}|the\s+(?:ticket|work|session)|now|please)\b` +
      r`|\b(?:time\s+to|ready\s+to|need\s+(?:you\s+)?to|go\s+ahead\s+and|let'?s)\s+${NAME.enAlone}\b` +
      r`|\b(?:need|want|require)\s+(?:a|the|your)\s+(?:new\s+|short\s+|proper\s+)?${EN_NOUN}(?![-\w])` +
      // "Hand this off", "get the handoff ready", "the handoff needs updating", "time for a handoff".
      r`|\bhand\s+(?:it|this|that|things|everything|the\s+\w+)\s+(?:off|over)\b` +
      r`|\b(?:get|make|have)\s+${EN_DET}${EN_NOUN}\s+(?:ready|done|written|finished|complete|up\s+to\s+date)\b` +
      r`|\bmake\s+sure\s+${EN_DET}${EN_NOUN}\s+is\s+(?:complete|up\s+to\s+date|written|done|finished|current)\b` +
      r`|\b${EN_NOUN}\s+(?:needs?|has)\s+(?:to\s+be\s+)?(?:updat|writ|finish|refresh|complet)\w*` +
      r`|\b(?:time|ready)\s+for\s+(?:a|the|your)\s+${EN_NOUN}(?![-\w])` +
      r`|\b(?:wrap|finish|end|close)\s+(?:it\s+|things\s+)?(?:up\s+)?with\s+${EN_DET}${EN_NOUN}(?![-\w])` +
      // "Wrap up by writing the handoff", "finish by updating HANDOFF.md".
      r`|\bbring\s+${EN_DET}${EN_NOUN}\s+up\s+to\s+date\b` +
      r`|\b(?:spend|use)\b[^.;!?]{0,60}?\bon\s+${EN_DET}${EN_NOUN}(?![-\w])` +
      r`|\bby\s+(?:writing|updating|finishing|preparing|drafting|putting\s+together|filling\s+in|completing)\s+${EN_DET}${EN_NOUN}(?![-\w])`,
    "i",
  ),
  thing: new RegExp(
    // "write the handoff and the migration script": a second object is other work.
    r`\b${EN_NOUN}\s+and\s+(?:the|a|an|its|some)\s+(?!${NAME.en})\w+|` +
      r`\b${NAME.en}s?[-\s]+(?:parser|flow|bug|crash|code|module|test|tests|endpoint|api|feature|logic|pr|function|service|page|screen|handler|job|queue|script|step|button|form|component|table|schema|migration|worker|protocol|format|writer|loader|renderer|generator|builder|exporter|importer|validator|serializer|bots?(?!\s*[:\]])|pool|cluster|database|db|server|servers|daemon|cron|pipeline|lambda|repo|repository|library|lib|package|plugin|app|service|sdk|cli|tool|tooling|client|widget|hook|webhook|dashboard|metric|metrics|alert|alerts)\b`,
    "i",
  ),
  support: new RegExp(
    [
      // courtesy and address
      r`^(?:please|thanks?(?:\s+you)?|thx|ty|cheers|ok(?:ay)?|great|good|nice|hi|hello|hey|sure|right|go\s+ahead${w.courtesy})(?:\s+(?:work|job|stuff|everyone|all|again|so\s+much))?\W*$`,
      r`^@[\w-]+\W*$`,
      // "We'll hand off after this": the plan to hand off, and what "after" points back to.
      r`^(?:we|you|I)(?:'ll|\s+will|'re\s+going\s+to|\s+are\s+going\s+to)\s+${NAME.enAlone}\b[^:]*$`,
      r`^(?:this|that|it|that'?s\s+done|this\s+one)\W*$`,
      // commit, push or stop: allowed at HARD, no new work
      r`^(?:(?:and|then|also|please|now|finally)\s+)*(?:git\s+)?(?:commit|push|stage|add)(?:\s+(?:and|&)\s+(?:commit|push))?(?:\s+(?:it|them|that|this|everything|all|the\s+(?:file|doc(?:ument)?|note|changes?)|your\s+(?:changes|work)))?(?:\s+(?:(?:to|on|into)\s+(?:the\s+|your\s+|this\s+)?[\w./-]+(?:\s+branch)?|now|too|as\s+well|when\s+(?:you're\s+)?done))?\W*$`,
      r`^(?:(?:before|once|when|after|as\s+soon\s+as)\s+)?(?:you(?:'re|\s+are)?\s+|your\s+(?:context(?:\s+window)?|session|window)\s+)?(?:stop(?:ping)?|finish(?:ing)?|end(?:ing)?|exit(?:ing)?|leav(?:e|ing)|go(?:ing)?|runs?\s+out(?:\s+of\s+(?:context|room|space|tokens))?|fills?\s+up|hits?\s+(?:the\s+)?(?:hard\s+)?limit|done|finished)(?:\s+(?:up|here|there|now|(?:the|this|your)\s+(?:session|turn|current\s+ticket)))?\W*$`,
      r`^(?:ok(?:ay)?,?\s+)?that(?:'s|\s+is)\s+(?:enough|it|all)(?:\s+for\s+(?:this|the|today|now)(?:\s+(?:session|today))?)?\W*$`,
      r`^(?:(?:time\s+to|let'?s|please|ok(?:ay)?)\s+)?(?:wrap\s+(?:it\s+|this\s+|things\s+|everything\s+)?up|finish\s+up|call\s+it\s+a\s+(?:day|session))(?:\s+(?:here|there|now|for\s+(?:today|now)))?\W*$`,
      r`^(?:please\s+)?(?:write|do|make|prepare|draft|leave)\s+(?:one|it|that)(?:\s+(?:up|now|please))?\W*$`,
      r`^(?:(?:and|then|also|please|now|finally)\s+)*(?:stop\s+(?:taking|starting|picking\s+up)\s+(?:new|more|any)\s+(?:work|tickets?|tasks?)|take\s+no\s+(?:new|more)\s+(?:work|tickets?|tasks?)|stop|exit|quit|end\s+(?:the|your)\s+session|stop\s+(?:there|here|working|after\s+that)|wait|that'?s\s+(?:all|it)|nothing\s+else|no\s+new\s+work|don'?t\s+(?:start|take)\s+anything\s+(?:new|else))\W*$`,
      // what goes into it, and reporting it
      r`^(?:(?:and|then|also|please|make\s+sure\s+(?:to|you))\s+)*(?:include|list|note|mention|cover|describe|explain|summari[sz]e|recap|state|record|capture|say|flag|call\s+out|keep\s+it)\b(?![^.;!?]*\b(?:in|to)\s+(?:the\s+)?(?:readme|changelog|docs?|wiki|issue|pr|ticket|slack|channel)\b)`,
      r`^(?:(?:and|then|also|please)\s+)*(?:write|put|leave)\s+(?:it|that|this|them)\s*(?:up|down)?\b`,
      // Placing the same document somewhere: "save it under .vigil/handoff/", "copy it to notes/".
      r`^(?:(?:and|then|also|please)\s+)*(?:save|store|copy|move|place|keep|upload|attach|check\s+in|link|share|post)\s+(?:it|them|that|this)\b` +
      // (not to a time: "move it to 3am" reschedules the thing the sentence before named)
      r`(?!\s+(?:\w+\s+){0,2}?(?:to|until|till|by|at|for|on|before|after)\s+(?:\d|noon|midnight|tomorrow|tonight|next\b|(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:the\s+)?(?:morning|evening|afternoon|weekend)))`,
      r`^(?:including|with|listing|covering|noting|mentioning|describing|explaining|detailing|outlining|summari[sz]ing|documenting|especially|particularly)\b`,
      r`^(?:what(?:'s|\s+is|\s+was|\s+you)|where\s+you|which|open\s+questions|next\s+steps|blockers|known\s+issues|remaining|decisions|status)\b`,
      // why: the limit, the session, the next worker
      r`^(?:(?:so|since|because|as)\s+)?(?:you(?:'re|\s+are|'ve|\s+have)|your\s+(?:context|session|window)|(?:the\s+)?context(?:\s+window)?\s+(?:is|has)|we(?:'re|\s+are))\b[^:]*\b(?:limit|full|context|tokens?|window|soft|hard|near|close|almost|over)\b[^:]*$`,
      // For whom, and nothing more: "for the next worker, set up the DB" is that task.
      r`^(?:so\s+(?:that\s+)?|for\s+)(?:the\s+next|a\s+(?:new|fresh)|another|the\s+new)\s+(?:worker|session|agent|person|engineer)\b(?:\s+(?:to|can|will|who)\s+(?:read|pick\s+(?:it\s+|this\s+)?up|continue|take\s+over)\b[^,;:]*)?\W*$`,
      r`^(?:a\s+)?(?:new|fresh|the\s+next)\s+(?:worker|session|agent)\s+will\s+(?:take\s+over|pick\s+(?:it\s+)?up|continue)\b[^:]*$`,
    ].join("|"),
    "i",
  ),
  negated: new RegExp(
    r`\b(?:don'?t|do\s+not|no\s+need\s+to|never|not\s+yet|stop\s+writing)\b${w.negatedGap}{0,30}\b${NAME.en}`,
    "i",
  ),
  foreign: new RegExp(
    r`\b(?:in|into|to|inside|on|under)\s+(?:the\s+|a\s+|our\s+|your\s+|its\s+)?(?!${EN_NOUN}(?![-\w]))(?![\w./-]*?${NAME.en})` +
      r`(?:[\w-]+\s+)?(?:readme|changelog|docs?|documentation|wiki|issues?|pr|pull\s+request|ticket|slack|channel|spec|comments?|code|module|config|tests?|release\s+notes|api|[\w-]+\.(?!md\b)[a-z]{1,5})\b` +
      r`|\b(?:a|the|some|new|more)\s+(?:fix|fixes|patch|tests?|test\s+cases?|feature|endpoint|migration|script|function|refactor)\b(?!\s+(?:names?|results?|status|ids?|output|failures?|list))`,
    "i",
  ),
  reason:
    /\b(?:limit|context(?:\s+window)?|tokens?|session|conversation|time|(?:switch(?:ing)?|rotat(?:e|ing)|chang(?:e|ing)|replac(?:e|ing))\s+(?:the\s+|to\s+a\s+(?:new\s+|fresh\s+)?)?(?:workers?|sessions?|agents?)|(?:rotat(?:e|ing)|swap(?:ping)?|replac(?:e|ing)|switch(?:ing)?)\s+you(?:\s+out)?)\b/i,
  imperative:
    /^(?:(?:please|now|and|then|also|so)\s+)*(?!(?:you|we|i|it|the|this|that|your|our|my)\b)[a-z]+\b(?<!ing)(?!\s*(?:is|are|was|'s)\b)/i,
});
