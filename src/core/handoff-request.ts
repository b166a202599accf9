/**
 * The requests that still pass the SOFT guard (product.md section 4): asking for the handoff
 * document, and the slash commands that save state or compact. Whoever sent the work is told
 * these pass, so they are how an orchestrator gets a handoff from a worker over its limit.
 *
 * A handoff request is a request, not a keyword, and it is judged clause by clause (issue 31):
 * the refusal text tells senders a handoff request is accepted, so "write the handoff, then
 * <next task>" is the natural way to slip work past the limit. A prompt passes only when at
 * least one clause asks for the handoff document (write, update, summarize into, record in,
 * commit or push it; 정리, まとめる and the like) and every other clause only supports it: commit
 * or push, stop, courtesy, what to put in it, why (the limit, the next worker). Any other clause
 * refuses the whole prompt, and the judgement names it. The line, per language, is drawn in
 * test/core/handoff-request.test.ts.
 */

import { DOC_NOUN, NEXT_PARTY, scoreClause } from "./handoff-model.ts";

/** Text of ASCII characters only (an English leftover; NUL to DEL, so control characters count too). */
// deno-lint-ignore no-control-regex
const ASCII_ONLY = /^[\x00-\x7F]+$/;

/** A value built once, on first use (the hook loads this module for every prompt; few prompts need it). */
function lazy<T>(make: () => T): () => T {
  let v: T | undefined;
  return () => (v ??= make());
}

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
/** A handoff request, even an orchestrator's card with a contents checklist, has fewer clauses than this. */
const MAX_CLAUSES = 40;

/** What one clause of a prompt does. */
export type ClauseKind = "request" | "support" | "other";

/** How one language says "the handoff document", "write/update/summarize into it" and what supports it. */
interface Lexicon {
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

const r = String.raw;

const EN_NOUN =
  r`(?:hand[-\s]?(?:off|over)s?(?:[-\s](?:doc(?:ument)?s?|notes?|file|memo|report|summary|write-?up))?|(?:[\w.-]+/)*handoff\.md)`;
const EN_DET =
  r`(?:(?:the|a|an|your|our|my|its|this|that)\s+)?(?:(?:new|final|short|brief|full|current|existing|latest|same|shared)\s+)?`;
/** Verbs whose object is the document itself ("write the handoff", "commit HANDOFF.md"). */
const EN_VERB =
  r`(?:write(?:\s+(?:up|out))?|put\s+together|pull\s+together|assemble|compose|update|finish|finali[sz]e|complete|prepare|draft|create|produce|fill\s+in|make|save|do|add\s+to|record|refresh|wrap\s+up|start|give\s+me|send\s+me|leave|commit|push|check\s+in)`;
/** Verbs that put something into the document ("summarize your progress into HANDOFF.md"). */
const EN_INTO_VERB =
  r`(?:append|attach|leave|summari[sz]e|write(?:\s+(?:up|down))?|record|note|put|dump|capture|jot(?:\s+down)?|log|document|list|describe|add|save|update|collect|gather|consolidate|distil+|condense|move|copy)`;
/** Imperative verbs of work that start a clause after a comma ("…, fix the parser"). */
const EN_WORK_VERB =
  r`(?:re-?)?(?:fix|implement|add|refactor|build|review|investigate|debug|deploy|run|test|take|start|work|continue|pick|change|rename|remove|delete|migrate|rewrite|port|optimi[sz]e|upgrade|install|merge|rebase|open|switch|move|replace|update|create|write|make|bump|release|publish|clean|set|configure|enable|disable|check|verify|look|try|finish|complete|close|resolve|handle|address|tackle|do|go|help|send|reply|answer|file|draft|prepare|draft)`;
/** Verbs that open a clause of their own after "and": work, and what supports the handoff. */
const EN_CLAUSE_VERB =
  r`(?:${EN_WORK_VERB}|commit|push|stop|exit|include|list|note|mention|record|summari[sz]e|leave|wrap|hand|put|save|describe|explain)`;

const EN = (): Lexicon => ({
  request: new RegExp(
    r`\b${EN_VERB}\s+${EN_DET}${EN_NOUN}(?![-\w])` +
      r`|\b${EN_INTO_VERB}\b[^.;!?]{0,120}?\b(?:into|in|to|inside|within|as)\s+${EN_DET}${EN_NOUN}(?![-\w])` +
      r`|\b${EN_VERB}\s+(?:it|that|this)\s+(?:up\s+)?(?:in|into|as)\s+${EN_DET}${EN_NOUN}(?![-\w])` +
      r`|^(?:(?:please|now|ok(?:ay)?|right|so)[,\s]+)*(?:hand\s*(?:off|over)|${EN_NOUN})\b(?:\s*(?:please|now|time))?\s*[.!:]?\s*$` +
      r`|^(?:(?:please|now|ok(?:ay)?|then|so)[,\s]+)*hand\s*(?:off|over)\s+(?:to|your|the\s+(?:ticket|work|session)|now|please)\b` +
      r`|\b(?:time\s+to|ready\s+to|need\s+(?:you\s+)?to|go\s+ahead\s+and|let'?s)\s+hand\s*(?:off|over)\b` +
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
    r`\b${EN_NOUN}\s+and\s+(?:the|a|an|its|some)\s+(?!hand[-\s]?(?:off|over))\w+|` +
      r`\bhand[-\s]?(?:off|over)s?[-\s]+(?:(?:notes?|docs?|files?|summary)[-\s]+)?(?:parser|flow|bug|crash|code|module|test|tests|endpoint|api|feature|logic|pr|function|service|page|screen|handler|job|queue|script|step|button|form|component|table|schema|migration|worker|protocol|format|writer|reader|loader|generator|renderer|hook|plugin|integration|pipeline|bot|cli|library|package|class|method)\b`,
    "i",
  ),
  support: new RegExp(
    [
      // courtesy and address
      r`^(?:please|thanks?(?:\s+you)?|thx|ty|cheers|ok(?:ay)?|great|good|nice|hi|hello|hey|sure|right|go\s+ahead)(?:\s+(?:work|job|stuff|everyone|all|again|so\s+much))?\W*$`,
      r`^@[\w-]+\W*$`,
      // "We'll hand off after this": the plan to hand off, and what "after" points back to.
      r`^(?:we|you|I)(?:'ll|\s+will|'re\s+going\s+to|\s+are\s+going\s+to)\s+hand\s*(?:off|over)\b[^:]*$`,
      r`^(?:this|that|it|that'?s\s+done|this\s+one)\W*$`,
      // commit, push or stop: allowed at HARD, no new work
      r`^(?:(?:and|then|also|please|now|finally)\s+)*(?:git\s+)?(?:commit|push|stage|add)(?:\s+(?:and|&)\s+(?:commit|push))?(?:\s+(?:it|them|that|this|everything|all|the\s+(?:file|doc(?:ument)?|note|changes?)|your\s+(?:changes|work)))?(?:\s+(?:(?:to|on|into)\s+(?:the\s+|your\s+|this\s+)?[\w./-]+(?:\s+branch)?|now|too|as\s+well|when\s+(?:you're\s+)?done))?\W*$`,
      r`^(?:(?:before|once|when|after|as\s+soon\s+as)\s+)?(?:you(?:'re|\s+are)?\s+|your\s+(?:context(?:\s+window)?|session|window)\s+)?(?:stop(?:ping)?|finish(?:ing)?|end(?:ing)?|exit(?:ing)?|leav(?:e|ing)|go(?:ing)?|runs?\s+out(?:\s+of\s+(?:context|room|space|tokens))?|fills?\s+up|hits?\s+(?:the\s+)?(?:hard\s+)?limit|done|finished)(?:\s+(?:up|here|there|now|(?:the|this|your)\s+(?:session|turn|current\s+ticket)))?\W*$`,
      r`^(?:ok(?:ay)?,?\s+)?that(?:'s|\s+is)\s+(?:enough|it|all)(?:\s+for\s+(?:this|the|today|now)(?:\s+(?:session|today))?)?\W*$`,
      r`^(?:(?:time\s+to|let'?s|please|ok(?:ay)?)\s+)?(?:wrap\s+(?:it\s+|this\s+|things\s+|everything\s+)?up|finish\s+up|call\s+it\s+a\s+(?:day|session))(?:\s+(?:here|there|now|for\s+(?:today|now)))?\W*$`,
      r`^(?:please\s+)?(?:write|do|make|prepare|draft|leave)\s+(?:one|it|that)(?:\s+(?:up|now|please))?\W*$`,
      r`^(?:(?:and|then|also|please|now|finally)\s+)*(?:stop\s+(?:taking|starting|picking\s+up)\s+(?:new|more|any)\s+(?:work|tickets?|tasks?)|take\s+no\s+(?:new|more)\s+(?:work|tickets?|tasks?)|stop|exit|quit|end\s+(?:the|your)\s+session|stop\s+(?:there|here|working|after\s+that)|wait|that'?s\s+(?:all|it)|nothing\s+else|no\s+new\s+work|don'?t\s+(?:start|take)\s+anything\s+(?:new|else))\W*$`,
      // what goes into it, and reporting it
      r`^(?:(?:and|then|also|please|make\s+sure\s+(?:to|you))\s+)*(?:include|list|note|mention|cover|describe|explain|summari[sz]e|recap|state|record|capture|say|flag|call\s+out|keep\s+it)\b(?!\s+from\b)(?![^.;!?]*\b(?:in|to)\s+(?:the\s+)?(?:readme|changelog|docs?|wiki|issue|pr|ticket|slack|channel)\b)`,
      r`^(?:(?:and|then|also|please)\s+)*(?:write|put|leave)\s+(?:it|that|this|them)\s*(?:up|down)?\b`,
      // Placing the same document somewhere: "save it under .vigil/handoff/", "copy it to notes/".
      r`^(?:(?:and|then|also|please)\s+)*(?:save|store|copy|move|place|keep|upload|attach|check\s+in|link|share|post)\s+(?:it|them|that|this)\b`,
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
  negated:
    /\b(?:don'?t|do\s+not|no\s+need\s+to|never|not\s+yet|stop\s+writing)\b[^.;!?]{0,30}\bhand[-\s]?(?:off|over)/i,
  foreign: new RegExp(
    r`\b(?:in|into|to|inside|on|under)\s+(?:the\s+|a\s+|our\s+|your\s+|its\s+)?(?!${EN_NOUN}(?![-\w]))(?![\w./-]*hand-?(?:off|over))` +
      r`(?:[\w-]+\s+)?(?:readme|changelog|docs?|documentation|wiki|issues?|pr|pull\s+request|ticket|slack|channel|spec|comments?|code|module|config|tests?|release\s+notes|api|[\w-]+\.(?!md\b)[a-z]{1,5})\b` +
      r`|\b(?:a|the|some|new|more)\s+(?:fix|fixes|patch|tests?|test\s+cases?|feature|endpoint|migration|script|function|refactor)\b(?!\s+(?:names?|results?|status|ids?|output|failures?|list))`,
    "i",
  ),
  reason:
    /\b(?:limit|context(?:\s+window)?|tokens?|session|conversation|time|(?:switch(?:ing)?|rotat(?:e|ing)|chang(?:e|ing)|replac(?:e|ing))\s+(?:the\s+|to\s+a\s+(?:new\s+|fresh\s+)?)?(?:workers?|sessions?|agents?)|(?:rotat(?:e|ing)|swap(?:ping)?|replac(?:e|ing)|switch(?:ing)?)\s+you(?:\s+out)?)\b/i,
  imperative:
    /^(?:(?:please|now|and|then|also|so)\s+)*(?!(?:you|we|i|it|the|this|that|your|our|my)\b)[a-z]+\b(?<!ing)(?!\s*(?:is|are|was|'s)\b)/i,
});

/**
 * The end of a Korean or Japanese clause after its last word: spaces and punctuation only. (`\W` would do for
 * English, but Hangul and kana are `\W` too, so "\W*$" would let anything follow.)
 */
const END = r`[\s.,!?~…。、！？・」』)）]*$`;

/** A Japanese request's polite tail: "…しておいてください", "…入れてね", "…お願いします". */
const JA_TAIL = r`(?:おいて|しておいて)?(?:ください|下さい|くれ|ね|よ|ほしい|お願い(?:します|いたします)?)?`;

/** A Korean request's polite tail after the verb: "멈춰 주세요", "종료해 주세요". */
const KO_TAIL = r`(?:\s*(?:해\s*)?(?:줘|줘요|주세요|주십시오|주실래요|둬|두세요|요))?`;

const KO_NOUN =
  r`(?:인계\s*(?:서|문서|노트|메모|파일|자료)|인수인계\s*(?:서|문서|노트|메모|자료)?|핸드오프(?:\s*(?:문서|노트|파일))?|핸드오버(?:\s*(?:문서|노트))?|넘김\s*문서|이관\s*문서|hand[-\s]?(?:off|over)(?:\s*(?:문서|노트|파일|\.md))?|(?:[\w.-]+/)*handoff\.md)`;
const KO_DOC_VERB =
  r`(?:덧붙|붙여|최신(?:화|으로)|작성|써|쓰|정리|업데이트|업뎃|갱신|마무리|완성|남겨|남기|만들|채워|준비|마쳐|끝내|기록|요약|적어|적|반영|추가|옮겨|담아|커밋|푸시)`;
const KO = (): Lexicon => ({
  request: new RegExp(
    // The verb opens a word ("덮어쓰는" is another verb that only ends like 쓰).
    r`${KO_NOUN}\s*(?:을|를|도|은|는|에|에다|에다가|으로|로)?\s*(?:\S+\s*){0,5}?(?<=[\s을를도은는에로]|${KO_NOUN})${KO_DOC_VERB}` +
      r`|(?:^|\s)(?:인계|인수인계|핸드오프)\s*(?:해|하(?:세요|십시오|자|고)|해\s*(?:줘|주세요|주십시오))` +
      r`|(?:인계|인수인계|핸드오프)\s*(?:를|을)?\s*(?:부탁|요청)` +
      // "인계할 때야": time for the handoff.
      r`|^(?:이제\s*)?(?:인계|인수인계|핸드오프)\s*(?:할|하는)\s*(?:때|시간)(?:야|예요|이야|입니다|이에요|다|이다)?[.!\s]*$` +
      // "다음 사람이 이어받을 수 있게 정리해 줘": written for whoever takes over.
      r`|(?:이어받|이어\s?받|인계받|넘겨받)(?:을\s?수\s?있|기\s?쉽)(?:게|도록)\s*(?:\S+\s*){0,3}?(?:정리|작성|남겨|기록|써)`,
    "i",
  ),
  thing:
    // The document coordinated with another object ("인계 문서와 함께 PR도") is other work too.
    /(?:인계\s*(?:서|문서|노트|메모)|핸드오프\s*(?:문서|노트)?|HANDOFF\.md)(?:와|과|랑|이랑|및|뿐만\s?아니라|외에도)\s|(?:인계|핸드오프|핸드오버|hand[-\s]?(?:off|over))\s*(?:(?:문서|노트|파일|메모|요약)\s*)?(?:파서|흐름|플로우|기능|버그|코드|로직|모듈|테스트|화면|페이지|api|처리|크래시|작성기|생성기|로더|렌더러|플러그인|훅|파이프라인|봇|라이브러리|클래스|메서드)/i,
  support: new RegExp(
    [
      // "끝나면": when that is done (what follows is judged as its own clause).
      r`^(?:(?:그게|다|작성이|정리가|그것이)\s*)?(?:끝나면|끝내면|마치면|완료되면|완료하면|다\s*쓰면|다\s*되면)${END}`,
      r`^(?:감사(?:합니다|해요)?|고마워(?:요)?|수고(?:했어|하셨습니다|했어요|많으셨습니다)?|부탁(?:해|해요|합니다|드립니다)|좋아(?:요)?|네|그래)${END}`,
      // Commit, push or save it (to a branch, to a path): the same document.
      r`^(?:그리고\s*|그다음\s*|마지막으로\s*)?(?:(?:\S+\s+)?\S+(?:에|로|으로)\s*)?(?:다\s*)?(?:git\s*)?(?:커밋\s*[,，]?\s*(?:하고|후|해서)?\s*푸시|커밋|푸시|저장)(?:\s*(?:까지|도))?(?:\s*(?:하고|해|하|해\s*줘|해\s*줘요|해\s*주세요|해\s*주십시오|해요|하세요|부탁(?:해|해요|합니다|드립니다)?))?${END}`,
      // Stop, wrap up here: "여기까지 하고", "작업은 여기서 마무리하고".
      r`^(?:그리고\s*|그다음\s*|이제\s*|일단\s*)?(?:(?:작업|일|오늘)(?:을|은|는)?\s*)?(?:(?:여기까지|여기서|이쯤에서|이쯤|여기)\s*)?(?:(?:멈추|끝내|종료하|마치|중단하|마무리하)기|멈춰|멈추|중단|그만|끝내|종료|마무리|마치|세션\s*(?:끝내|종료)|새\s*일은?\s*(?:받지|하지)\s*마|하고|하자)\S*${KO_TAIL}${END}`,
      r`^(?:그리고\s*)?\S*(?:포함|적어|남겨|언급|명시|기록|요약|정리|설명)(?:해|하|시켜)?\s*(?:줘|줘요|주세요|주십시오|둬|두세요)?${END}`,
      r`(?:남은\s*작업|진행\s*상황|막힌\s*점|다음\s*단계|결정\s*사항|미해결).*(?:포함|적어|남겨|언급|명시|기록)`,
      // What it should focus on: "바뀐 것, 깨진 것 위주로요".
      r`(?:위주로|중심으로|포함해서)(?:요)?${END}`,
      // "…도 적어 줘" inside a handoff prompt says what goes into it (not into another document).
      r`^(?!.*(?:README|CHANGELOG|위키|이슈|PR))[^.]*(?:포함|적어|남겨|언급|명시|기록|넣어|써|설명)\s?(?:해\s?)?(?:줘|줘요|주세요|주십시오|둬|두세요|놔)?${END}`,
      // For whom, and nothing more ("다음 작업자를 위해"): a purpose that goes on to a task is that task.
      r`^(?:다음|새|새로운)\s*(?:작업자|세션|워커|사람|분)(?:를|가|에게|이)?\s*(?:위해(?:서)?|용으로|이어받을\s*수\s*있(?:게|도록)|볼\s*수\s*있(?:게|도록))${END}`,
    ].join("|"),
    "i",
  ),
  // "인계서만, 그 이상은 필요 없어" asks for the document only: not a "no".
  negated:
    /(?:인계|핸드오프|인수인계)(?![^.!?。\n]{0,20}(?:만|이상|다른|외에|말고))[^.!?。\n]{0,20}(?:쓰지\s*마|하지\s*마|작성하지\s*마|필요\s*없|아직)/,
  foreign: new RegExp(
    r`(?<!(?:인계|인수인계|핸드오프|핸드오버|hand-?off|hand-?over)\s*)(?:README|CHANGELOG|문서|위키|이슈|PR|코드|스펙|주석|설정|\.(?!md)[a-z]{1,5})(?:에|에도|에다|에다가|으로|로)\s` +
      r`|(?:테스트|코드|함수|기능|스크립트|마이그레이션|엔드포인트)(?:도|를|을)?\s*(?:새로\s*)?(?:써|쓰|작성|추가|만들|구현|고쳐|수정)` +
      // Put into something that is not the handoff ("웹훅 클라이언트에 … 넣어 줘").
      r`|[가-힣A-Za-z0-9](?<!(?:인계|핸드오프|핸드오버|문서|노트|메모|파일|인계서|위|아래|앞|끝|뒤|마지막|맨|거기|여기|상단|하단|항목|섹션|md|handoff|hand-off|다음|때|전|후|이후|나중|오늘|지금|처음|중간|아침|저녁|오전|오후|밤|어제|내일))에(?:도|다|다가)?\s+(?:\S+\s+){0,4}?\S*(?:넣|추가|적|기록|써|쓰|반영|남기|남겨|붙여)`,
    "i",
  ),
  reason:
    /(?:컨텍스트|한도|상한|토큰|세션|시간|길어|늦었|얼마\s?(?:없|안\s?남)|부족|여유가?\s?없|작업자\s*(?:교체|변경))/,
  imperative: new RegExp(
    r`(?:줘|줘요|주세요|주십시오|해|해요|하세요|하십시오|해라|하자|봐|봐요|보세요|둬|두세요)${END}`,
  ),
});

const JA_NOUN =
  r`(?:引き?継ぎ(?:書|資料|文書|メモ|ドキュメント|ノート)?|引継(?:書|資料|文書|メモ)?|ハンドオ(?:フ|ーバー)(?:文書|資料|メモ|ドキュメント)?|hand[-\s]?(?:off|over)(?:\s*(?:文書|資料|メモ|\.md))?|(?:[\w.-]+/)*handoff\.md)`;
const JA_DOC_VERB =
  r`(?:追加|足し|加え|最新に|メモ(?:して|し|する|を取)|書い|書き|書く|作成|作っ|作り|作る|更新|まとめ|仕上げ|完成|残し|用意|準備|記入|記録|記載|追記|反映|整理|要約|終わらせ|コミット|プッシュ)`;
const JA = (): Lexicon => ({
  request: new RegExp(
    // The verb opens a word ("上書き" is another verb that only ends like 書き).
    r`${JA_NOUN}\s*(?:を|も|は|に|へ|として)?\s*(?:[^、。]{0,20}?)(?:(?<=${JA_NOUN})|(?<![\u4E00-\u9FFF]))${JA_DOC_VERB}` +
      r`|^(?:そろそろ)?(?:引き?継ぎ|ハンドオフ)の(?:時間|タイミング)(?:です|だ|だよ|になりました)?[。.!！\s]*$` +
      r`|引き?継いで(?:ください|下さい|くれ|ほしい)?|(?:引き?継ぎ|引継ぎ|ハンドオフ)(?:を|の)?(?:して|お願い|やって|頼)` +
      // "次の人が引き継げるようにまとめて": written for whoever takes over.
      r`|引き?継げる(?:ように|よう)[^、。]{0,20}?(?:まとめ|書|残|記録|整理)`,
    "i",
  ),
  thing:
    // The document coordinated with another object ("引き継ぎ書とあわせて README も") is other work too.
    /(?:引き?継ぎ(?:書|資料|文書|メモ)|ハンドオフ文書|HANDOFF\.md)(?:と(?:あわせて|合わせて|一緒に)?|や|および|及び|に加えて)(?!して|する|いう)|(?:引き?継ぎ|引継|ハンドオ(?:フ|ーバー)|hand[-\s]?(?:off|over))\s*(?:(?:書|メモ|ファイル|文書|サマリー)\s*)?(?:処理|機能|フロー|パーサー?|バグ|コード|ロジック|モジュール|テスト|画面|ページ|api|クラッシュ|ライター|ローダー|ジェネレーター|レンダラー|プラグイン|フック|パイプライン|ボット|ライブラリ|クラス|メソッド)/i,
  support: new RegExp(
    [
      r`^(?:(?:それが|書き|まとめ)?(?:終わったら|終えたら|済んだら|完了したら|できたら))${END}`,
      r`^(?:よろしく)?(?:お願い(?:します|いたします)?|ありがとう(?:ございます)?|お疲れ(?:様|さま)(?:です)?|了解)${END}`,
      // Commit, push or save it (to a branch, to a path): the same document.
      r`^(?:その後|最後に|それから)?\s*(?:\S+(?:に|へ)\s*)?(?:git\s*)?(?:コミット|プッシュ|保存)(?:(?:して|し)?(?:から)?\s*(?:プッシュ|コミット))?(?:して|し|する|まで)?${JA_TAIL}${END}`,
      r`^(?:その後|それから|今日は|作業は)?\s*(?:(?:それが|書き|まとめ)?(?:終わったら|終えたら|済んだら|完了したら|できたら)\s*)?(?:作業を)?\s*(?:(?:ここまでに|終わりに|おしまいに)(?:して|しましょう|します)|(?:そろそろ)?締め(?:ましょう|て|る)|止まる|終わる|終える|やめる|終了する|ここで(?:止めて|終えて|区切って)|切り上げて|止まって|止めて|停止して|中断して|やめて|終了して|終わって|終えて|新しい作業は(?:しないで|受けないで))${JA_TAIL}${END}`,
      r`(?:を|も)?(?:含めて|書いて|記載して|明記して|残して|入れて|記録して|説明して|記述して)${JA_TAIL}${END}`,
      // What it should focus on: "…を中心に".
      r`(?:を)?(?:中心に|重点的に|メインに)${JA_TAIL}${END}`,
      // For whom, and nothing more: a purpose that goes on to a task is that task.
      r`^(?:次|新しい)の?(?:担当者|ワーカー|セッション|人|エージェント)(?:の|が|に|へ|向け)?(?:ために|向けに|用に|読める|引き継げる)?${END}`,
    ].join("|"),
    "i",
  ),
  negated:
    /(?:引き?継ぎ|ハンドオフ)(?![^。.!?\n]{0,20}(?:だけ|以外|他は|ほかは))[^。.!?\n]{0,20}(?:書かないで|不要|まだ(?:いい|書かない))/,
  foreign: new RegExp(
    r`(?<!(?:引き?継ぎ|引継|ハンドオ(?:フ|ーバー)|hand-?off|hand-?over)\s*(?:用の|の)?)(?:README|CHANGELOG|ドキュメント|仕様書|設計書|Wiki|wiki|イシュー|Issue|PR|コード|コメント|設定|\.(?!md)[a-z]{1,5})(?:に|にも|へ|へも)` +
      r`|(?:テスト|コード|関数|機能|スクリプト|マイグレーション|エンドポイント)(?:も|を)\s*(?:新しく)?(?:書|作|追加|実装|直|修正)` +
      // Put into something that is not the handoff ("Webhookクライアントにリトライも入れて").
      r`|(?<!(?:引き?継ぎ|引継|ハンドオフ|ハンドオーバー|書|資料|文書|メモ|ドキュメント|ノート|md|handoff|最後|最初|冒頭|末尾|上|下|先頭|ため|よう|向け|時|際|次|前|後|簡単|簡潔|詳細|丁寧|具体的|明確|正確|手短|一緒|個別|箇条書き|最新)\s*)(?:に(?!つい|関し|関する|対し|対する|よっ|よる|おけ|おい)|にも|へ)(?:は)?[^、。]{0,20}?(?:入れ|追加|書い|書き|記載|追記|反映|残し|足し)`,
    "i",
  ),
  reason: /(?:コンテキスト|上限|トークン|セッション|時間|長く|残り|少な|遅く|余裕|担当者?の?(?:交代|変更))/,
  imperative: new RegExp(r`(?:ください|下さい|て|(?<!の)で|してね|てね|して|しろ|やって|くれ|お願い(?:します)?)${END}`),
});

/**
 * English coordinates a second verb with "and" / "then" and nothing else to mark it: a word that is neither a
 * determiner nor a word that supports the handoff, followed by its object (a determiner, a pronoun, a file name, a
 * capitalised name), is a verb with its own object: "…, and translate the docs", "and localize the error messages".
 * A noun in a list ("your status and blockers") has no object after it.
 */
const EN_SECOND_VERB = (): RegExp =>
  new RegExp(
    r`(?:^|[\s,;])(?:and|then|plus|also)\s+(?:then\s+|also\s+|please\s+)?` +
      r`(?!(?:the|a|an|your|our|its|my|this|that|these|those|it|them|what|which|where|how|why|who|any|all|every|each|some|no|` +
      r`stop|end|exit|commit|push|include|list|note|mention|wrap|leave|hand|save|describe|explain|summari[sz]e|record|` +
      r`open|next|remaining|current|failing|known|pending|outstanding|unresolved|new)\b)` +
      // A pronoun object ("and copy it to notes/") is the same document.
      r`[a-z][\w-]*\s+(?:the|a|an|all|any|every|our|your|its|these|those|\S+\.[a-z]{1,5}\b|[A-Z][\w-]*)\b`,
    "",
  );

/** Every Hangul syllable that ends in ㄴ: a verb's adnominal before 다음 / 뒤 / 후 ("작성한 다음"). */
function nFinal(): string {
  let out = "";
  for (let c = 0xAC00; c <= 0xD7A3; c++) if ((c - 0xAC00) % 28 === 4) out += String.fromCodePoint(c);
  return `[${out}]`;
}

let built: { lexicons: readonly Lexicon[]; secondVerb: RegExp; nFinal: string } | null = null;

/**
 * The lexicons and the patterns built from tables, compiled once, on first use: only a prompt that
 * reaches the handoff judgement needs them, and compiling them at load cost every UserPromptSubmit
 * call about a third more instructions (bench/RESULTS.md, hook-ab), a vigil nudge included.
 */
function tables(): NonNullable<typeof built> {
  built ??= { lexicons: [EN(), KO(), JA()], secondVerb: EN_SECOND_VERB(), nFinal: nFinal() };
  return built;
}

/**
 * Sentences, and the clauses joined by "then", "and", "after that", a comma before a verb of
 * work, Korean -고 / 한 다음, Japanese 、 / してから / その後.
 */
export function clausesOf(text: string): string[] {
  const split = new RegExp(
    [
      r`[。！？\n]+`,
      r`[.;!?]+(?=\s|$)`,
      r`,?\s+(?:and\s+)?while\s+you'?re\s+at\s+it,?\s*`,
      // Not before a time ("what happened after 2pm", "since lunch"): that names the contents.
      r`,?\s+(?:and\s+then|then|after\s+that|afterwards|while|before|after|once|when)\s+(?!\d|lunch|noon|today|yesterday|this\s+(?:morning|afternoon)|the\s+last\b)`,
      // "and" joins nouns as often as clauses: split only before a verb ("… and commit it").
      r`,?\s+(?:and(?:\s+also)?|also|plus)\s+(?=(?:please\s+)?${EN_CLAUSE_VERB}\b)`,
      r`,\s*(?=(?:please\s+|so\s+|next\s+|now\s+)?${EN_WORK_VERB}\b|so\b|next\b|now\b)`,
      // A Korean comma joins clauses after a verb ending; after a noun it joins a list ("한 일, 남은 일").
      r`(?<=(?:고|서|며|면서|는데|지만|니까|니|면|해|요|다|줘))\s*,\s*`,
      r`\s*김에\s+`,
      r`ついでに、?`,
      r`,?\s+while\s+you'?re\s+at\s+it,?\s*`,
      r`\s+[—–-]\s+`,
      r`[:：]\s*(?=(?:please\s+)?${EN_WORK_VERB}\b)`,
      // Not after a sentence connective ("그리고 …"): it opens the clause that follows.
      r`(?<=[가-힣](?:고|면서|며|면|니|니까|어서|아서|해서))(?<!(?:^|\s)(?:그리고|그러고|그러면|그렇다면|그럼|그러면서|이어서))(?<!(?:수고|참고|최고|광고|재고|창고|경고|원고|사고))\s+`,
      r`(?:한|하고\s*난)\s*(?:다음|뒤|후)(?:에)?\s+`,
      r`(?<=[てで])から、?`,
      // "…쓰기 전에 …", "…書く前に …": the clause before "before" is a step of its own.
      r`(?<=[가-힣]기)\s*전에\s*|(?<=[うくぐすつぬぶむる])前に、?`,
      r`(?<=し)た?後(?:で|に)?、?`,
      // "…をまとめた後、…", "…を書いたら、…": a clause ends at the completed first step.
      r`(?<=[たっだ])(?:後|あと)(?:で|に|は)?、?|(?<=[たっだ]ら)、`,
      // A Japanese 、 joins clauses after a verb's connective form; after a noun it joins a list.
      r`(?<=[てでしきえけせめりいぎびみち]|ので|から|けど|けれど|ため|ば|たら)、|(?<=ので)(?![、\s])`,
      r`(?<=[\u4E00-\u9FFF\u30A0-\u30FF])(?<!最|午|前|直|今|以)後(?:で|に|は)?、?|(?<=た)上で、?`,
      // "…を書いたら412番の…": a completed first step, even with no comma.
      r`(?<=(?:いた|った|した|えた|けた|めた|れた|んだ)ら)(?![、。\s]|$)`,
      // "작성한 다음", "쓴 뒤": after a verb's adnominal (final ㄴ), not "다음 단계" (the next step).
      r`(?<=${tables().nFinal})\s+(?:후|다음|뒤)(?:에|에는)?\s+|(?<=[가-힣])\s+(?:후|뒤)(?:에|에는)?\s+`,
      r`(?<=つつ|ながら|がてら)、?`,
      r`(?:^|(?<=[、。\s]))(?:そして|それから|その後)、?|(?:^|(?<=[。\s]))次に、?|次に、`,
      // Round 14: "also" and its kin open a clause of their own in every language; so does a second request form.
      r`,?\s+(?:and\s+also|oh\s+and|btw|p\.?s\.?)[,:]?\s+|(?<![,;])\s+also[,:]?\s+`,
      r`,?\s+and\s+(?=(?:can|could|would|will)\s+(?:you|u)\b|I(?:'d|\s+need|\s+want|\s+would)\b|please\b|if\s+you\b)`,
      r`\s+(?=(?:그리고|그\s*다음에?|그다음엔?|그\s*후에?|추가로|참고로|덤으로|아\s*그리고|끝나면|다\s*하면)\s)`,
      r`(?:^|(?<=[、。\s]|(?<=[てで])))(?:あと|それと|加えて|追伸|ちなみに|ついでに)[、:：]?`,
      // A Korean sentence that ends on a verb form with no full stop, before the next one ("…써라 캐시를 …").
      r`(?<=[가-힣](?:줘|요|라|해|둬|놔|까|죠|자|세요|니다|어|아|돼|야|네)(?<!까지))(?<!(?:위해|대해|통해|인해|의해))\s+(?!(?:줘|주|둬|두|놔|놓|봐|보|드|달|줄|좀|놓)|$)(?=[가-힣A-Za-z0-9])`,
      // Not "…のとおり" (as it says): that is one phrase.
      r`(?<=のと)(?!おり|ころ|き)、?`,
    ].join("|"),
    "iu",
  );
  return text.split(split).map((c) => c.trim()).filter((c) => c !== "" && !/^[\s\p{P}\p{S}]+$/u.test(c));
}

/**
 * A Japanese clause can chain two steps on a -て form with no comma ("…を更新してREADMEも直して"): the
 * finer parts, split after a -て form that does not go on to an auxiliary (-ている, -ておいて,
 * -てください, -てもらえる, -てほしい…), are judged too, and one of them that reads as other work refuses
 * the clause.
 */
const FINE = lazy((): RegExp =>
  /(?<=(?:し|い|っ|え|け|め|れ|せ|げ|べ|み|ち|き|じ)て|んで|いで)(?![いおくもほあねーよなは、。！？!?」）)\s]|$)|[,，、]\s*|\s+(?:and|&|\+)\s+|\s*[+＋]\s*/u
);

/** A clause the rules read as the request or as support is refused when the model gives other work this much. */
export const VETO_AT = 0.9;
const FINE_VETO_AT = 0.8;
/** A clause no rule reads is rescued only when the model gives other work at most this much… */
export const RESCUE_AT = 0.1;
/** …and has at most this share of words it has never seen. */
export const UNKNOWN_AT = 0.34;

/** How one clause was judged, and by what. */
export interface ClauseJudgement {
  kind: ClauseKind;
  /** What decided: a rule's name, or "model" with the model's probability and heaviest features. */
  by: string;
}

function modelWhy(p: readonly number[], top: string[], label: string): string {
  const i = label === "request" ? 0 : label === "support" ? 1 : 2;
  return `model ${label} ${p[i].toFixed(2)} (${top.join(", ")})`;
}

/**
 * What one clause asks for: the handoff, something that only supports it, or other work. The rules
 * that find other work (code named handoff, a supporting verb aimed at another target, a second
 * English verb with its own object) decide first; then the clause model (src/core/handoff-model.ts)
 * refuses anything it gives other work OTHER_AT or more; the old request and support rules only add
 * passes when the model is not against them.
 */
export function judgeClause(whole: string, at = VETO_AT): ClauseJudgement {
  // Courtesy at either end is never work: "you stop, please" is "you stop".
  const clause = whole.replace(/[,\s]+(?:please|thanks|thank\s+you|thx|ty)\W*$/i, "").trim() || whole;
  if (tables().lexicons.some((lx) => lx.thing.test(clause)) || CODE_FILE().test(clause)) {
    return { kind: "other", by: "rule: code named handoff" };
  }
  // A supporting verb aimed at another target is other work unless the model rescues it (below): sure it is not
  // work, it knows the words, and no verb of work.
  const foreign = tables().lexicons.some((lx) => lx.foreign.test(clause));
  const names = DOC_NOUN.test(clause) || NEXT_PARTY.test(clause);
  // Round 14, sixth cycle: the frame around a request (a greeting, a forwarded instruction's wrapper, "do as it
  // says", the end of a shift) and a sentence that only states a fact about who takes over or what they lack.
  if (!foreign && at === VETO_AT && !tables().lexicons.some((lx) => lx.request.test(clause))) {
    // (A greeting or a wrapper with a word of work in it is not only a frame: "Hi, lodash bump too".)
    const frame = FRAME().find(([name, re]) =>
      re.test(clause) &&
      (name === "do as the quote says" || name === "a checklist's title" || (clause.length <= 60 && plainLine(clause)))
    );
    if (frame) return { kind: "support", by: `rule: ${frame[0]}` };
    // "リーダーからです、その通りにお願いします": a frame in parts.
    const parts = clause.split(/[、,]\s*/).map((p) => p.trim()).filter((p) => p !== "");
    if (
      parts.length > 1 &&
      parts.every((p) => FRAME().some(([n, re]) => re.test(p) && (n === "do as the quote says" || plainLine(p))))
    ) {
      return { kind: "support", by: "rule: a forwarded instruction's frame" };
    }
    if (isFact(clause)) return { kind: "support", by: "rule: a statement of fact (context), asks nothing" };
  }
  const foreignWhy = foreign ? "rule: aimed at another target; " : "";
  const request = tables().lexicons.find((lx) => lx.request.test(clause) && !lx.negated.test(clause));
  if (request && tables().secondVerb.test(clause.replace(request.request, " "))) {
    return { kind: "other", by: "rule: a second verb with its own object" };
  }
  const rule: ClauseKind | null = foreign
    ? null
    : request
    ? "request"
    : tables().lexicons.some((lx) => lx.support.test(clause)) ||
        tables().lexicons.some((lx) => lx.reason.test(clause) && !lx.imperative.test(clause))
    ? "support"
    : null;
  const s = scoreClause(clause);
  if (rule !== null) {
    // The rules read it as support: the model refuses it only when it is sure. The request rules pair a document
    // verb with the document itself, so only a finer part of that clause can be other work.
    if (rule === "support" && s.p[2] >= at) {
      return { kind: "other", by: modelWhy(s.p, scoreClause(clause, "other").top, "other") };
    }
    // Read as a reason only by its words ("한 시간마다", "session"), with a verb of work: the work decides.
    // (Not a clause that ends as a reason or a purpose: "세션 교체하니까", "次のセッションが始められるよう".)
    const reasonOnly = rule === "support" && at === VETO_AT && !NEXT_PARTY.test(clause) &&
      !/(?:니까|으니|어서|아서|해서|ので|から|ため|よう(?:に)?|\bsince\b|\bbecause\b|\bas\b)[\s,、.。]*$/i.test(
        clause,
      ) &&
      !tables().lexicons.some((lx) => lx.support.test(clause));
    const reasonWork = reasonOnly && !BAN().test(clause) ? WORK().find(([, re]) => re.test(clause)) : undefined;
    if (reasonWork) {
      return { kind: "other", by: `a verb of work (${reasonWork[0]}) in a reason; ` + modelWhy(s.p, s.top, "other") };
    }
    if (request && LATER().test(clause)) return { kind: "other", by: "rule: a handoff for later" };
    if (ALONG().test(clause)) return { kind: "other", by: "rule: a task along with the document" };
    // A Japanese clause that ends on a plain negative states something ("…と書いてあるが通らない"); it asks nothing.
    if (request && /(?<!て|で)(?:ない|なかった)[。.!！]?$/.test(clause)) {
      return { kind: "other", by: "rule: a statement about the document, not a request" };
    }
    if (request) {
      // What the request rule leaves over may be a task of its own: a verb of work the model reads as work.
      const rest = clause.replace(request.request, " ").replace(/\s+/g, " ").trim();
      // (A verb of work in what is left, and in the clause: "書き直して" is not "直して".)
      const work = BAN().test(rest) ? undefined : WORK().find(([, re]) => re.test(rest) && re.test(clause)) ??
        (DOC_NOUN.test(rest) || NEXT_PARTY.test(rest) ? undefined : MAKE().find(([, re]) => re.test(rest)));
      const r = scoreClause(rest, "other");
      if (ALSO_WORK().test(rest)) return { kind: "other", by: `"${rest}": "also" on another thing` };
      if (work && /[\p{L}]{2}/u.test(rest) && r.p[2] >= 0.5) {
        return { kind: "other", by: `"${rest}": a verb of work (${work[0]}); ` + modelWhy(r.p, r.top, "other") };
      }
      // Or a task the model is sure of, with no verb ("… including a fix for the login bug").
      // (English only: a Korean or Japanese leftover is mostly what goes in, "지금까지 한 리팩터링 상황을".)
      if (ASCII_ONLY.test(rest) && rest.split(/\s+/).length >= 3 && !NEXT_PARTY.test(rest) && r.p[2] >= 0.95) {
        return { kind: "other", by: `"${rest}": ` + modelWhy(r.p, r.top, "other") };
      }
    }
    if (at === VETO_AT) {
      // Finer parts: a -て chain, a comma inside the clause. One the model is sure is other work refuses the clause.
      const fine = clause.split(FINE()).map((c) => c.trim()).filter((c) => /[\p{L}\p{N}]/u.test(c));
      if (fine.length > MAX_CLAUSES) return { kind: "other", by: `rule: more than ${MAX_CLAUSES} parts in one clause` };
      if (fine.length > 1) {
        for (const part of fine) {
          const f = judgeClause(part, FINE_VETO_AT);
          if (f.kind === "other") return { kind: "other", by: `part "${part}": ${f.by}` };
        }
      }
    }
    // The document named with a verb that fills, saves or delivers it ("인계서만 …에 저장해 주세요") asks for it.
    const asked = rule === "request" || (names && (FILL().test(clause) || DELIVER().test(clause)));
    if (asked && ABOUT().test(clause) && !ASKING().test(clause)) {
      return { kind: "support", by: "rule: a question or past statement, asks nothing" };
    }
    return asked ? { kind: "request", by: "rule: asks for the document" } : { kind: "support", by: "rule: supports" };
  }
  // A ban supports; a "no" about the handoff itself ("no need for a handoff yet") is not a request for it.
  if (BAN_CLAUSE().test(clause) && !names) return { kind: "support", by: "rule: a ban on other work" };
  if (at !== VETO_AT) {
    // A finer part is other work only when the model is sure.
    return s.p[2] >= at ? { kind: "other", by: modelWhy(s.p, s.top, "other") } : { kind: "support", by: "part" };
  }
  // No rule reads it: the model may rescue it, only when it is sure, knows the clause's words, and sees no work.
  const why = foreignWhy + modelWhy(s.p, scoreClause(clause, "other").top, "other");
  if (s.p[2] > RESCUE_AT) return { kind: "other", by: why };
  if (s.unknown > UNKNOWN_AT) return { kind: "other", by: `${(s.unknown * 100).toFixed(0)}% unseen words; ${why}` };
  // A reason ("…만 읽으니까", "since it only reads …") describes; its verb asks for nothing.
  const reason = /(?:니까|으니|어서|아서|니|ので|から|\bsince\b|\bbecause\b)[\s,、.。]*$/i.test(clause);
  // A make verb with the document named fills it, unless the clause is aimed at another target (a test for the
  // code that reads handoff files is new work on code).
  const work = BAN().test(clause) || reason ? undefined : WORK().find(([, re]) => re.test(clause)) ??
    (names && !foreign ? undefined : MAKE().find(([, re]) => re.test(clause)));
  if (work) return { kind: "other", by: `a verb of work (${work[0]}); ${why}` };
  if (ALONG().test(clause)) return { kind: "other", by: `a task along with the document; ${why}` };
  if (!names && OTHER_DOC().test(clause)) return { kind: "other", by: `another document; ${why}` };
  if (!names && /#\d|(?:\bticket|\bPR|티켓|チケット)\s*#?\d/i.test(clause)) {
    return { kind: "other", by: `a ticket; ${why}` };
  }
  if (!names && ALSO_WORK().test(clause)) return { kind: "other", by: `"also" on another thing; ${why}` };
  if (!names && /\s/.test(clause.trim()) && /\b(?:too|as\s+well|also)\b/i.test(clause)) {
    return { kind: "other", by: `"too" on another thing; ${why}` };
  }
  // The document asked for with its name left out ("…の引き継ぎ書が古い。更新してプッシュして", "put it all there"): a
  // verb that fills a document, in a prompt that names the handoff (judgeHandoffRequest only gets here if it does).
  let kind: ClauseKind = (names && s.p[0] > s.p[1]) || FILL().test(clause) ? "request" : "support";
  // "Did the last session leave one?", "지난번 인계 문서 깔끔했어요", "…残した？": about the document, asking nothing.
  if (kind === "request" && ABOUT().test(clause) && !ASKING().test(clause)) kind = "support";
  return { kind, by: modelWhy(s.p, s.top, kind) };
}

/** A ban or a stop ("don't start anything else", 바꾸지 마, 始めないで): asks for no work. */
const BAN = lazy((): RegExp =>
  /\b(?:don'?t|do\s+not|never|no\s+(?:new|more|other))\b(?!\s+forget)|\bstop\s+(?:\w+ing)\b|지\s*(?:마|말|않)|금지|그만|ないで|なし|禁止|やめ/i
);

/** Verbs that fill a document, with or without its name. */
const FILL = lazy((): RegExp =>
  /\b(?:write|update|refresh|record|note|put|add|append|summari[sz]e|jot|dump|capture|fill|finish|redo|rewrite|save|leave)\b|작성|써|쓰|적어|적|정리|업데이트|갱신|기록|남겨|요약|채워|반영|넣어|書い|書き|更新|まとめ|記録|残し|メモ|追記|要約|反映|入れ/i
);

/** "…, including a fix for the typo", "along with the SDK bump": a task carried in with the document. */
const ALONG = lazy((): RegExp =>
  /\b(?:including|along\s+with|together\s+with|as\s+well\s+as|plus|and\s+also)\s+(?:\S+\s+){0,5}?(?:fix|fixes|bump|upgrade|migration|refactor(?:ing)?|deploy(?:ment)?|cleanup|switch|rename|release|rollout|patch|implementation|port|rewrite|PR|pull\s+request|changelog|readme|release\s+notes|minutes)\b/i
);

/** Another document than the handoff (minutes, a changelog, a report, 회의록, 議事録): writing it is other work. */
const OTHER_DOC = lazy((): RegExp =>
  /\b(?:minutes|release\s+notes|changelog|readme|report|blog|email|e-mail|spec|rfc|adr|design\s+doc)\b|회의록|릴리스\s*노트|보고서|리포트|메일|답장|블로그|명세서|議事録|リリースノート|報告書|レポート|メール|返信|ブログ|仕様書|設計書/i
);

/** A source file named handoff (handoff.ts, hand_off.py): code, not the document. */
const CODE_FILE = lazy((): RegExp =>
  /hand[-_]?(?:off|over)[\w-]*\.(?:ts|tsx|js|jsx|mjs|py|go|rs|rb|java|kt|swift|c|cc|cpp|h|cs|php|sh)\b/i
);

/** Verbs that save or deliver a document. */
const DELIVER = lazy((): RegExp => /\b(?:save|commit|push|store)\b|저장|커밋|푸시|保存|コミット|プッシュ/i);

/** The handoff put off: "we'll do the handoff later", 인계는 나중에, 引き継ぎは後で. */
const LATER = lazy((): RegExp =>
  /\b(?:later|at\s+some\s+point|eventually|not\s+(?:yet|now)|yet|next\s+week)\b|나중에|이따가?|언젠가|아직|後で|あとで|いずれ|まだ/i
);

/** A whole clause that only forbids: "don't touch any other file", 다른 작업은 시작하지 마세요, 新しい作業は始めないで. */
const BAN_CLAUSE = lazy((): RegExp =>
  new RegExp(
    r`^(?:(?:please|and|but|also|now)\s+)*(?:don'?t|do\s+not|never|no)\b(?!\s+(?:forget|need\s+to\s+wait))(?![^.;!?]*\b(?:but|instead|just|only|rather)\b)[^.;!?]*$` +
      r`|(?:지\s*(?:마|마요|마세요|말\s*것|말아\s*주세요|말아요|않도록)|금지|그만(?:해|하세요|해요)?|마세요)[.!~\s]*$` +
      r`|(?:ないで(?:ください|下さい|ね)?|しないこと|禁止|(?:は)?なしで|はなし|やめて(?:ください)?)[。.!！\s]*$`,
    "i",
  )
);

/** Verbs of work, per language: a clause no rule reads that has one is never rescued by the model. */
const KO_WORK_NOUN =
  r`(?:구현|수정|배포|마이그레이션|리팩터링|리팩토링|실행|리뷰|조사|디버그|디버깅|진행|확인|시작|삭제|제거|설치|머지|병합|리베이스|변경|업그레이드|번역|빌드|교체|세팅|설정|생성|처리|답변|태깅|릴리스|점검|개선|최적화)`;
const JA_WORK_NOUN =
  r`(?:実装|修正|デプロイ|移行|リファクタリング|実行|レビュー|調査|デバッグ|確認|着手|削除|インストール|マージ|リベース|変更|翻訳|ビルド|設定|セットアップ|対応|送信|ローテーション|クリア|改善|最適化|クローズ|再生成|取り消し|タグ付け)`;
const EN_WORK =
  r`(?:implement|fix|build|refactor|deploy|migrate|run|rerun|review|investigate|debug|continue|proceed|follow|read|look\s+into|work\s+on|delete|remove|rename|upgrade|install|merge|rebase|open|close(?!\s+out)|tag|release|publish|translate|localize|port|bump|rotate|clear|set\s+up|configure|enable|disable|change|replace|switch|move|split|clean\s+up|profile|optimi[sz]e|benchmark|reply(?!\s+(?:when|with\s+the\s+path|once))|answer|send(?!\s+(?:me|us|it|the\s+(?:link|path)))|file|resolve|handle|address|tackle|try|verify|lint|regenerate|upload|download|squash|revert|restart|rebuild|retry|check|look\s+at|pick\s+up|keep\s+working)`;
/** Where an English verb asks for something: the clause's start, or after please / can you / also / and / to… */
const EN_ASK =
  r`(?:^|\b(?:please|pls|plz|so|and\s+so|can\s+(?:you|u)|could\s+you|would\s+you|will\s+you|also|then|and|must|should|need\s+to|you|i|we|let'?s|go\s+ahead\s+and|just|now|quickly|maybe)\s+)`;
const WORK = lazy((): readonly [string, RegExp][] => [
  [
    "en",
    new RegExp(EN_ASK + EN_WORK + r`\b(?!\s+(?:questions?|issues?|items?|risks?|points?|threads?|problems?)\b)`, "i"),
  ],
  [
    "ko",
    new RegExp(
      KO_WORK_NOUN + r`\s*(?:도|를|을|좀)?\s*(?:해|하|할|했으면|부탁|요망|바랍|까지|ㄱ|좀|[.!]?$)` +
        r`|고치|고쳐|고칠|돌려|돌리|(?<!진행\s*상황을?\s*)읽|올려|올리|바꿔|바꾸|손봐|손보|보내|지워|지우|달아|찾아\s*(?:줘|주세요|봐)`,
    ),
  ],
  [
    "ja",
    new RegExp(
      JA_WORK_NOUN + r`(?:を|も)?(?:して|する|しと|し(?!た)|お願い|よろ|頼|まで|$)` +
        r`|(?<!書き)直(?:し|す|さ)|回(?:し|す)|続け(?!られ|る(?:人|ため|よう))|進め|読んで|調べ|確かめ|始め|消(?:し|す)|替え|タグを打|答え|返信|取り消|(?<!仕|書き)上げ(?!た)|変え(?!た)|(?<!申し)送(?:っ|る|り)|切り替え|取り(?:かか|掛か)`,
    ),
  ],
]);

/** "X도 올려 줘", "Xも上げといて": an "also" on a thing that is not the document, with a verb that does not fill it. */
const ALSO_WORK = lazy((): RegExp =>
  /(?<!것|점|내용|상황|이유|위치|결과|한|속|정|태|용|각|제|온|습|밀|빈|강|진)도\s*(?!(?:포함|적|넣|기록|써|쓰|남기|남겨|메모|정리|같이|함께))[가-힣]+\s*(?:놓아\s*|놔\s*|둬\s*)?(?:줘|주세요|둬|놔|해|하세요|할\s*것)|(?<!こと|点|内容|状況|理由|場所|経緯|結果|の|いつ|で|と|に|て|く|し|ど|誰|何)も(?!う|っと|し|の|含め|書|入れ|記録|記載|追記|残|メモ|まとめ|一緒)[^\s、。]{1,8}(?:て|で)(?:おいて|といて|ください|ね|$)/
);

/** Verbs that make or add: the document's own verbs when the clause names it, other work when it does not. */
const MAKE = lazy((): readonly [string, RegExp][] => [
  [
    "en",
    new RegExp(
      EN_ASK +
        r`(?:add|create|make(?!\s+sure)|build|draft|prepare|finish|complete|update|write|start|begin)\s+(?!(?:it|that|this|them|one|up|out|down)\b)\w`,
      "i",
    ),
  ],
  ["ko", /[가-힣A-Za-z0-9]+(?:을|를|도)\s*(?:작성|업데이트|써|쓰|준비)|만들|추가(?!하면)|완성|구현/],
  [
    "ja",
    /(?<!こと|点|内容|状況|理由|場所|経緯|結果)(?:を|も)(?:作成|更新|書い|書く|仕上げ|用意|準備)|作っ|作る|追加(?!すれば)|完成|実装/,
  ],
]);

/** What one clause asks for (see judgeClause). */
export function clauseKind(whole: string): ClauseKind {
  return judgeClause(whole).kind;
}

/** The judgement on one prompt, with the clause that decided a refusal. */
export interface HandoffJudgement {
  /** Some clause asks for the handoff document. */
  asks: boolean;
  /** The prompt passes: it asks for the handoff and for nothing else. */
  request: boolean;
  /** The first clause that asks for something else (or says not to write it), or null. */
  clause: string | null;
  /** When a prompt that asks for the handoff is refused: what decided about that clause. */
  because?: string;
}

const CLAUSE_MAX = 120;

function clip(s: string): string {
  const one = s.replace(/\s+/g, " ").trim();
  return one.length <= CLAUSE_MAX ? one : one.slice(0, CLAUSE_MAX - 1) + "…";
}

/** Whether the prompt names the handoff at all (a document noun, a path, a next-worker purpose, a request rule). */
function namesHandoff(text: string): boolean {
  return DOC_NOUN.test(text) || NEXT_PARTY.test(text) || tables().lexicons.some((lx) => lx.request.test(text));
}

/**
 * Judge a prompt clause by clause (English, Korean, Japanese). Since round 14's sixth cycle the prompt is read by its
 * structure first: a misspelt document name is corrected, a forwarded instruction in quotes is judged as its own
 * lines (its wrapper and "do as it says" support it), a letter's greeting and signature support it, a card's fields
 * and a list under a contents header are judged item by item.
 */
export function judgeHandoffRequest(text: string): HandoffJudgement {
  const head = prepare(trimStart(text));
  const window = head.slice(0, HANDOFF_WINDOW);
  if (!namesHandoff(window)) {
    // Nothing names the handoff: no request, and no model to run (the hook's common case).
    const clauses = clausesOf(window);
    return { asks: false, request: false, clause: clauses.length > 0 ? clip(clauses[0]) : null };
  }
  const units = unitsOf(window);
  // Judged in order up to the first clause of other work (one is enough to refuse; a long run-on prompt need not
  // be scored to its end).
  const judged: ClauseJudgement[] = [];
  for (const u of units.slice(0, MAX_CLAUSES)) {
    const j = u.judge();
    judged.push(j);
    if (j.kind === "other") break;
  }
  // A clause can ask for the handoff and for more ("the handoff and the migration script").
  const asks = judged.some((j) => j.kind === "request") ||
    units.some((u) => tables().lexicons.some((lx) => lx.request.test(u.clause) && !lx.negated.test(u.clause)));
  const negated = tables().lexicons.map((lx) => lx.negated.exec(head)).find((m) => m !== null);
  const refuse = (clause: string, because: string): HandoffJudgement =>
    asks ? { asks, request: false, clause: clip(clause), because } : { asks, request: false, clause: clip(clause) };
  if (negated) return refuse(negated[0], "rule: says not to write it");
  if (head.length > HANDOFF_WINDOW) return refuse(head.slice(HANDOFF_WINDOW), "rule: too long for a handoff request");
  const i = judged.findIndex((j) => j.kind === "other");
  if (i >= 0) return refuse(units[i].clause, judged[i].by);
  if (units.length > MAX_CLAUSES) {
    return refuse(units[MAX_CLAUSES].clause, `rule: more than ${MAX_CLAUSES} clauses is not a handoff request`);
  }
  // Passes only when some clause was judged to ask for the document (a past statement or a question about it
  // asks nothing).
  const asked = judged.some((j) => j.kind === "request");
  return asked ? { asks, request: true, clause: null } : { asks, request: false, clause: null };
}

// ---- Round 14, sixth cycle: structure around the request (letters, forwarded quotes, key/value cards, lists). ----

/**
 * Every Hangul syllable whose final consonant is ㅆ (a past tense: 했, 겼, 썼), except 겠 (a wish: 좋겠어) and 있
 * (써 줄 수 있어?).
 */
function ssFinal(): string {
  let out = "";
  for (let c = 0xAC00; c <= 0xD7A3; c++) {
    if ((c - 0xAC00) % 28 === 20 && c !== 0xACA0 && c !== 0xC788) out += String.fromCodePoint(c);
  }
  return `[${out}]`;
}

/**
 * A question about the document or a past statement ("Did the last session leave a handoff?", "지난번 인계 문서
 * 깔끔했어요", "前のセッションは引き継ぎメモを残した？"): it names the document and asks nothing.
 */
const ABOUT = lazy((): RegExp =>
  new RegExp(
    r`^(?:did|was|were|does|is\s+there|are\s+there|has\s+(?:the|anyone|anybody|someone|it)|have\s+you|had)\b` +
      r`|${ssFinal()}(?:어|어요|나요?|니|냐|습니까|습니다|다|네요?|지|죠|는지|을까)?[.!?~…\s]*$` +
      r`|(?<!て|で|ください)(?:た|でした|ました|かった(?:です)?|たか|ましたか|ている|てる|てた)[。.!?？…\s]*$`,
    "i",
  )
);

/** A request form anywhere in a Korean or Japanese clause ("써 줘 고생했어요" asks, whatever its last word). */
const ASKING = lazy((): RegExp =>
  /(?:줘|주세요|주십시오|줄래|주실|부탁|하세요|해\s*주|해\s*둬|해\s*놔)|(?:てください|て下さい|てくれ|てね|てほしい|お願い|しておいて|といて)/
);

/** The frame around a request: what it is, and the rule's name for the reason text. */
const FRAME = lazy((): readonly [string, RegExp][] => [
  [
    "a greeting",
    /^(?:hi|hello|hey|hiya|yo|howdy|dear|good\s+(?:morning|afternoon|evening)|greetings)\b[\p{L} ,!.'-]{0,30}$|^(?:안녕(?:하세요|하십니까)?|[가-힣A-Za-z ]{1,12}(?:님께|께|에게))[,!.\s]*$|^(?:(?:안녕하세요|안녕)[,!\s]*)?(?:여러분|모두들?|팀원\s*여러분)[,!.\s]*$|^[가-힣A-Za-z]{1,6}\s?(?:님|씨)[,!.\s]*$|^(?:皆さん|みなさん|各位|チームの皆さん)[、,\s]*(?:こんにちは|おはようございます|お疲れ(?:様|さま)です)?[。!！\s]*$|^(?:こんにちは|こんばんは|やあ|どうも|おはよう(?:ございます)?|お疲れ(?:様|さま)です|[\p{Script=Han}\p{Script=Katakana}ーA-Za-z ]{1,12}(?:様|さん|殿|各位))[,、!！\s]*$/iu,
  ],
  [
    "a forwarded instruction's wrapper",
    /^(?:fwd?|forward(?:ed|ing)?|relaying|passing\s+(?:this\s+)?on|(?:a\s+)?(?:message|note|instructions?|word)\s+from)\b[^.!?:：]{0,40}[:：]?$|^(?:from|per)\s+(?:the\s+|our\s+)?(?:lead|manager|orchestrator|pm|boss|team|user|[A-Z]\w+)[:：]?$|^(?:the\s+)?(?:lead|manager|orchestrator|pm|boss)\s+(?:says|said|writes|wrote|asks|asked)[:：]?$|^(?:this|that|it)(?:'s|\s+is|\s+was|\s+came)\s+from\s+(?:the\s+|our\s+)?[\w-]+$|^[가-힣A-Za-z ]{1,12}(?:가|이|께서)\s*(?:보낸|전한|준)\s*(?:거|것|메시지|지시)(?:예요|이에요|입니다|야|요)?$|^[\p{Script=Han}\p{Script=Katakana}ーA-Za-z ]{1,12}(?:から|より)(?:です|の(?:もの|依頼)です)?$|^[가-힣A-Za-z ]{1,12}(?:의|님의|님)?\s*(?:말씀|메시지|지시|요청|전달\s*사항)\s*(?:입니다|전달(?:합니다|해요|드려요|드립니다)|이에요|예요)?[:：.]?$|^[\p{Script=Han}\p{Script=Katakana}ーA-Za-z ]{1,12}(?:から|より)の?(?:伝言|メッセージ|指示|依頼|転送)(?:です|になります|を転送します|を共有します)?[:：。]?$/iu,
  ],
  [
    "do as the quote says",
    /^(?:(?:please|so|ok(?:ay)?|then)[,\s]+)*(?:do\s+(?:that|this|so|it|as\s+(?:it|the\s+quote)\s+says)|go\s+ahead|proceed(?:\s+accordingly)?|as\s+(?:quoted|(?:it\s+)?says|asked|requested)(?:\s+above)?|follow\s+(?:that|this|it))(?:\s*[—–-]+\s*go\s+ahead)?\W*$|^(?:위에?|위의)?\s*(?:인용한|말씀하신|말한|적힌|전달한)?\s*(?:대로|그대로|그렇게)\s*(?:진행|처리)?\s*(?:해\s*)?(?:줘|주세요|부탁(?:해요|합니다|드립니다)?|요)?[.!\s]*$|^(?:その|この|上の|引用の)?\s*(?:通り|とおり)(?:に)?\s*(?:お願い(?:します|いたします)?|進めてください|進めて|して(?:ください)?)[。.!\s]*$/iu,
  ],
  [
    "a checklist's title",
    /^(?:the\s+)?(?:hand[-\s]?(?:off|over)|인계|인수인계|핸드오프|引き?継ぎ|ハンドオフ)\s*(?:checklist|steps|to-?do|plan|체크리스트|절차|순서|チェックリスト|手順)\s*[:：]?$/i,
  ],
  [
    "courtesy about when",
    /^(?:(?:when|whenever)\s+you\s+(?:get|have)\s+a\s+(?:moment|minute|sec(?:ond)?)|when\s+you\s+can|if\s+you\s+have\s+a\s+(?:moment|minute))\W*$|^(?:시간|여유|틈)\s*(?:될|날|있을)\s*때(?:에)?[,\s]*$|^(?:手が空いたら|時間があるときに|お手すきの際に|お時間あるときに)[、,\s]*$/i,
  ],
  [
    "time to close",
    /^(?:ok(?:ay)?[,\s]+)?(?:wrap[-\s]?up|handoff|hand-?off|closing|end\s+of\s+(?:day|shift|session)|quitting)\s+time\W*$|^time\s+to\s+(?:wrap\s+up|stop|close)\W*$/i,
  ],
  [
    "the end of a shift",
    /^(?:the\s+|your\s+|this\s+)?(?:shift|day|session|sprint|window|context)\s+(?:ends|is\s+over|runs\s+out|closes)\W*$/i,
  ],
]);

/** Modalities that ask, problem words that hint at work: a sentence with one is not a plain fact. */
const NOT_FACT = lazy((): RegExp =>
  /[?？]\s*$|\b(?:need|needs|needed|must|should|ought|has\s+to|have\s+to|had\s+better|want|wants|would\s+like|'d\s+like|require[sd]?|expect(?:s|ed)?|supposed|please|make\s+sure|remember|forget|let'?s|can\s+you|could\s+you|will\s+you|would\s+you|if\s+you|broken|break|breaks|fail\w*|outdated|out\s+of\s+date|stale|wrong|bug|bugs|error|errors|crash\w*|slow|missing|todo|pending|flaky|as\s+well|too|also|plus|together\s+with|along\s+with|be\s+sure|ticket|pr|step\s+is|is\s+to\s+(?!be\b)\w+|refactor\w*|migrat\w*|bump|fix\w*|deploy\w*|outage|ping)\b|[&+]|#\d|티켓|チケット|남았|남아|남은|残って|残り|\bremains?\b|\bleft\s+to\s+do\b|\bstill\s+(?:needs?|to\s+do|has\s+to)\b|\b(?:is|are|comes?)\s+next\b|\bnext\s+up\b|\b(?:upgrade|rename|cleanup|rewrite|implement\w*)\b|줄래|줄\s*수|할래|해\s*줄|주실|\b(?:we|i|you)(?:'ll|\s+will|'re\s+going\s+to|\s+are\s+going\s+to|\s+am\s+going\s+to|'m\s+going\s+to)\b|줘|주세요|주십시오|주실|주시|하세요|하십시오|하자|해라|하라|해야|돼야|되어야|필요|했으면|좋겠|바랍|부탁|요청|[까나니]요?\s*$|봐|둬|놔|깨졌|깨져|깨진|실패|오래됐|틀렸|버그|에러|오류|느려|느림|빠졌|빠져|안\s*돼|안\s*되|てください|下さい|[てで]$|てね|ように|ほしい|欲しい|必要|べき|なければ|ないと|お願い|なさい|しろ|せよ|壊れ|失敗|古い|間違|バグ|エラー|遅い|落ち|抜け|足りな|できない|動かない|通らない/i
);

/** Who takes over, as the subject: what follows is about them, not asked of this worker. */
const THIRD_PARTY = lazy((): RegExp =>
  new RegExp(
    r`^(?:(?:and|but|so|also)\s+)?(?:(?:the|a)\s+)?(?:next|new|fresh|incoming)\s+(?:worker|agent|session|person|engineer|owner|shift)\b` +
      r`|^(?:your|the|my)\s+(?:replacement|successor)\b|^(?:whoever|the\s+person)\s+(?:takes|picks|comes)\b` +
      r`|^(?:다음|새|새로운)\s*(?:작업자|에이전트|세션|사람|담당자|워커)(?:는|은|가|이)\s|^후임(?:자)?(?:는|은|가|이)\s` +
      r`|^(?:次の|新しい)(?:担当者?|エージェント|セッション|人|作業者|ワーカー)(?:は|が)|^後任(?:は|が)`,
    "i",
  )
);

/** A sentence that states a fact (the context before the request), per language. */
const FACT = lazy((): RegExp =>
  new RegExp(
    // English: a pronoun or a noun phrase as the subject, then a finite verb.
    r`^(?:(?:and|but|so|also)\s+)?(?:it|they|he|she|we|there|this|that|(?:the|a|an|our|this)\s+(?:\w+\s+){0,2}?)` +
      r`(?:'s|'re|'ve|\s+(?:is|are|was|were|has|have|had|does|do|did|will|won't|can't|cannot|isn't|aren't|wasn't|hasn't|haven't|doesn't|didn't|knows?|\w+ed))\b` +
      // Korean: a declarative ending that cannot be an imperative.
      r`|(?:모릅니다|모른다|없습니다|없다|있습니다|있다|입니다|이다|않습니다|못\s*\S+니다|됩니다|[었았였했]습니다|[었았였했]다|이에요|예요|[었았였했]어요|거든요?|는데요?)[.!…\s]*$` +
      // Japanese: a declarative ending.
      r`|(?:ません|です|でした|ました|ませんでした|だった|ない|なかった|いる|ある|います|あります)[。.!！…\s]*$` +
      // A subject with が and no object: what happens to it ("正午に担当が交代します").
      r`|^[^を]*が[^を]*ます[。.!！…\s]*$|^[^을를]*[가-힣](?:이|가)\s[^을를]*[가-힣]니다[.!…\s]*$`,
    "i",
  )
);

/** A statement in the past or the negative, with a declarative ending (Korean, Japanese). */
const PAST_STATEMENT = lazy((): RegExp =>
  new RegExp(
    r`(?:${ssFinal()}(?:습니다|다|어요)|않습니다|않았습니다|없습니다|없었습니다)[.!…\s]*$` +
      r`|(?:ません|ませんでした|ました|ていない|てない|なかった)[。.!！…\s]*$`,
  )
);

/** Whether a clause only states a fact: no request form, no obligation, no problem, no work asked of this worker. */
function isFact(clause: string): boolean {
  if (NOT_FACT().test(clause) || ALONG().test(clause) || ALSO_WORK().test(clause)) {
    return false;
  }
  if (tables().lexicons.some((lx) => lx.request.test(clause))) return false;
  // A verb of work after a comma is a task of its own ("After that, split the parser").
  if (new RegExp(r`[,;:]\s*(?:please\s+)?(?:${EN_WORK}|${EN_WORK_VERB})\b`, "i").test(clause)) return false;
  if (THIRD_PARTY().test(clause)) return true;
  if (!FACT().test(clause)) return false;
  // What was done or not done yet is reported, not asked ("스펙은 읽었지만 코드는 못 봤습니다", "まだ見ていません").
  if (PAST_STATEMENT().test(clause)) return true;
  return !WORK().some(([, re]) => re.test(clause)) && !MAKE().some(([, re]) => re.test(clause));
}

/** The document's name misspelt by one letter (handof, hnadoff, ハンドフォ) or by a common slip (인게 문서, 引き次ぎ). */
function damerau1(a: string, b: string): boolean {
  if (a === b) return true;
  const m = a.length, n = b.length;
  if (Math.abs(m - n) > 1) return false;
  let i = 0;
  while (i < m && i < n && a[i] === b[i]) i++;
  if (m === n) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return m > n ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Words one edit from the document's name that are other words. */
const NOT_A_TYPO = new Set(["hangover", "handsoff", "handout", "handon", "ハンドオン", "ハンドル", "핸드폰"]);

function fixName(w: string, targets: readonly string[], to: string, min: number): string {
  // Small kana compared as large ones (ハンドフォ is ハンドオフ with two letters swapped).
  const l = w.toLowerCase().replace(/[ァィゥェォッャュョ]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 1));
  if (l.length < min || targets.includes(l) || NOT_A_TYPO.has(l)) return w;
  return targets.some((t) => damerau1(l, t)) ? to : w;
}

/** The prompt with a misspelt document name corrected. */
function fixNames(text: string): string {
  return text
    .replace(
      /\b[A-Za-z][A-Za-z0-9]{4,9}\b/g,
      (w) => fixName(w, ["handoff", "handover", "handoffs", "handovers"], "handoff", 5),
    )
    .replace(/ハ[ァ-ヶー]{2,7}/g, (w) => fixName(w, ["ハンドオフ", "ハンドオーバー"], "ハンドオフ", 4))
    .replace(/[핸헨햰][가-힣]{2,4}/g, (w) => fixName(w, ["핸드오프", "핸드오버"], "핸드오프", 3))
    .replace(/引き?[次接告注]ぎ/g, "引き継ぎ")
    .replace(
      /(?<![가-힣])(?:인수)?[인잉]\s?[게개께꼐](?=\s*(?:서|문서|노트|메모|파일|자료|사항))/g,
      (w) => w.startsWith("인수") ? "인수인계" : "인계",
    );
}

/** A relay inside a forwarded instruction ("ask the worker to …", 작업자에게 …라고 해 주세요, 作業者に…ように伝えて). */
function unrelay(inner: string): string {
  return inner.trim()
    .replace(
      /^(?:please\s+)?(?:ask|tell|have|get|remind)\s+(?:the|your|our|this)\s+(?:worker|agent|session|bot|assistant|ai|model)\s+(?:to\s+)?/i,
      "",
    )
    .replace(/^(?:작업자|에이전트|워커|세션)(?:에게|한테|더러)\s*/, "")
    .replace(/(?:하|으|이)?라고\s*(?:해|전해|말해|얘기해|알려)\s*(?:줘|주세요|주시겠어요|줄래|요)?[.!]?\s*$/, "")
    .replace(/^(?:作業者|エージェント|ワーカー|担当者|セッション)(?:に|へ)(?:は)?/, "")
    .replace(/(?:よう|ように)(?:に)?(?:伝えて|言って|指示して|頼んで)(?:ください|下さい|おいて)?[。.]?\s*$/, "");
}

/** The prompt prepared for the clauses: the name corrected, a quoted (forwarded) instruction on lines of its own. */
export function prepare(text: string): string {
  return fixNames(text)
    .replace(/^[ \t]*>[ \t]?/gm, "")
    .replace(
      /([:：])\s*[“"「『]([^”"」』\n]{4,400})[”"」』][。.]?/g,
      (_, colon: string, inner: string) => `${colon}\n${unrelay(inner)}\n`,
    );
}

/** One unit of a prompt to judge: a clause, a list item, a field's value, a signature line. */
export interface Unit {
  clause: string;
  judge: () => ClauseJudgement;
}

const LIST_ITEM = /^\s*(?:[-*•・+]|\d{1,2}[.)]|[①-⑳])\s+(?:\[[ xX]\]\s*)?(.+)$/u;
const KEY_VALUE = /^\s*([\p{L}][\p{L}\p{N} _/-]{0,20}?)\s*[:：]\s*(\S.*)$/u;

/** A line that opens a list of what goes into the document ("Put in:", "인계 문서에 들어갈 것:", 以下を入れてください：). */
const CONTENTS_HEADER = lazy((): RegExp =>
  /\b(?:include|cover|put\s+in|add|list|note|mention|contents?|sections?|items?|what\s+to\s+(?:include|put|write|cover)|should\s+(?:cover|include|have|contain|say|list)|with)\b|넣|포함|들어갈|적을|쓸\s*것|담을|내용|항목|아래|入れ|含め|書くこと|書く内容|内容|項目|以下|記載/i
);
/** A header of steps or tasks ("Before that:", "그 전에:", "その前に:", "TODO:"): its items are not contents. */
const TASK_HEADER = lazy((): RegExp =>
  /\b(?:before|first|then|also|after|todo|to-?do|tasks?|tickets?|fix|steps?|plan)\b|그\s*전에|먼저|전에|할\s*일|작업\s*목록|티켓|다음\s*작업|その前に|先に|まず|タスク|やること|チケット|手順|todo/i
);

/** The document named generically ("the doc", 문서, 資料). */
const GENERIC_DOC =
  /\b(?:the|this|that|your)\s+(?:doc(?:ument)?|notes?|file|memo|write-?up)\b|문서|노트|메모|資料|メモ|文書|書に|書には/i;

/** A header that asks to do the items ("do these:", 처리해 줘:, 対応して:): they are tasks, not contents. */
const HEADER_WORK =
  /(?:^|\b(?:please|also|then|and|so|now|just)\s+)(?:do|handle|tackle|finish|complete|address|resolve|fix|work\s+on|take\s+care\s+of|get\s+through|knock\s+out|go\s+through)\b|해결|처리|진행|끝내|対応|処理|片付け|済ませ|やって/i;

/** Field names of an orchestrator's card, by what their value is. */
const DOC_KEY = /^(?:task|kind|type|job|request|action|what|작업|종류|요청|유형|할\s*일|作業|種類|依頼|タスク|種別)$/i;
const PATH_KEY =
  /^(?:file|path|output|location|where|save\s+to|target|파일|경로|위치|저장(?:\s*위치)?|출력|ファイル|パス|場所|保存先|出力(?:先)?)$/i;
const CONTENTS_KEY =
  /^(?:sections?|contents?|include|items?|cover|topics?|fields?|headings?|내용|항목|포함|섹션|목차|内容|項目|含める|セクション|見出し|入れるもの|書くこと)$/i;
const STOP_KEY =
  /^(?:stop(?:\s+(?:after|when))?|done\s+when|finish|when\s+done|종료(?:\s*조건)?|완료\s*조건|끝나면|終了条件|完了条件|終わったら|完了後)$/i;
const STYLE_KEY = /^(?:language|lang|format|style|tone|length|언어|형식|분량|말투|言語|形式|文体|長さ|フォーマット)$/i;

/** A field value that is only the document's name ("handoff", "인계 메모", "引き継ぎ", "write the handoff note"). */
function onlyDoc(value: string): boolean {
  if (!DOC_NOUN.test(value)) return false;
  const rest = value
    .replace(new RegExp(EN_NOUN, "gi"), " ").replace(new RegExp(KO_NOUN, "gi"), " ").replace(
      new RegExp(JA_NOUN, "gi"),
      " ",
    )
    .replace(
      /\b(?:write|update|prepare|the|a|new|final|doc(?:ument)?|notes?|memo)\b|작성|업데이트|메모|문서|인수인계|인계|핸드오프|作成|更新|の|を|メモ|書|引き?継ぎ|引継ぎ|ハンドオフ/gi,
      " ",
    );
  return !/[\p{L}\p{N}]/u.test(rest);
}

/** A field's stop condition that only stops, commits or pushes ("yes", "커밋까지", "コミットまで"). */
const STOP_VALUE =
  /^(?:yes|y|true|stop|exit|commit(?:ted)?|push(?:ed)?|(?:when\s+|once\s+)?(?:the\s+)?(?:file|doc(?:ument)?|note|it)\s+is\s+(?:committed|pushed|written|saved)|(?:after\s+)?(?:commit|push)(?:\s+(?:and|&)\s+push)?|커밋(?:\s*(?:하고|후)\s*푸시)?(?:까지)?|푸시(?:까지)?|저장(?:까지)?|종료|멈춤|コミット(?:してプッシュ)?(?:まで)?|プッシュ(?:まで)?|保存(?:まで)?|停止|終了)[.!。\s]*$/i;

/** Units of one key/value line of a card, or null when the key is not one we read (the line is judged as it is). */
function fieldUnits(line: string, key: string, value: string): Unit[] | null {
  const k = key.trim();
  const support = (by: string): Unit => ({ clause: line, judge: () => ({ kind: "support", by }) });
  if (DOC_KEY.test(k) && onlyDoc(value)) {
    return [{ clause: line, judge: () => ({ kind: "request", by: "rule: a card's task field names the document" }) }];
  }
  if (
    PATH_KEY.test(k) && /^[\w./~-]+\.(?:md|markdown|txt)$/i.test(value.trim()) &&
    /hand|note|memo|next|session|progress|status|인계|引き?継/i.test(value)
  ) {
    return [support("rule: a card's field: where the document goes")];
  }
  if (CONTENTS_KEY.test(k)) {
    return value.split(/[,、，;；]/).map((v) => v.trim()).filter((v) => v !== "").map((v) => ({
      clause: v,
      judge: () => judgeItem(v),
    }));
  }
  if (STOP_KEY.test(k)) {
    return [
      STOP_VALUE.test(value.trim()) ? support("rule: a card's stop condition") : {
        clause: value,
        judge: () => judgeClause(value),
      },
    ];
  }
  if (STYLE_KEY.test(k) && value.trim().split(/\s+/).length <= 4 && !WORK().some(([, re]) => re.test(value))) {
    return [support("rule: a card's field: the document's language or format")];
  }
  return null;
}

/** An English list item that starts with a verb of work, or ends on a task noun ("lodash bump"). */
const EN_TASK_ITEM = lazy((): RegExp =>
  new RegExp(
    r`^(?:(?:please|also|then|and|first|next|finally|pls)\s+)*(?:${EN_WORK}|${EN_WORK_VERB}|add|create|make|build|write|update|draft|start)\b` +
      r`(?!\s+(?:questions?|issues?|items?|risks?|points?|threads?|problems?|results?|status|coverage|names?|output|failures?|cases?|plan|suite|conflicts?|notes?|history|state|steps?|order|commands?|errors?|logs?|ups?)\b)` +
      r`|(?:\b(?:and|then|also|plus)|[&+])\s+(?:please\s+)?${EN_WORK}\b` +
      // "a fix for the login redirect": a task named by its noun.
      r`|^(?:(?:a|an|the)\s+)?(?:fix|patch|bump|upgrade|migration|refactor|rename|rollout|deploy(?:ment)?|cleanup|rewrite|implementation)\s+(?:for|of|to|on)\b` +
      r`|\b(?:fix|bump|upgrade|update|migration|refactor(?:ing)?|rename|rollout|deploy(?:ment)?|cleanup|deletion|removal|patch|rewrite|implementation)\s*[.!]?$`,
    "i",
  )
);

/** A Korean or Japanese list item that ends on a verb of work or a work noun (a task, not contents). */
const CJK_TASK_ITEM = lazy((): RegExp =>
  new RegExp(
    r`(?:^|\s)(?:${KO_WORK_NOUN}|${KO_DOC_WORK})(?:하기|해|해\s*줘|하고|할\s*것|함)?[.!]?$|(?:기|하기|줘|주세요|하세요|하자|해요)[.!]?$` +
      r`|(?:${JA_WORK_NOUN}|${JA_DOC_WORK})(?:する|すること|を行う|して|しておく|します|してください)?[。.]?$|(?:して|てください|てね)[。.]?$`,
  )
);

/** One item of what goes into the document (a list under a contents header, a card's sections). */
function judgeItem(item: string): ClauseJudgement {
  const t = item.replace(/^\[[ xX]\]\s*/, "").trim();
  if (tables().lexicons.some((lx) => lx.thing.test(t)) || CODE_FILE().test(t)) {
    return { kind: "other", by: "rule: code named handoff" };
  }
  if (tables().lexicons.some((lx) => lx.foreign.test(t))) {
    return { kind: "other", by: "list item: aimed at another target" };
  }
  if (ALONG().test(t) || ALSO_WORK().test(t)) return { kind: "other", by: "list item: a task along with the document" };
  if (OTHER_DOC().test(t)) return { kind: "other", by: "list item: another document" };
  if (/#\d+/.test(t) && !/\b(?:status|state|where|progress)\b|상황|상태|진행|状況|状態|進捗/i.test(t)) {
    return { kind: "other", by: "list item: a ticket, not contents" };
  }
  if (ASCII_ONLY.test(t) ? EN_TASK_ITEM().test(t) : CJK_TASK_ITEM().test(t)) {
    return { kind: "other", by: "list item: a task, not contents" };
  }
  // A Japanese item that ends on a plain verb of work ("設定の名前を変える", "テストを直すこと").
  if (/(?:[うくぐすつぬぶむる]|こと)[。.]?$/.test(t) && WORK()[2][1].test(t.slice(-8))) {
    return { kind: "other", by: "list item: a task, not contents" };
  }
  // "- the retry change (please merge it first)": what is in brackets is judged as a clause of its own.
  for (const m of t.matchAll(/[(（]([^)）]{2,})[)）]/g)) {
    const j = judgeClause(m[1]);
    if (j.kind === "other" || (ASKING().test(m[1]) && WORK().some(([, re]) => re.test(m[1])))) {
      return { kind: "other", by: `list item, "${m[1]}": ${j.kind === "other" ? j.by : "a verb of work"}` };
    }
  }
  // "- what is done, and after that deploy staging": what follows a clause boundary in an item is judged as a clause.
  for (const c of clausesOf(t).slice(1)) {
    const j = judgeClause(c);
    if (j.kind === "other") return { kind: "other", by: `list item, "${c}": ${j.by}` };
  }
  return { kind: "support", by: "rule: an item of the document's contents" };
}

/** A letter's closing line ("Best,", "Cheers, the ops desk", "— 운영팀 드림", "田中より"). */
const SIGN_OFF = lazy((): RegExp =>
  /^(?:best(?:\s+regards|\s+wishes)?|(?:kind\s+|warm\s+)?regards|cheers|thanks(?:\s+again|\s+a\s+lot)?|thank\s+you|many\s+thanks|sincerely|yours(?:\s+truly)?|take\s+care|ty|thx|talk\s+soon)\b[\s,!.]*(?:[A-Za-z][\w.'-]*(?:\s+[A-Za-z][\w.'-]*){0,3})?[\s.!]*$|^(?:[가-힣A-Za-z]{1,8}\s)?[가-힣A-Za-z]{0,8}\s?(?:드림|올림|배상)[.!\s]*$|^(?:감사합니다|고맙습니다|수고하세요|수고하십시오)[.!\s]*$|^[\p{Script=Han}\p{Script=Katakana}ーA-Za-z ]{0,12}(?:より|拝)$|^(?:以上|敬具|よろしくお願い(?:します|いたします)?)[。.!！\s]*$/iu
);
/** A name, a team: the last line of a letter. */
const NAME_LINE =
  /^(?:[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*){0,2}|(?:the\s+)?[a-z]+\s+(?:team|desk|crew))$|^(?:[가-힣]{1,4}팀\s?)?[가-힣]{1,4}$|^[\p{Script=Han}\p{Script=Katakana}ー]{1,6}チーム(?:[\s　]?(?:\p{Script=Han}{1,4}|[\p{Script=Katakana}ー]{1,4}))?$|^(?:\p{Script=Han}{1,4}|[\p{Script=Katakana}ー]{1,4})$/iu;
/** A line that closes with courtesy: a name may follow it. */
const COURTESY_END =
  /(?:thanks|thank\s+you|regards|best|cheers)\W*$|(?:감사합니다|고맙습니다|드림|수고하세요)[.!\s]*$|(?:よろしくお願いします|お願いします|お願いいたします|以上)[。.!！\s]*$/i;

/** Verbal nouns of the document's own verbs and of chores: a task when they end a line or an item. */
const KO_DOC_WORK = r`(?:정리|작성|업데이트|추가|삭제|확인|정돈|청소|교체|수정|적용|제거|갱신)`;
const JA_DOC_WORK = r`(?:整理|作成|更新|追加|削除|確認|掃除|交換|適用|除去)`;

/** Whether a line could be a signature at all: no document, no work, no number. */
function plainLine(l: string): boolean {
  return !DOC_NOUN.test(l) && !/\d|#|\//.test(l) && !WORK().some(([, re]) => re.test(l)) && !OTHER_DOC().test(l) &&
    !new RegExp(
      `${KO_WORK_NOUN}|${JA_WORK_NOUN}|${KO_DOC_WORK}|${JA_DOC_WORK}|테스트|テスト|\\b(?:${EN_WORK_VERB}|${EN_WORK})\\b`,
      "i",
    ).test(
      l.replace(/^(?:best|regards|cheers|thanks|thank\s+you)\b/i, ""),
    );
}

/** The units of a prompt: its lines, read by their structure, then its clauses. */
export function unitsOf(text: string): Unit[] {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const filled = lines.map((l, i) => [l, i] as const).filter(([l]) => l !== "");
  const out: Unit[] = [];
  if (filled.length === 0) return out;
  // A letter: it opens with a greeting; its last lines may be a closing and a name.
  const letter = FRAME()[0][1].test(clausesOf(filled[0][0])[0] ?? "");
  let sigFrom = lines.length;
  for (let k = filled.length - 1; k >= 1 && k >= filled.length - 2; k--) {
    const [raw, i] = filled[k];
    const dashed = /^(?:[-—–~]+|--)\s*/.test(raw);
    const l = raw.replace(/^(?:[-—–~]+)\s*/, "");
    if (!plainLine(l)) break;
    if (SIGN_OFF().test(l)) {
      sigFrom = i;
      continue;
    }
    const last = k === filled.length - 1;
    if (last && NAME_LINE.test(l) && (letter || dashed || COURTESY_END.test(filled[k - 1][0]))) {
      sigFrom = i;
      continue;
    }
    break;
  }
  let header = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line === "") continue;
    if (i >= sigFrom) {
      out.push({ clause: line, judge: () => ({ kind: "support", by: "rule: a letter's closing or signature" }) });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item && header) {
      const t = item[1];
      out.push({ clause: t, judge: () => judgeItem(t) });
      continue;
    }
    header = false;
    const kv = KEY_VALUE.exec(line);
    const field = kv && kv[1].trim().split(/\s+/).length <= 3 ? fieldUnits(line, kv[1], kv[2]) : null;
    if (field) {
      out.push(...field);
      continue;
    }
    // A list marker ("1.", "-") is no clause of its own.
    const clauses = clausesOf(item ? item[1] : line);
    const last = clauses[clauses.length - 1] ?? line;
    header = /[:：]\s*$/.test(line) && CONTENTS_HEADER().test(line) && !TASK_HEADER().test(last) &&
      !WORK().some(([, re]) => re.test(last)) && !HEADER_WORK.test(last);
    for (const c of clauses) {
      // "For the handoff, cover these:": a header that names the document asks for it, item by item below.
      // (In a prompt that names the handoff, "the doc", 문서, 資料 in such a header is the handoff.)
      const named = header && c === last && (DOC_NOUN.test(c) || GENERIC_DOC.test(c)) &&
        judgeClause(c).kind !== "request";
      out.push({
        clause: c,
        judge: named && LIST_ITEM.test(lines.slice(i + 1).find((l) => l !== "") ?? "") && !OTHER_DOC().test(c) &&
            !/README|CHANGELOG|wiki|위키|이슈|issue|\bPR\b|코드|\bcode\b|コード|イシュー|仕様/i.test(c) &&
            !tables().lexicons.some((lx) => lx.thing.test(c))
          ? () => ({ kind: "request", by: "rule: a contents header that names the document" })
          : () => judgeClause(c),
      });
    }
  }
  return out;
}

/** Whether the text asks for the handoff document (English, Korean, Japanese) and nothing else. */
export function isHandoffRequest(text: string): boolean {
  return judgeHandoffRequest(text).request;
}
