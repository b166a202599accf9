/**
 * Patterns for the families round 16's sealed sets recorded (issue 31, round 17), written from examples of our own
 * (eval/handoff-prompts/model/batch-r17a.jsonl, batch-r17b.jsonl; test/core/handoff-request.test.ts, "round 17"), shared
 * by both judges (handoff-request.ts, handoff-mood.ts). Each is compiled on first use. The two that name the document
 * take each judge's own spellings of it.
 */

const r = String.raw;

/** A value built once, on first use. */
function lazy<T>(make: () => T): () => T {
  let v: T | undefined;
  return () => (v ??= make());
}

/** How a judge spells the document (regular-expression sources): English with its determiners, Korean, Japanese. */
export interface Nouns {
  en: string;
  det: string;
  ko: string;
  ja: string;
}

/** A summing-up opener: "so to sum up:", "in short,", 정리하면, 요약하면, まとめると, 要するに. */
export const summingUp = lazy((): RegExp =>
  /^(?:(?:so|ok(?:ay)?)[,\s]+)?(?:to\s+sum(?:mari[sz]e|\s+(?:it\s+)?up)|in\s+short|in\s+summary|long\s+story\s+short)\s*[,:]?\s*|^(?:정리하면|요약하면|결론적으로|한마디로)\s*[,:]?\s*|^(?:まとめると|要するに|つまり|結論(?:から言うと|として))\s*[、,:：]?\s*/i
);

/** A wish for the worker's rest, at a clause's end. */
export const restWish = lazy((): RegExp =>
  /(?:^|[,\s]+)(?:and\s+)?(?:have\s+a\s+(?:good|nice|great|restful)\s+(?:rest|night|evening|weekend|day|one)|get\s+some\s+(?:rest|sleep)|(?:go\s+)?(?:rest|sleep)\s+well)\W*$|\s*(?:푹\s*)?(?:쉬세요|쉬어요|쉬어|쉬십시오)[.!~\s]*$|[、\s]*(?:ゆっくり)?(?:休んで(?:ください|ね)?|お休みください)[。.!！\s]*$/i
);

/** A payload field that sends the summary elsewhere: notify / post / share / channel / mail, 공유 / 알림, 通知 / 共有. */
export const sendField = lazy((): RegExp =>
  /(?<![\w가-힣ぁ-んァ-ヶ一-龠-])["']?[\w가-힣ぁ-んァ-ヶ一-龠-]{0,30}(?:notify|post|send|share|slack|channel|announce|broadcast|e?mail|ping|tweet|공유|알림|전송|슬랙|메일|通知|共有|送信|投稿|連絡|メール)[\w가-힣ぁ-んァ-ヶ一-龠-]{0,30}["']?\s*[:=]\s*["']?[#@\w가-힣ぁ-んァ-ヶ一-龠]/i
);

/** A reply with only the path, "done" or OK: "reply with just its path", 경로만 답장해, パスだけ返信して. */
export const replyPath = lazy((): RegExp =>
  /^(?:(?:and|then|just|please)\s+)*(?:reply|respond|answer|report\s+back|tell\s+me|send\s+me)\s+(?:back\s+)?(?:with\s+)?(?:only\s+|just\s+)?(?:the\s+|its\s+|the\s+file'?s?\s+)?(?:path|file\s*name|link|location|"?done"?|ok|DONE)\b[^.?!]{0,20}$|^(?:그리고\s*)?(?:경로|파일\s*(?:경로|이름)|링크|위치|완료|DONE|done)(?:만|를|을)?\s*(?:답장|답|회신|알려|보내)\S*\s*(?:줘|주세요|주십시오)?[.!\s]*$|^(?:パス|ファイル(?:名|パス)|リンク|場所|完了|DONE|done)(?:だけ|のみ|を)?\s*(?:返信|返して|教えて|送って|返事)\S*[。.!！\s]*$/i
);

/**
 * A verb of work standing as a word of its own in a header line's value ("Ticket: OPS-12 rotate keys"): the value is a
 * task, not an id, a name or a state. (Not inside a name: "fix/login-timeout", "nightly-build".)
 */
const HEADER_WORK = r`(?<![\w/.-])(?:fix(?:es|ing)?|implement(?:s|ing)?|refactor(?:s|ing)?|(?:re)?deplo(?:y|ys|ying)|` +
  r`migrat(?:es?|ing)|rotat(?:es?|ing)|rerun(?:s|ning)?|delet(?:es?|ing)|remov(?:es?|ing)|drop(?:s|ping)?|` +
  r`renam(?:es?|ing)|(?:up|down)grad(?:es?|ing)|(?:un)?install(?:s|ing)?|merg(?:es?|ing)|rebas(?:es?|ing)|` +
  r`revert(?:s|ing)?|restart(?:s|ing)?|rebuild(?:s|ing)?|reset(?:s|ting)?|restor(?:es?|ing)|purg(?:es?|ing)|` +
  r`wip(?:es?|ing)|bump(?:s|ing)?|patch(?:es|ing)?|publish(?:es|ing)?|clear(?:s|ing)?|clean(?:s|ing)?|` +
  r`configur(?:es?|ing)|enabl(?:es?|ing)|disabl(?:es?|ing)|chang(?:es?|ing)|replac(?:es?|ing)|switch(?:es|ing)?|` +
  r`mov(?:es?|ing)|split(?:s|ting)?|updat(?:es?|ing)|add(?:s|ing)?|creat(?:es?|ing)|rewrit(?:es?|ing)|` +
  r`debug(?:s|ging)?|investigat(?:es?|ing)|profil(?:es?|ing)|optimi[sz](?:es?|ing)|benchmark(?:s|ing)?|` +
  r`retr(?:y|ies|ying)|kill(?:s|ing)?|backfill(?:s|ing)?|reindex(?:es|ing)?|seed(?:s|ing)?|truncat(?:es?|ing)|` +
  r`archiv(?:es?|ing)|prun(?:es?|ing)|flush(?:es|ing)?|scal(?:es?|ing)|tag(?:s|ging)?|port(?:s|ing)?|` +
  r`translat(?:es?|ing)|roll\s*back(?:s|ing)?|rollback(?:s|ing)?|regenerat(?:es?|ing)|refresh(?:es|ing)?)(?![\w/.-])`;

/** A header line's key: who, what id, when or which ("Ticket:", 담당:, 担当:). */
const HEADER_KEY =
  r`^(?:ticket|issue|id|ref|assignee|owner|from|to|cc|priority|status|date|time|run|job|labels?|severity|sender|worker|session|branch|due|reporter|담당(?:자)?|티켓|이슈|상태|일시|날짜|보낸\s*사람|받는\s*사람|수신|발신|우선순위|작업자|세션|担当(?:者)?|チケット|日時|日付|状態|ステータス|優先度|宛先|差出人|送信者|作業者|セッション)\s*[:：]\s*`;

/**
 * A header line of a ticket or a notice: a key of who, what id, when or which, and a short value that asks for nothing
 * more (no request word, no other document, no "also", no verb of work).
 */
export const headerLine = lazy((): RegExp =>
  new RegExp(
    HEADER_KEY +
      r`(?![^\n]*(?:よろしく|お願い|ください|부탁|주세요|please|README|CHANGELOG|も|도\s|\balso\b|\btoo\b))(?![^\n]*${HEADER_WORK})` +
      r`[^\s:：]+(?:\s+[^\s:：]+){0,3}$`,
    "i",
  )
);

/** A header line whose value names work ("Ticket: OPS-9 rotating creds", "Owner: ops, restart nginx"): a task of its own. */
export const headerWork = lazy((): RegExp => new RegExp(HEADER_KEY + r`[^\n]*${HEADER_WORK}`, "i"));

/** Earlier work called off, pointing back to it: forget / cancel / skip what I asked, 아까 …는 취소, さっきの…は取り消し. */
export const calledOff = lazy((): RegExp =>
  /^(?:(?:correction|update|change\s+of\s+plan)[^:]{0,30}:\s*)?(?:please\s+)?(?:forget|cancel|scratch|ignore|drop|never\s*mind|disregard|skip)\b(?:(?!\b(?:and|then|but)\b)[^.;!?,]){0,60}\b(?:I\s+(?:asked|mentioned|said|sent)|earlier|before|(?:my|the)\s+(?:last|previous|earlier)\s+(?:message|ask|request))\b(?:\s+(?:for|about|earlier|before|today|yesterday))*\W*$|(?:아까|앞서|이전에|전에|방금|말한|말했던|얘기한|요청한|부탁한|시킨)\s*(?:\S+\s+){0,4}?\S*(?:은|는|건|것은)?\s*(?:취소|안\s*해도|하지\s*않아도|없던\s*걸로)(?:할게요|할게|합니다|해요|예요|이에요|입니다|요|돼요|됩니다|괜찮아요|\s)*[.!~\s]*$|(?:さっき|先ほど|先程|前回|以前)(?:の|に)?[^。]{0,30}?(?:は|も)?(?:取り消し|キャンセル|中止|なし|不要|やらなくて)(?:です|でお願いします|でお願い|にします|にしてください|にして|して(?:ください)?|で(?:大丈夫|いい|OK)(?:です)?|で|いい(?:です)?|大丈夫(?:です)?)?[。.!！\s]*$/i
);

/**
 * A part of the document and an edit of it: the part tied to the document by the words themselves ("the second heading
 * of the handoff", 인계 문서 제목, 引き継ぎ書の「残作業」の欄), and a verb that edits. A part that is only near the document
 * ("handoff + fix the typo in the footer") is another thing's.
 */
export function partEdit(n: Nouns): RegExp {
  const enPart = r`(?:heading|title|line|sentence|paragraph|section|table|entry|field|list|bullet)s?`;
  const enEdit =
    r`\b(?:fix|correct|change|rename|reword|remove|delete|drop|fill(?:\s+in)?|shorten|trim|add|replace|update)\b`;
  const koPart = r`(?:제목|줄|문장|항목|섹션|목차|표|칸|부분|링크)`;
  const koEdit = r`(?:바꿔|바꾸|고쳐|수정|지워|삭제|채워|추가|빼|줄여)`;
  const jaPart = r`(?:見出し|タイトル|行|段落|節|項目|欄|表|箇所|部分)`;
  const jaEdit = r`(?:変え|直|修正|消|削除|埋め|追加|追記|短く|入れ替え)`;
  // (…nor one whose edit runs on past a comma into a clause of its own: "Fix the handoff's title, truncate audit logs"
  // is two tasks. What may follow the comma: a courtesy, an example, a preposition's phrase, a remark of the writer's.)
  const onward = r`(?!.*${enEdit}[^,;]*[,;]\s*(?:(?:and|then|also|now|next)\s+)*` +
    r`(?!(?:both|only|just|for|with|as|like|especially|including|e\.?g|i\.?e|in|on|at|to|from|by|of|not|but|so|or|which|` +
    r`where|that|because|since|thanks|thank|please|pls|ok|okay|cheers|asap|quickly|today|tonight|now|again|too|it|its|` +
    r`it's|this|the|a|an|my|our|your|i|we|you|they|he|she)\b)[a-z]+\s+[\w"'\`])`;
  return new RegExp(
    r`^${onward}(?=.*${enEdit})(?:.*\b${enPart}\s+(?:of|in)\s+${n.det}${n.en}|.*${n.en}(?:'s)?\s+(?:(?:first|second|third|fourth|last|top|bottom|new|old|current|open|next|summary|status)\s+){0,2}${enPart}\b` +
      r`|(?:in|on|for)\s+${n.det}${n.en}\s*,?\s+.*\b${enPart}\b)` +
      r`|${n.ko}\s*(?:의)?\s*(?:\S+\s+)?${koPart}(?:만|을|를|은|는|에)?\s*(?:\S+\s+){0,4}?\S*?\s?${koEdit}` +
      r`|${n.ja}\s*の\s*[^、。]{0,12}?${jaPart}(?:だけ|を|は|に)?[^。]{0,30}?${jaEdit}`,
    "i",
  );
}

/** The document named first, then only its format, language, length or register ("Handoff in plain English, bullets"). */
export function formatOnly(n: Nouns): RegExp {
  return new RegExp(
    r`^(?:the\s+)?(?:${n.en})\s*(?::|,|-)?\s*(?:(?:in|as|with|at|under|max|no\s+more\s+than|plain|short|brief|bullets?|bullet\s+points|markdown|english|korean|japanese|one|two|a|page|pages|most|words?|lines?|\d+(?!\d)|please|pls|,|\.|;|-)\s*)+$` +
      r`|^(?:${n.ko})\s*(?:은|는)?\s*(?:(?:개조식|한국어|영어|일본어|짧게|간단히|한\s*페이지|\d+\s*줄|존댓말|반말|마크다운)(?:으로|로)?(?:\s*,\s*|\s+)?(?:이내로|정도로)?\s*)+(?:써\s*(?:줘|주세요)|부탁(?:해요|합니다|드립니다)?)?[.!\s]*$` +
      r`|^(?:${n.ja})\s*(?:は)?\s*(?:(?:です・?ます調|だ・?である調|敬語|箇条書き|日本語|英語|短め|簡潔|A4\s*一枚|一枚|\d+行)(?:で|に)?(?:[、,]\s*)?)+(?:お願い(?:します|いたします)?|ください|書いて(?:ください)?)?[。.!！\s]*$`,
    "i",
  );
}

/** Counting, querying or measuring now, for what goes in: count / tally / query / measure, 집계 / 조회 / 세서, 数え / 集計. */
export const freshRun = lazy((): RegExp =>
  /\b(?:count|tally|query|measure|benchmark|profile|re-?run)\s+(?!of\b|was\b|is\b|were\b|and\b)(?:them|it|those|these|the|all|how|every|each|today|yesterday)\b|(?:집계|조회|측정)(?:해서|해\s*서|하고|한\s*뒤|해)|(?:세어|세)서(?:\s|$)|数えて|集計して|計測して|測定して|測って|調べて(?=[^。]{0,20}(?:載せ|書|追記|記載|入れ))/i
);

/** A template of the document (its own file, kept for every handoff): editing it is work on another file. */
export const template = lazy((): RegExp => /template|テンプレ|ひな形|雛形|템플릿|양식/i);

/** An edit of a part pointed back to: "correct that line", 그 줄만 고쳐, そこだけ直して. */
export const deicticEdit = lazy((): RegExp =>
  /^(?:(?:please|pls|just|so|then|and)\s+)*(?:fix|correct|change|update|remove|delete|drop|fill\s+in|fill|reword|rename|replace)\s+(?:that|this|the|those|these)\s+(?:one\s+)?(?:line|sentence|section|heading|title|paragraph|part|bit|typo|entry|field|name|link|number|value)s?\b(?:\s+(?:to|with|into)\s+[^.;!?]{1,60}?)?(?:\s+(?:please|pls|then|in\s+it|there))?\W*$|^(?:그|해당|이|거기)\s*(?:줄|문장|부분|항목|섹션|제목|칸|값|숫자|링크)?(?:만|을|를|은|도)?\s*(?:고쳐|수정|바꿔|지워|삭제|채워)\S*\s*(?:줘|주세요|주십시오)?[.!\s]*$|^(?:そこ|その(?:行|部分|箇所|項目|欄|見出し|値)|該当(?:行|箇所|部分))(?:だけ|を|も)?\s*(?:直|修正|変え|消|削除|埋め)\S*[。.!！\s]*$/i
);

/**
 * What the document says, stated ("In the handoff you wrote, the port says 8081", "the handoff lists three open
 * items"): a statement about it asks for nothing (the edit that follows is judged on its own).
 */
export function docStatement(n: Nouns): RegExp {
  const wrote = r`(?:\s+(?:you|we|they|I)\s+(?:wrote|left|made|drafted|committed))?`;
  const noAsk =
    r`(?![^.;!?]*\b(?:please|can\s+you|could\s+you|you\s+(?:should|must|need)|fix|update|change|add|remove|delete|run|rerun)\b)[^.;!?]*$`;
  return new RegExp(
    r`^${n.det}${n.en}${wrote}(?:\s+(?:still|now))?\s+(?:says|said|lists|listed|mentions|claims|reads|shows)\b${noAsk}` +
      r`|^(?:in|on)\s+${n.det}${n.en}${wrote}\s*,\s*(?:the\s+|its\s+)?\w+(?:\s+\w+){0,3}\s+(?:says|lists|has|shows|is|are|was|were)\b${noAsk}`,
    "i",
  );
}
