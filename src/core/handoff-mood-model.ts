/**
 * The mood judge's clause model (round 16; src/core/handoff-mood.ts): round 15's clause model (handoff-model.ts) with
 * each clause's mood as a feature, trained on every spent set (eval/handoff-prompts/model/mood/), and moodOf, which
 * reads a clause's mood from its edges. Round 15's description follows.
 *
 * The handoff exception's clause model (issue 31, round 14): a multinomial logistic model over a
 * clause's words, word pairs, character n-grams of Hangul and kana/kanji runs, its first and last
 * characters (where Korean and Japanese put the request form), and a few lexicon flags (a handoff
 * document noun, a next-worker purpose, a work noun…). Three classes: the clause asks for the
 * document itself, only supports it (why, what goes in, where, commit or push it, stop, courtesy),
 * or asks for other work. The weights are a small table trained only on clauses we wrote
 * (eval/handoff-prompts/model/corpus.ts, train.ts); every decision can be explained by its
 * heaviest features, which the refusal reason names.
 */
import { type ClauseScore, featuresOf, lexicon, packTable, PRUNE, scoreWith } from "./handoff-model.ts";
import { NAME } from "./handoff-names.ts";
import { WEIGHTS } from "./handoff-mood-weights.ts";

const r = String.raw;

// The packed table's format, search and pruning are round 15's model's (one copy, review round 16).
export { type ClauseScore, packTable, PRUNE, shippedWeight } from "./handoff-model.ts";

export const CLASSES = ["doc", "support", "other"] as const;
export type ClauseClass = typeof CLASSES[number];

/** A handoff document named in any of the three languages (or a path naming it). */
export const DOC_NOUN = new RegExp(
  r`${NAME.enAlone}|hndoff|hnad-?off|hadnoff|handof\b|${NAME.ko}|인게서|인수인게|핸드옾|(?<![取割値差索])引き?継(?!続)|引き?次ぎ|ひきつぎ|ハンドオフ|ハンドオーバー|申し送り`,
  "i",
);
/** A purpose about whoever continues: "so the next worker can pick up", 다음 작업자를 위해, 次の担当者のために. */
export const NEXT_PARTY =
  /\bnext\s+(?:worker|agent|session|person|engineer|shift|owner)|\bwhoever\s+(?:picks|takes|comes)|\bfresh\s+session|\bsuccessor|\bnext\.md\b|이어받|이어서\s*할\s*수|다음\s*(?:작업자|사람|세션|에이전트|담당자?)|후임|次の(?:担当|人|セッション|エージェント|作業者)|後任|引き継げる|新しいセッション/i;

let lex: readonly [string, RegExp][] | null = null;

/** The features of one clause: round 15's model's (`featuresOf`, under this model's document names) and its mood. */
export function clauseFeatures(clause: string): string[] {
  lex ??= lexicon(DOC_NOUN);
  // The clause's mood (round 16, moodOf): whether it asks at all, apart from what it is about.
  return featuresOf(clause, lex, "m:" + moodOf(clause).mood);
}

/**
 * The weight table (round 16): one string, a line per feature, sorted, "feature<TAB>doc,support,other" in hundredths.
 * A feature is found by binary search over the string itself, so nothing is parsed or built when the table is first
 * used: parsing the JSON object it replaced cost a hook process about 6 MiB of peak on a prompt naming the handoff
 * (bench/RESULTS.md).
 */
let table: string | null = null;

/** The weight table, used as it is shipped (only a prompt that names the handoff gets this far). */
function weights(): string {
  table ??= WEIGHTS();
  return table;
}

/**
 * Evaluation only (eval/handoff-prompts/model/loso.ts): score with another table, e.g. one trained without a held-out
 * writer's prompts; null goes back to the shipped table. The hook never calls this.
 */
export function useTable(w: Map<string, readonly number[]> | null, prune = PRUNE): void {
  if (w === null) {
    table = null;
    return;
  }
  table = packTable(w, prune);
}

/** Score one clause. */
export function scoreClause(clause: string, towards?: ClauseClass): ClauseScore {
  return scoreWith(weights(), clauseFeatures(clause), towards);
}

/**
 * A clause's mood (round 16): whether it asks the reader to do or answer something now, or only describes (context,
 * a reason, the successor, what was done), read from the clause's edges and not its topic: English from its first
 * words (an imperative, please, a modal of obligation, a wish, "you will", a task label) and its subject (I, we, it,
 * the next worker, a name: a statement), Korean and Japanese from the final predicate's ending (-해 주세요 / -て /
 * ください ask; -었어요 / -입니다 / -ました / -ので describe). The topic words ("the Redis migration") are shared by a
 * context sentence and an ask; the mood is not. "unknown" when no edge decides (a noun phrase, a label, a list item).
 */
export type Mood = "ask" | "describe" | "unknown";

/** Sentence openers that do not change the mood: "and", "but", "ok", "FYI:" … */
const EN_LEAD =
  /^(?:(?:and|but|so|ok(?:ay)?|well|also|oh|hey|hi|right|now|then|anyway|btw|fyi|note|context|background|p\.?s\.?|this\s+time|for\s+now|today|tonight|right\s+now|at\s+this\s+point|first|finally|lastly|(?:one\s+)?last\s+(?:ask|thing)|one\s+more\s+thing)\b[\s,:;-]*)+/;
/** The reader asked to act or answer: an imperative opener, please, a modal of obligation, a wish, "you will". */
const EN_ASK =
  /^(?:please|pls|plz|kindly|let'?s|make\s+sure|go\s+ahead|don'?t|do\s+not|never|just|first|finally|remember|(?:can|could|would|will|won'?t)\s+(?:you|u|ya)\b)|\b(?:should|must|ought\s+to|needs?\s+to|need(?:s|ed)?\s+(?:you|\w+ing|\w+ed|the|a|it|to|doing)|ha(?:ve|s)\s+to|(?:i|we)(?:'d|\s+would)\s+(?:like|love|appreciate|prefer)|(?:i|we)\s+(?:want|need|expect|ask)|would\s+be\s+(?:great|nice|good|helpful|ideal|better)|it'?d\s+be\s+(?:great|nice|good|helpful)|hope\s+you|feel\s+free|(?:wants|asked|asks|told)\s+(?:you|u)\s+to|needs?\s+(?:\w+\s+)?(?:triage|review|attention|fixing|a\s+fix|a\s+look)|assigned\s+to\s+(?:you|u)|is\s+(?:yours|on\s+you)|due\s+(?:today|tonight|tomorrow|by|before|this)|you(?:'re|\s+are)\s+(?:welcome|free|allowed|cleared)\s+to|(?:ok|okay|fine)\s+to|you(?:'ll|\s+will|\s+can|\s+could|\s+may|\s+might|\s+need|\s+should|\s+must|\s+have\s+to|\s+are\s+(?:to|going\s+to))|(?:next|your|the\s+next)\s+(?:ticket|task|job|step|assignment|item)\s+(?:is|will\s+be)|reply|respond|answer|let\s+me\s+know|tell\s+me)\b/;
/** An English clause that opens on a verb's base form: an imperative. */
const EN_IMPERATIVE =
  /^(?:write|update|finish|commit|push|stop|exit|fix|add|run|make|create|put|record|summari[sz]e|note|leave|keep|save|send|open|close|merge|rebase|start|continue|check|review|test|deploy|migrate|move|rename|delete|remove|clean|bump|switch|change|draft|prepare|jot|dump|capture|list|include|document|describe|explain|cut|trim|correct|append|hand|wrap|pick|take|get|go|tell|ping|post|reply|answer|investigate|implement|refactor|build|install|upgrade|revert|squash|tag|release|publish|finali[sz]e|complete|refresh|flesh|fill|translate|redact|mask|merge|split|mark|file|assign|notify|email|message|ask|look|try|verify|rerun|profile|benchmark|measure|clear|restart|kill|drop|skip|use|set|enable|disable|configure)\b(?!\s+(?:is|are|was|were|has|have|will)\b)/;
/** A task label: "next ticket:", "todo =", "also:" (a field that names work). */
export const TASK_LABEL =
  /^(?:next[\s_-]*(?:ticket|task|step|job|up|issue|assignment)|todo|to[\s_-]?do|also|follow[\s_-]*up|stretch(?:[\s_-]*goal)?|extra|additional[\s_-]*tasks?|다음\s*(?:티켓|작업|할\s*일|이슈)|추가\s*작업|후속\s*작업|次の?(?:チケット|タスク|作業|課題)|追加(?:タスク|作業)|後続(?:タスク|作業)|ついでに)\s*[:=：]/i;
/** A statement: a subject that is not the reader's imperative (I, we, it, the next worker, a name) and a finite verb. */
const EN_SUBJECT =
  /^(?:because|since|as|though|although|even\s+though|even\s+if|given\s+that|now\s+that|(?:i|we|it|this|that|these|those|there|they|he|she|the|my|our|his|her|their|its|[a-z]+'s)\b(?![,:])|i'm|i've|i'll|i'd|we're|we've|we'll|it's|that's|there's|they're|they'll|you(?:'ve|\s+(?:were|have|had|already|just|started|wrote|fixed|did|made|left|got|ran|finished|stopped|said|mentioned|added|merged|pushed|committed)\b))/;
const EN_FINITE =
  /\b(?:is|are|was|were|has|have|had|will|won'?t|did|does|do|can'?t|cannot|isn'?t|aren'?t|wasn'?t|doesn'?t|didn'?t|hasn'?t|haven'?t|takes|reads|picks|starts|gets|goes|knows|comes|runs|says|looks|works|seems|means|lands|happens|\w{2,}ed)\b|'(?:s|re|ve|ll|d|m)\b/;

/** Korean: the final predicate's ending (after punctuation, emoji, ㅠㅋㅎ and tildes). */
const KO_ASK =
  /(?:줘|줘요|줘여|주세요|주세여|주십시오|주시고|주고|주시면|주실래요|주실\s*수\s*있(?:을까요|나요|어요)|해|해라|해요|해여|하세요|하십시오|하자|합시다|할\s*것|하기|하길|바람|바랍니다|부탁(?:해|해요|해여|합니다|드립니다|드려요|드림)?|요망|둬|둬요|놔|놔요|세요|시오|ㄱㄱ|고고|ㄱ|주셈|셈|봐|봐요|보세요|가자|읍시다|ㅂ시다|도록|할래|줄래|줄래요|까요|나요|니|냐|래요)$/;
const KO_DESCRIBE =
  /(?:[었았였했됐웠셨겼렸졌쳤섰냈봤왔갔났썼줬](?:어요|습니다|어|다|네요|네|죠|는데|지만|고요|더라고요|더라|대요|으니|으니까|니까|거든요|거든|잖아요|군요)|(?:입니다|이에요|예요|거예요|겁니다|거야|이야|이다|있어요|있습니다|있다|있는데|없어요|없습니다|없다|없는데|된다|한다|합니다|해요\s*ㅠ|랍니다|답니다|대요|래요|라고\s*합니다|예정(?:입니다|이에요|이다|임)?|중(?:입니다|이에요|이다)|니까|으니|라서|이라서|는데|인데|은데|지만|므로|때문에|길래|거든요|거든|잖아요|잖아|네요|군요))$/;
/** Japanese: the final predicate's ending. */
const JA_ASK =
  /(?:て|で|てね|でね|てよ|てな|ください|下さい|くれ|くれる|くれや|ちょうだい|しろ|せよ|なさい|こと|お願い(?:します|いたします|致します)?|おねがい(?:します)?|頼む|頼みます|たのむ|ほしい|欲しい|ほしいです|欲しいです|いただけ\S*|もらえ\S*|ましょう|よう|ように|といて|どいて|とけ|まで|か|かな|ますか|ませんか|でしょうか)$/;
const JA_DESCRIBE =
  /(?:です|でした|ます|ました|ません|た|だ|だった|である|でしょう|らしい|みたい|ので|から|けど|けれど|けれども|が|なんで|なので|ため|予定|とのこと|そうです|ようです|んです|んだ|よね|やん|やんな|ねん|んや)$/;

/** A wish aimed at the reader: "…해 주시면 좋겠어요", "…했으면 합니다", "…てもらえると助かります", "…ればうれしい". */
const KO_WISH =
  /(?:면|으면)\s*(?:돼|되|됩니다)\S*$|(?:요청|부탁|당부|지시)\s*(?:합니다|드립니다|드려요|해요|함|드림)$|(?:어도|아도|해도|셔도|여도)\s*(?:돼|되|괜찮)\S*$|(?:면|으면|길)\s*(?:좋겠\S*|감사\S*|고맙\S*|좋을\s*것\s*같\S*|합니다|해요|바랍니다|바래요)$|(?:했|해\s*줬|주셨)으면\S*$/;
const JA_WISH =
  /(?:依頼|お願い|要請)(?:します|いたします|致します|申し上げます)$|よろ(?:しく)?(?:です|っす|ね)?$|(?:て|で)(?:も)?\s*(?:大丈夫|いい|ええ|OK|ok|構いません|かまいません|構わない|かまわない)\S*$|(?:と|ば|たら|なら)\s*(?:助かります|助かる|助かるわ|嬉しい\S*|うれしい\S*|ありがたい\S*|幸い\S*|いい\S*|良い\S*|ええ\S*)$|(?:もらえ|いただけ|くれ)(?:ると|れば|たら)\S*$/;
/** The sender names itself as who acts ("제가 확인하고", "こちらで確認して"): what follows is the sender's, not the reader's. */
const KO_SENDER = /(?:^|\s)(?:제가|내가|저는|저희가|저희\s*쪽에서|우리가|제\s*쪽에서|저도)\s/;
const JA_SENDER = /(?:^|は|も|、|\s)(?:こちらで|こっちで|私が|わたしが|僕が|俺が|自分が|弊社で|当方で|こちら側で)/;
/** What must happen, or someone's request passed on: "…들어가야 해요", "…쓰라고 하셨어요", "…必要があります", "…しておいて」だそうです". */
const KO_MUST =
  /(?:어야|아야|여야|해야|돼야|되어야|야)\s*(?:해|해요|합니다|한대요|한다|함|돼|돼요|됩니다|된대요|할\s*것\s*같아요)$|필요(?:가)?\s*(?:있어요|있습니다|해요|합니다)$|필요함$|(?:라고|으라고|하라고|달라고)\s*(?:하셨어요|했어요|합니다|하네요|하셨습니다|해요|하시네요)?$|(?:하래요|달래요|하랍니다|해\s*달래요|주래요)$/;
const JA_MUST =
  /(?:必要があります|必要です|必要がある|なければ(?:なりません|いけません|ならない)|ないと(?:いけません|いけない|だめ|ダメ)|べき(?:です)?|ておく必要があります)$|(?:て|で|しろ|ように|ほしい|ておいて|といて|こと|必要がある|べき)[」』"”]?\s*(?:だそうです|とのことです|とのこと|って(?:言って(?:いました|ます|た))?|と言って(?:いました|ます|た)|だって)$/;
/** A Korean reason, concession or reported statement at the end ("…할 거라서", "…읽는다고"): it describes. */
const KO_REASON =
  /(?:니까|으니|라서|이라서|는데|인데|은데|지만|므로|때문에|길래|거든요|거든|는다고|ㄴ다고|한다고|다고|이라고\s*해서)$/;
/** A Japanese reason or concession at the end ("…なので", "…ですが"): it describes, whatever the verb. */
const JA_REASON = /(?:ので|なんで|から|けど|けれど|けれども|ですが|ますが|たが|だが|ため)$/;

/** The mood of one clause, and the edge that decided it. */
export function moodOf(clause: string): { mood: Mood; by: string } {
  const raw = clause.normalize("NFKC").trim();
  // A quoted line that asks a question ("> Should I keep going?") is someone's question being answered below it.
  if (/^>/.test(raw) && /[?？]\s*$|(?:까요|나요|ますか|ですか|か)\s*$/.test(raw)) {
    return { mood: "describe", by: "a quoted question" };
  }
  // A relayed ask: someone's words in quotes after "says:" / before 라고 / とのこと: the quoted words' mood.
  const relay =
    /\b(?:says?|said|asks?|asked|wants?|wrote|writes|told\s+(?:me|us)|messaged|relays?|forwarded)\b[^"“'‘]{0,20}["“'‘](.{4,}?)(?:["”'’]|$)|[「『"“'‘](.{2,}?)[」』"”'’]\s*(?:라고|이라고|래요|랍니다|とのこと|と(?:言|い)って|って)/i
      .exec(raw);
  if (relay) {
    const m = moodOf(relay[1] ?? relay[2]);
    if (m.mood === "ask") return { mood: "ask", by: `a relayed ask (${m.by})` };
  }
  if (/[?？]\s*$/.test(raw)) return { mood: "ask", by: "a question" };
  // A step label ("Step 3 of the runbook:", "3단계:", "ステップ3：") or a heading names where the ask is, not the ask.
  if (
    /^(?:step|phase|stage)\s*\d+(?:\s*(?:of|in)\s+[\w\s'-]{1,30})?\s*[:：.]?\s*$|^\d+\s*단계\s*[:：]?\s*$|^(?:ステップ|手順)\s*\d+\s*[:：]?\s*$|^(?:plan|steps|todo\s+list|runbook)\s*[:：]\s*$/i
      .test(raw)
  ) {
    return { mood: "describe", by: "a step label" };
  }
  if (!/\p{L}/u.test(raw)) return { mood: "describe", by: "no words" };
  const t = raw.toLowerCase().replace(/^[\s\p{P}\p{S}\d]+/u, "").replace(EN_LEAD, "").trim();
  // deno-lint-ignore no-control-regex
  if (t === "" && /^[\x00-\x7F]+$/.test(raw)) return { mood: "describe", by: "an interjection" };
  if (TASK_LABEL.test(t) || /^"?[a-z_]*(?:next_?(?:ticket|task|issue)|todo|also|follow_?up)[a-z_]*"?\s*[:=]/.test(t)) {
    return { mood: "ask", by: "a task label" };
  }
  // (A parenthesis at the end is an aside: "…再起動しておいてください（3時から止まっています）" asks.)
  const end = raw.replace(/\s*[（(][^（）()]*[）)][\s。.!！]*$/u, "").replace(/[\s\p{P}\p{S}ㅠㅜㅋㅎ~〜wｗ笑]+$/u, "");
  const last = end.slice(-1);
  if (/[\uAC00-\uD7A3\u3131-\u318E]/.test(last)) {
    if (KO_WISH.test(end)) return { mood: "ask", by: "a Korean wish" };
    if (KO_MUST.test(end)) return { mood: "ask", by: "a Korean obligation or relayed request" };
    if (KO_SENDER.test(raw) && !/(?:줘|주세요|주십시오|하세요|부탁)\S*$/.test(end)) {
      return { mood: "describe", by: "the sender's own action" };
    }
    if (KO_REASON.test(end)) return { mood: "describe", by: "a Korean reason, concession or report" };
    if (KO_ASK.test(end)) return { mood: "ask", by: "a Korean request ending" };
    if (KO_DESCRIBE.test(end)) return { mood: "describe", by: "a Korean statement ending" };
    return { mood: "unknown", by: "no ending decides" };
  }
  if (/[\u3040-\u30FF\u4E00-\u9FFF]/.test(last)) {
    if (JA_WISH.test(end)) return { mood: "ask", by: "a Japanese wish" };
    if (JA_MUST.test(end)) return { mood: "ask", by: "a Japanese obligation or relayed request" };
    if (JA_SENDER.test(raw) && !/(?:ください|下さい|お願い\S*)$/.test(end)) {
      return { mood: "describe", by: "the sender's own action" };
    }
    if (JA_REASON.test(end)) return { mood: "describe", by: "a Japanese reason or concession" };
    if (JA_ASK.test(end)) return { mood: "ask", by: "a Japanese request ending" };
    if (JA_DESCRIBE.test(end)) return { mood: "describe", by: "a Japanese statement ending" };
    return { mood: "unknown", by: "no ending decides" };
  }
  if (!/^[a-z]/.test(t)) return { mood: "unknown", by: "no words" };
  if (/^[\w@.' -]{1,40}\s+here\W*$/.test(t)) return { mood: "describe", by: "the sender's name" };
  if (EN_ASK.test(t)) return { mood: "ask", by: "an English request form" };
  if (EN_IMPERATIVE.test(t)) return { mood: "ask", by: "an English imperative" };
  if (EN_SUBJECT.test(t) && EN_FINITE.test(t)) {
    return { mood: "describe", by: "an English statement (subject and verb)" };
  }
  return { mood: "unknown", by: "no edge decides" };
}
