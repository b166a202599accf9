/**
 * Round 19's readings of the handoff exception (issue 31), shared by both judges (handoff-request.ts, handoff-mood.ts):
 * content governed by a clause whose object is the document, corrections of the written document, clauses made only of
 * format words, and the orders that keep such content from passing (docs/stop-gate.md, "Round 19").
 */
import { type FamilyReading, freshRun, lazy, type Nouns } from "./handoff-families.ts";
import { EN_BASE, EN_BASE_WORD } from "./handoff-orders.ts";

const r = String.raw;

// Round 19 (issue 31): a clause whose object is the document, or a place in it, governs what it puts there ("add to
// the handoff that the cert expired and the deploy was reverted", "…거, 인계 문서에 한 줄 넣어 주세요", "…ってこと、引き継ぎ書に
// 一行足しといてください"). Round 18's sealed sets showed such facts refused for their own verbs (expired, reverted): read
// clause by clause, a fact's verbs look like orders. The whole sentence is read as one request when it has that shape, and
// the content it governs holds no order: no imperative, no request or question, no condition on the reader's own step,
// no duty, wish or relayed order, no second person with a modal, no second target (docs/stop-gate.md, round 19).

/** English verbs that put content in a document; the object is what they put. */
const EN_PUT =
  r`(?:add|record|note(?:\s+down)?|mention|write(?:\s+down)?|put|say|state|include|document|log|flag|spell\s+out|call\s+out|explain|describe|list)`;
/** What may open such a sentence: courtesy, "also", a request's own frame ("could you …"). */
const EN_LEAD =
  r`(?:(?:ok(?:ay)?|also|so|please|pls|plz|just|and)[,\s]+|(?:can|could|would|will)\s+you\s+(?:please\s+)?)*`;
/** A place in the document: "at the top of the handoff", "in the handoff", "to HANDOFF.md". */
const EN_PLACE = r`(?:(?:at|on|near)\s+the\s+(?:very\s+)?(?:top|bottom|end|start|beginning)\s+of|in|to|into|on)`;

/** An order inside English content: what makes the sentence more than content for the document. */
const EN_ORDER = new RegExp(
  [
    r`[?]`,
    r`\b(?:please|pls|plz|kindly)\b`,
    r`\b(?:can|could|would|will|won't|wanna)\s+(?:you|u|ya)\b`,
    r`\b(?:you|u|ya|y'all)(?:'ll|'d|'re\s+(?:going|gonna|to)|\s+(?:\w+\s+)?(?:should|must|need|needs|have\s+to|got\s+to|gotta|ought|are\s+to|will|can|could|may|might|want))\b`,
    r`\b(?:if|when|once|after|before|until|unless|as\s+soon\s+as)\s+(?:you|u|done|finished|that'?s\s+done)\b`,
    r`\b(?:then|afterwards|after\s+that|also|too|plus|while\s+you'?re\s+at\s+it|meanwhile|and\s+now|first\s+of\s+all)\b`,
    r`\b(?:make\s+sure|be\s+sure|remember\s+to|don'?t\s+forget|go\s+ahead|let'?s|let\s+me|tell\s+me|ask\s+(?:me|us|them|\w+\s+to)|i'?d\s+(?:like|love|appreciate)|would\s+(?:be\s+(?:great|nice|good)|help)|appreciate)\b`,
    r`\b(?:needs?|wants?|wanted|asks?|asked|requests?|requested|expects?|expected|should|must|has\s+to|have\s+to|is\s+to|are\s+to|ought|gotta|required?)\b`,
    r`\b(?:says?|said|told\s+(?:\w+\s+)?|wrote)\s+to\s+\w`,
    r`\b(?:README|CHANGELOG|wiki|release\s+notes|spreadsheet)\b`,
    // The worker named in the third person ("this session renews it", "the agent", "Claude"), a wish or a demand, a
    // step timed now or first: the reader's own work, told as a fact.
    r`\b(?:this|the\s+current|current|the\s+present)\s+(?:session|worker|agent|assistant|model|instance|run|shift)\b|(?<!\b(?:next|new|other|previous|another|fresh|last|incoming|following|queue|background|job|cron|build|web|ci|sidekiq|celery|render|service)[\s-]+)\b(?:worker|agent|assistant|claude|model|bot)\b(?!'s\s+(?:notes?|handoff))`,
    r`\b(?:requires?|asking|demands?|insists?|wish(?:es)?|hopes?|hoping)\b|\b(?:now|first|next|asap)\s*$|\bright\s+away\b|\bat\s+once\b|\bfirst\s+thing\b`,
    r`\b(?:someone|somebody|anyone|everyone|whoever)\s+(?!\w+(?:s|ed)\b)(?!(?:is|was|has|had|can|will|should|must|did)\b)[a-z]+\s+(?:it|them|the|this|that|a|an)\b`,
    // An imperative: a part that opens on a word (not a subject, not a past or -s form) and an object after it.
    r`(?:^|[,;:—–(]\s*|\s[-–]\s*|\b(?:and|or|but|so|then|now|just|first|next)\s*,?\s+)(?:please\s+)?(?!(?:the|a|an|it|its|that|this|these|those|they|we|i|he|she|you|there|nobody|no|all|some|every|each|one|both|which|who|what|why|how|where|when|not|also|still|only|never|is|was|are|were|has|had|have|be|been|so|and|or|but|then|because|since|as|if|while|though|although|until|unless|for|with|without|in|on|at|by|from|of|to|after|before|once|into|onto|about|like|than|plus|even|just|yet|both|either|neither|my|our|your|their|his|her|me|us|them|him|whose|whom)\b)[a-z]+(?<!\w{3}ing|\w{2}ed|[^s]s|ly)\s+(?:it|them|this|that|these|those|the|a|an|up|down|back|out|over|off|everything|all)\b`,
    // An imperative: a content part that opens on a base verb of work.
    r`(?:^|[,;:—–(]\s*|\s[-–]\s*|\b(?:and|or|but|so|then|now|just|first|next)\s*,?\s+)(?:please\s+)?(?:go\s+(?:and\s+)?)?${EN_BASE}\b(?!\s+(?:is|was|were|are|has|had|got)\b)(?!-)`,
  ].join("|"),
  "i",
);

/** Korean writing verbs with the document as their place, at a sentence's end: "…인계 문서에 (한 줄) 넣어 주세요". */
const KO_PUT_TAIL =
  r`(?:꼭|반드시|한\s*줄|같이|따로|눈에\s*띄게|잘|짧게|간단히|자세히|잊지\s*말고)?\s*(?:적어|넣어|추가해|남겨|써|기록해|명시해|언급해|메모해|설명해|적어\s*놔|써\s*놔|적어\s*둬|남겨\s*둬)\s*(?:줘|줘요|주세요|주십시오|둬|두세요|둬요|놔|놔요|주시겠어요|줄래요?|주실래요|주실\s*수\s*있을까요|주면\s*좋겠어요|주시면\s*좋겠습니다)?`;
/** An order inside Korean content. */
const KO_ORDER = new RegExp(
  [
    r`[?？]`,
    r`주세요|주시|줘|주라|주고|해라|하라|하세요|하십시오|하자|합시다|봐요|둬|두세요|놔|놓고|부탁|바랍|바래|해야|하셔야|돼야|할\s*것|(?:해|어|아|여)\s*달라|해\s*달|하라고|하라는|하래|해\s*봐`,
    r`(?:해|봐|놔)(?=[\s,.!~'"’”]|$)`,
    r`그리고|그다음|그\s*다음|다음에|김에|끝나면|끝내고|마치면|되면|하면|하고\s*나|한\s*(?:다음|뒤|후)|하기\s*전|까요|나요|을래|할래|ㄱㄱ`,
    // An active verb's connective (-고, -어서) chains a step: "재시작하고 …", "돌려서 …" (past and passive ones state).
    r`(?<![있었았됐였겠되없했혔켰렸웠쳤꿨최참광창경원사신등선금덕라다])고(?=[\s,]|$)`,
    r`(?<![돼되됐])(?:해서|려서|쳐서|꿔서|워서|봐서|아서|어서)(?=[\s,]|$)`,
    // A condition on a step ("캐시 다시 켜면", "배포 끝나면"); a copula's (이면, 라면) names a case of the content.
    r`(?<![이라])면(?=[\s,]|$)`,
    r`(?:확인|조사|측정|집계|조회|실행|배포|수정|재시작|갱신|삭제|교체|머지|리베이스|롤백|되돌)\s*(?:하|해|후|한\s*뒤|한\s*다음)`,
    r`README|CHANGELOG|위키|(?<![가-힣])(?:당신|네가|니가|너는|너도)`,
    // The writer of this document named as whoever does the step, or the step put first (쓰는 사람이 그 전에, 먼저).
    r`(?:쓰는|커밋하는|푸시하는|작성하는|올리는)\s*(?:사람|분|쪽)|그\s*전에|미리|먼저|이\s*메시지|받자마자|받는\s*대로|지금\s*바로|즉시|곧바로|당장|오늘\s*(?:밤\s*)?(?:안에|중으로|중에)`,
    // Someone waiting on a step, or whose share it is (기다려요, 이번 세션 몫, 담당).
    r`기다리|기다려|몫|책임`,
    // The worker's own session named, or a wish (이번 세션에서, 원한다고, 요청).
    r`(?:이번|이|현재|지금)\s*세션|원한다|원해|원하|바란다|바라|희망|요청|요망`,
    // An object and an active past as the fact ("DB를 지웠다고"): only the work makes it true.
    r`(?:을|를)\s*(?:\S+\s+){0,2}?\S*(?:었|았|였|했|웠|쳤|꿨|렸|켰|혔|줬|뒀)(?:다고|다는|던)`,
  ].join("|"),
  "i",
);

/** Japanese writing verbs with the document as their place, at a sentence's end: "…引き継ぎ書に一行足しといてください". */
const JA_PUT_TAIL =
  r`(?:必ず|ちゃんと|しっかり|一行|1行|ひとこと|一言|簡単に|短く)?(?:書い|かい|足し|追記し|記載し|残し|入れ|加え|明記し|メモし|記録し|書き足し|書き加え|説明し)(?:て(?:おいて|おく)?|といて)(?:ください|下さい|くれ|ね|ほしい|欲しい|もらえますか|もらえる|もらえませんか|くれますか|おいてください|お願いします)?`;
/** An order inside Japanese content. */
const JA_ORDER = new RegExp(
  [
    r`[?？]`,
    r`ください|下さい|くれ|頂|いただ|お願い|頼|ほしい|欲しい|てね|でね|しろ|やれ|しなさい|やって|ついでに|それと|(?:^|[、。\s])あと(?!で)|てから|でから|終わったら|済んだら|できたら|終えたら|したら|次に|その後|それから|まず|べき|なきゃ|なければ|ないと(?:いけ|だめ|ダメ)|するように|しておいて|しといて`,
    r`して(?=[、。\s]|$)`,
    // A casual request form in the content ("もう直しちゃって", "消しといて"): the reader's own step (round 20).
    r`(?:ちゃ|じゃ)(?:って|え|お)|(?<!書い|かい|書き足し|足し|追記し|入れ|残し)(?:と|ど)いて`,
    // An object and a te-form chain a step of the reader's own: "証明書を更新して、", "期限を調べて書いて".
    r`を[^、。を]{0,14}?[てで](?<!ので)(?=[、\s]|から|$)|を[^、。を]{0,10}?[てで](?<!ので)(?![るたいおまあしもは])`,
    r`README|CHANGELOG|Wiki|wiki|(?:あなた|君|きみ)(?:が|は|も)`,
    // The writer of this document named as whoever does the step, or the step put first (書く人が先に, その前に).
    r`(?:書く|書いた|コミットする|プッシュする|保存する|送る|まとめる)(?:人|方|者)|その前に|先に|事前に|前もって|このメッセージ|受け取り次第|受け取ったら|今すぐ|直ちに|ただちに|すぐに|即座に|(?:今夜|今日|本日|今晩)中に`,
    // Someone waiting on a step, or whose charge it is (待っています, 担当です).
    r`待って(?:い|ま|る)|待ち(?:です|でした)|担当(?:です|だ)|責任`,
    // The worker's own session named, or a wish (このセッションで, 希望して).
    r`(?:この|今の|今回の|現在の)セッション|希望|望んで|要望|依頼|頼んで|求めて`,
    // An object and an active past as the fact ("DBを消したって"): only the work makes it true.
    r`を[^、。を]{0,10}?(?:した|った|いた|んだ|えた|けた|めた|した)(?:って|と|こと)`,
    // …or the result of such an act ("ステージングを再起動した結果"): a run of the reader's own (round 20).
    r`を[^、。を]{0,12}?(?:した|った|いた|んだ|えた|けた|めた)(?:結果|数値|数字|ログ|出力|値|件数)`,
  ].join("|"),
  "i",
);

/** The frames, built once per judge's spelling of the document. */
function frames(n: Nouns): { en: RegExp[]; ko: RegExp; ja: RegExp; koTail: RegExp; jaTail: RegExp } {
  let f = FRAMES.get(n);
  if (f === undefined) {
    f = {
      en: [
        new RegExp(
          r`^${EN_LEAD}${EN_PUT}\s+(?:(?:it\s+)?(?:in|to|into|on)\s+${n.det}${n.en}|in\s+(?:it|there))\s*[,:—–-]?\s*(?:that\s+|:\s*)?(.+)$`,
          "i",
        ),
        new RegExp(
          r`^${EN_LEAD}${EN_PUT}\s+(?:that\s+)?(.+?)\s+${EN_PLACE}\s+${n.det}${n.en}(?:\s*(?:[—–:]|,|\s-)\s*(.+))?$`,
          "i",
        ),
        new RegExp(r`^(?:in|to)\s+${n.det}${n.en}\s*,?\s*${EN_LEAD}${EN_PUT}\s+(?:that\s+|:\s*)?(.+)$`, "i"),
      ],
      ko: new RegExp(r`(?:${n.ko})\s*(?:에|에다|에다가|에도|에는)\s*`, "gi"),
      ja: new RegExp(r`(?:${n.ja})\s*(?:に|へ|にも|には|の(?:冒頭|先頭|最後|末尾|最初|上|下)に)、?`, "gi"),
      koTail: new RegExp(r`^(.*?)${KO_PUT_TAIL}[.!~\s]*$`, "i"),
      jaTail: new RegExp(r`^(.*?)${JA_PUT_TAIL}[。！!\s]*$`, "i"),
    };
    FRAMES.set(n, f);
  }
  return f;
}
const FRAMES = new Map<Nouns, ReturnType<typeof frames>>();

/** What may end the Korean words before the document: a nominalised clause or a noun with its particle, or a reason. */
const KO_BEFORE =
  /(?:거|것|걸|점|내용|사실|부분|얘기|이야기|이유|문제|상태|목록|결과|원인|방법|들|지|지도|지까지)(?:을|를|도|은|는|이|가|까지)?\s*[,，]?$|[가-힣A-Za-z0-9]+(?:을|를)\s*[,，]?$|(?:니까|테니|테니까|라서|이라서|으니|므로)\s*[,，]?$/;
/** What may end the Japanese words before the document: a nominaliser or a noun with its particle, or a reason. */
const JA_BEFORE =
  /(?:こと|の|って|件|旨|点|理由|状態|一覧|結果|原因|内容|話|もの|か)(?:を|も|は|が)?、?$|[\u4E00-\u9FFF\u30A0-\u30FFー\w]+(?:を|も)、?$|(?:ので|(?<![てで])から|ため)、?$/;

/** English content's parts, split at every joint: a symbol, a bracket, a quote, a conjunction. */
const EN_JOINT =
  /\s*(?:[,;:—–/+&()[\]{}"“”‘’→|]|->|\s'|'\s|\s-\s|\b(?:and|or|but|so|then|which|while|plus|also|too|yet)\b)\s*/i;
/** A finite verb (be, have, do, a modal, a past, a third-person -s): a part that has one after its subject states. */
const EN_FINITE =
  /^(?:is|are|was|were|isn't|aren't|wasn't|weren't|'s|'re|has|have|had|hasn't|haven't|hadn't|does|did|doesn't|didn't|don't|will|won't|can|can't|cannot|could|couldn't|would|wouldn't|might|may|\w+ed|\w+[^s]s|broke|ran|went|took|got|made|left|saw|found|wrote|began|fell|came|said|kept|lost|hit|set|put|cut|shut|stood|sent|spent|built|held|meant|paid|told|thought|brought|bought|caught|sold|understood|forgot|froze|gave|grew|knew|rose|drove|wore|tore|chose|spoke|stole|woke|hung|dug|stuck|struck|led|fed|slid|split|spun|won|shook|blew|drew|flew|threw|still|also|only|already|just|never|now|not)$/i;
/** Words that open a subject or a noun phrase (never a bare verb). */
const EN_SUBJECT =
  /^(?:the|a|an|this|that|these|those|our|its|their|his|her|my|it|it's|they|they're|he|she|i|nothing|nobody|everything|everyone|someone|somebody|one|each|both|all|some|no|every|another|other|most|few|many|none|either|neither|there|here|how|why|what|where|when|who|whose|which|whether|label|[\d#@`$~.][^\s]*)$/;
/** The second person, except in a relative clause about what was done ("the files you had to revert", "why you reverted"). */
const EN_YOU = /\b(?:you|u|ya|your|yours|yourself|y'all)\b/i;
const EN_YOU_DONE =
  /\b(?:things|files|ones|steps|commands|changes|tests|what|everything|anything|stuff|bits|parts|why|how|where|when|which)\s+(?:that\s+)?you(?:'d|'ve)?\s+(?:(?:had\s+to|already|just|only|never)\s+)?(?:\w+ed|tried|had|did|made|wrote|ran|broke|took|left|saw|found|got|kept|put|set|touched|were|was)\b/gi;
/** The reader's own past act, stated ("you marked it skip", "you reverted the cache change"). */
const EN_YOU_DID =
  /^you\s+(?:(?:already|just|also|only|never)\s+)?(?:\w+ed|made|wrote|ran|broke|took|left|did|had|got|put|set|forgot|kept|split|cut)\b/i;
/** Someone waiting on a step, or a step owed or due: the reader's work, told as a state. */
const EN_WAITING =
  /\b(?:waiting|waits|blocked|owed|owes|due|depends\s+on|pending\s+on|until\s+(?:it|it's|you|they|we|the|this|that|someone|somebody)\b)/i;
/** A demand on time or a condition on the reader's means, and a causative or a relayed order. */
const EN_DEMAND = new RegExp(
  r`\b(?:right\s+now|asap|immediately|by\s+(?:end\s+of\s+(?:the\s+)?(?:day|today|week)|eod|cob|tonight|tomorrow|noon|monday|tuesday|wednesday|thursday|friday|\d)|if\s+possible|if\s+(?:you\s+)?can)\b` +
    r`|^(?:have|has|had|get|got)\s+(?:it|them|this|that|the\s+\w+)\s+\w+ed\b|\b(?:said|says|wants?|asked|told\s+\w+)\s+(?:to\s+)?(?!that\b)[a-z]+\s+(?:it|them|the|a|this|that)\b` +
    r`|\b(?:before|after|once|when)\s+(?:this|it|the\s+(?:note|doc|handoff))\s+(?:goes\s+out|is\s+(?:sent|out|pushed|committed|posted)|gets\s+(?:sent|pushed|committed)|ships|lands)\b|\bbefore\s+this\b|\bthis\s+(?:conversation|chat|thread)\b` +
    r`|\bbefore\s+(?:anyone|anybody|someone|somebody|any\s+other)\b|\b(?:touches|touched|reads|gets|receives|received|sees|opens|opened)\s+this\b|\bwhoever\s+(?:got|read|saw)\s+this\b|\bthis\s+(?:message|prompt)\b|\bstraight\s+away\b|\bon\s+receipt\b` +
    r`|\b(?:whoever|the\s+one|the\s+person|anyone|someone)\s+(?:who\s+)?(?:commits|writes|pushes|saves|sends|files|closes|finishes|authors)\b|\bbeforehand\b|\bin\s+advance\b` +
    r`|\bfrom\s+here\b|\b(?:whoever|whoever's|anyone)\s+(?:reads|reading|gets|sees)\s+this\b|\bthis\s+(?:end|side|thread|chat|conversation)\b` +
    r`|\b(?:before|after|ahead\s+of)\s+(?:(?:the|this|your|any)\s+(?:next\s+)?(?:commit|push|stop|session|handoff|close|end|sign-?off|wrap|exit)\b|you\b|committing|pushing|stopping|closing|ending|signing)` +
    r`|^(?:after|before|once|until|upon|when|whenever|as\s+soon\s+as)\b|^we\s+(?!(?:\w+ed|were|had|did|didn't|couldn't|weren't|broke|ran|went|took|got|made|left|saw|found|tried)\b)`,
  "i",
);

/**
 * Whether English content is statements only: every part between joints opens on a subject or a finite verb (an
 * elided subject, "…and doesn't lose an hour on it"), or on a noun before an id ("ticket VET-415"), and names no second
 * person except a relative clause about what was done, no demand on time, no causative, no relayed order, no step
 * first. Returns the first part that is not, or null. A list of orders cannot be closed (review, round 19), so this reads
 * what a statement is instead.
 */
/**
 * The first part of English content that turns to the reader by a wait on a step or a demand (on time, a causative, a
 * relayed order, a step first, the writer named as whoever does it). (The second person is not here: "your notes",
 * "the tests you ran into" are plain, so it only sends the sentence back to the clause reading.)
 */
function enReaderStep(content: string): RegExpExecArray | null {
  for (const raw of content.replace(DONT_LABEL, " label ").split(EN_JOINT)) {
    const part = raw.replace(/^that\s+/i, "").trim();
    const hit = EN_WAITING.exec(part) ?? EN_DEMAND.exec(part);
    if (hit !== null) return hit;
  }
  return null;
}

function enNotStatement(content: string, pastYou = false): string | null {
  for (const raw of content.replace(DONT_LABEL, " label ").split(EN_JOINT)) {
    const part = raw.replace(/^that\s+/i, "").trim();
    if (part === "" || /^[\p{P}\p{S}\s]*$/u.test(part)) continue;
    // (In a correction, what the reader did is the fact being corrected: "you marked it skip".)
    const you = pastYou ? part.replace(EN_YOU_DID, " ") : part;
    if (EN_YOU.test(you.replace(EN_YOU_DONE, " "))) return part;
    if (EN_WAITING.test(part)) return part;
    if (EN_DEMAND.test(part)) return part;
    const [w0, w1] = part.split(/\s+/);
    if (EN_BASE_WORD.test(w0)) return part;
    if (EN_SUBJECT.test(w0) || EN_FINITE.test(w0)) continue;
    // A lowercase first word: a noun subject before its finite verb ("staging is down"), or a noun before an id.
    // (A capitalised word too: a name before its verb, "Priya owns billing", is a subject; "DM Dana" is not.)
    if (
      w1 === undefined
        ? !EN_BASE_WORD.test(w0)
        : EN_FINITE.test(w1) || /^(?:[A-Z]{2,}-\d+|#?\d[\w.-]*|v\d[\w.]*)$/.test(w1)
    ) {
      continue;
    }
    return part;
  }
  return null;
}

/** The content such a sentence governs, with the orders to look for in it, or null when it does not have that shape. */
function governed(
  sentence: string,
  end: string,
  n: Nouns,
): { content: string; order: RegExp; loose?: boolean } | null {
  const s = sentence.trim();
  const f = frames(n);
  for (const [i, re] of f.en.entries()) {
    const m = re.exec(s);
    if (m === null) continue;
    // "Add X to the handoff": X with a place of its own ("the retry to the client") is put elsewhere.
    if (i === 1 && /\b(?:to|into|onto|in|on)\s+(?:the|a|an|our|your|this|that|its)\b/i.test(m[1])) return null;
    // A question mark ends only a request's own frame ("Could you add …?").
    if (/[?？]/.test(end) && !/\b(?:can|could|would|will)\s+you\b/i.test(s)) return null;
    const content = [m[1], m[2]].filter((c) => c !== undefined).join(" — ");
    if (/^(?:and|&|plus|as\s+well|too)\b/i.test(content)) return null;
    return { content, order: EN_ORDER, loose: enNotStatement(content) !== null };
  }
  for (
    const [re, tail, order, ask] of [
      [f.ko, f.koTail, KO_ORDER, /(?:주시겠어요|줄래요?|주실래요|있을까요)$/],
      [f.ja, f.jaTail, JA_ORDER, /(?:ますか|ませんか|もらえる|くれますか)$/],
    ] as const
  ) {
    let last: RegExpMatchArray | null = null;
    for (const m of s.matchAll(re)) last = m;
    if (last === null || last.index === undefined) continue;
    const m = tail.exec(s.slice(last.index + last[0].length));
    if (m === null) continue;
    if (/[?？]/.test(end) && !ask.test(s)) return null;
    // Before the document only what is to be written may stand: a noun or a nominalised clause (…거, …ってこと), or a
    // reason (…테니, …ので). A step of the reader's own there ("재발급 후", "비우고서", "再発行し、", "消去後、") is no content.
    const before = s.slice(0, last.index).trim();
    if (before !== "" && !(re === f.ko ? KO_BEFORE : JA_BEFORE).test(before)) return null;
    return { content: (before + " " + m[1]).trim(), order };
  }
  return null;
}

/**
 * A measurement in the content (a benchmark, a load test, a count): it needs a run now unless someone already took it
 * ("this morning's benchmark", 오전에 돌린, 午前中に取った) and nothing calls for a fresh one (fresh, new, 새로, 新しい, 今の).
 */
const MEASURE =
  /\b(?:(?:test|full|complete)\s+(?:suite\s+)?runs?|(?:fresh|new|full|clean|another|second)\s+(?:test\s+|ci\s+)?runs?|results?\s+of\s+(?:a|an)|benchmark\w*|bench|load[-\s]tests?|p9\d|latency|throughput|timings?|measurements?|metrics|tally|count\s+of|number\s+of|how\s+many|profil\w+|flame\s*graphs?|coverage|error\s+rates?|failure\s+rates?)\b|에러율|오류율|실패율|성공률|성공율|벤치|부하\s*테스트|p9\d|지연\s*시간|처리량|수치|개수|몇\s*개|측정|집계|커버리지|프로파일|다시\s*돌린|(?:테스트|빌드|CI)\s*결과|流し直|回し直|走らせ直|取り直|測り直|(?:テスト|ビルド|CI)\S{0,3}結果|エラー率|失敗率|成功率|行数|レコード数|件数|행\s*수|건수|ベンチ|負荷テスト|レイテンシ|スループット|計測|測定|件数|数値|何件|集計|カバレッジ|プロファイル/i;
const MEASURED =
  /\b(?:ran|took|measured|got|recorded|yesterday'?s?|earlier|this\s+morning'?s?|last\s+(?:night|week|run)'?s?|from\s+(?:the\s+)?(?:last|earlier|morning))\b|돌린|잰|측정한|뽑은|나온|했던|어제|아까|오전에|지난|取った|測った|計測した|出した|回した|昨日|さっき|先ほど|午前中?に|前回/i;
const FRESH_MARK =
  /\b(?:fresh|new|newly|current|latest|up[-\s]to[-\s]date|now|again|re-?run)\b|새로|새\s|다시|지금|현재|최신|新しい|新た|今の|現在|いまの|最新|改めて|もう一度|再/i;
function freshMeasure(content: string): boolean {
  return MEASURE.test(content) && (FRESH_MARK.test(content) || !MEASURED.test(content));
}

/** Quoted list labels that name what not to do ("a 'do NOT' list", '하지 말 것' 목록, 「やってはいけないこと」): a label, no order. */
const DONT_LABEL =
  /["'“‘「『](?:do\s+not|don'?t|never)(?:\s+\w+)?["'”’」』]|['"‘“「『](?:하지\s*말\s*것|금지\s*사항)['"’”」』]|[「『"“](?:やってはいけないこと|触らないこと|禁止事項)[」』"”]/gi;

/**
 * How one sentence that puts content in the document reads: the request, when what it governs holds no order; null when
 * it holds one (then its clauses are judged one by one, as any sentence's) or when the sentence does not have that shape. `end` is the mark that
 * ended the sentence.
 */
export function contentReading(sentence: string, end: string, n: Nouns): FamilyReading | null {
  const g = governed(sentence, end, n);
  if (g === null) return null;
  // (A courtesy word closing the sentence is no part of the content: "…, please.")
  const content = g.content.replace(DONT_LABEL, " label ").replace(/[,\s]*\b(?:please|pls|thanks|thx)\W*$/i, "");
  const strong = STRONG_ORDER.exec(content) ?? (g.order === EN_ORDER ? enReaderStep(content) : null);
  if (strong !== null) {
    return { kind: "other", by: `rule: what the document is to hold carries a request ("${strong[0].trim()}")` };
  }
  // Round 20: a fresh run or measurement in the content is that work, whatever the clause reading would make of it
  // ("引き継ぎに、今の件数を…載せて").
  // (Only when it says so: a run, or a measurement called fresh or current.)
  const fresh = freshRun().exec(content) ??
    (MEASURE.test(content) && FRESH_MARK.test(content) && !MEASURED.test(content) ? MEASURE.exec(content) : null);
  if (fresh !== null) {
    return { kind: "other", by: `rule: what the document is to hold needs a fresh run ("${fresh[0]}")` };
  }
  const order = g.order.exec(content) ?? FRESH_RUN_OR_MEASURE(content);
  if (order === null && g.loose !== true) {
    return { kind: "request", by: "rule: content for the document, no order in it" };
  }
  if (order === null) return null;
  // A request, a wish or a relayed order told inside the content is refused here, naming it (the clause reading can
  // split it off and pass its parts: "…, and I've asked for it to be locked down before you sign off"). Any other order
  // sends the sentence back to the clause reading (refusing every one outright cost ~50 tuning plain requests).
  return null;
}

/** A fresh measurement or run in the content, as a match to name. */
function FRESH_RUN_OR_MEASURE(content: string): RegExpExecArray | null {
  const run = freshRun().exec(content);
  if (run !== null) return run;
  return freshMeasure(content) ? MEASURE.exec(content) : null;
}

/**
 * A prompt's sentences, each with the mark that ends it, for the judges that read a sentence whole when it only puts
 * content in the document (`contentReading`).
 */
export function sentencesOf(text: string): { text: string; end: string }[] {
  const parts = text.split(/([。！？\n]+|[.;!?]+(?=\s|$))/);
  const out: { text: string; end: string }[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const t = parts[i].trim();
    if (t !== "") out.push({ text: t, end: parts[i + 1] ?? "" });
  }
  return out;
}

/**
 * Round 19: a correction of the document already written. A sentence that names the document and says what is wrong
 * with it (wrong, stale, missing, "it says …", 틀렸어요, 빠졌어, …라고 되어 있는데, 間違って, ずれてます, …って書いてない), then
 * an edit pointed back at its text ("correct the note", "Add that and recommit", "Make it say …", 그 줄만 고쳐서 다시 커밋,
 * 현재 상태에 맞게 고쳐 주세요, そこを訂正してください, 今の状態に合わせて直して): what is stated between them (the right value,
 * what really happened) is what to write. Every one of those sentences must hold no order; a bare "fix it" or 고쳐 주세요
 * could mean the thing and not the text, so the edit names the text, a place in it, or corrects by its own verb.
 */
const WRONG_EN =
  /\b(?:wrong|incorrect|stale|outdated|out\s+of\s+date|missing|forgot|left\s+out|says|said|claims|correction|not\s+right|typo|mistaken?|inaccurate|nothing|never|no\s+longer|fix\s+(?:for|to))\b/i;
const WRONG_KO =
  /틀렸|틀린|잘못|안\s*맞|빠졌|빠져|누락|되어\s*있는데|돼\s*있는데|적혀\s*있는데|써\s*있는데|전\s*내용|지금이랑\s*달|다릅니다|달라요/;
const WRONG_JA =
  /間違|違って|違います|ずれ|合って(?:ない|ません)|古い|古く|書いてない|書いてありますが|書いてあるけど|抜けて|漏れて|前の内容|誤り|誤って/;
const EDIT_EN = new RegExp(
  r`^(?:(?:so|please|pls|just|then|and|can\s+you|could\s+you)[,\s]+)*` +
    r`(?:(?:add|note|mention)\s+(?:that|this)|(?:fix|correct|update|amend|reword|rewrite|redo|change|edit)\s+(?:the|your|that|this)\s+(?:note|doc(?:ument)?|entry|line|bit|part|section|wording|text|sentence)|add\s+(?:a|an|one)\s+(?:short\s+|brief\s+)?(?:section|line|note|bullet|entry)\s+(?:on|about|for)\s+(?:that|it|this)|make\s+it\s+(?:say|read)\s+[^.;!?]{1,80}?)` +
    r`(?:\s*,?\s+(?:and\s+|then\s+)?re-?(?:commit|push)(?:\s+it)?|\s*,?\s+(?:and|then)\s+(?:commit|push)(?:\s+(?:it|again))?)?` +
    r`(?:\s*,?\s+so\s+(?:that\s+)?(?:the\s+next|nobody|no\s+one|whoever|tomorrow)[^.;!?]{0,80})?` +
    r`(?:\s*,?\s*(?:and\s+)?leave\s+the\s+rest\s+(?:alone|as\s+is))?(?:\s*,?\s*(?:please|pls|thanks|thx))?$`,
  "i",
);
const EDIT_KO = new RegExp(
  r`^(?:(?:그리고|그럼|다음\s*사람이\s*오해하지\s*않게|현재\s*(?:상태|기준)(?:에\s*맞게|으로)|지금\s*(?:상태|기준)(?:에\s*맞게|으로)|다시)\s*,?\s*)*` +
    r`(?:(?:그\s*(?:부분|줄|내용|문장|항목)|거기)(?:만|도|을|를)?\s*(?:고쳐|바로잡아|수정해|정정해)(?:서)?|(?:바로잡아|정정해|추가하고|추가해서|반영해서|반영하고)|(?<=(?:맞게|기준으로|으로)\s*(?:다시\s*)?)(?:고쳐|수정해)(?:서)?)` +
    r`\s*(?:다시\s*)?(?:커밋|푸시)?(?:해)?\s*(?:주세요|줘|줘요|주시겠어요|둬)?[.!~\s]*$`,
);
const EDIT_JA = new RegExp(
  r`^(?:(?:今の(?:状態|時点)に合わせて|次の人が誤解しないよう(?:に)?|そこ(?:を|だけ)?|その(?:部分|行|箇所)(?:を|だけ)?)、?)+` +
    r`(?:直して|訂正して|修正して|書き直して|追記して|更新して)(?:再?コミット|プッシュ)?(?:して)?(?:ください|下さい|くれ|ね|おいて)?[。！\s]*$` +
    r`|^(?:訂正|追記)して(?:再?コミット|プッシュ)(?:して)?(?:ください|下さい)?[。！\s]*$`,
);

/**
 * A verb of work in an edit's own words ("so the next person can deploy it"), unless negated ("doesn't ship") or a noun
 * after a determiner ("where the deploy stands").
 */
const WORK_IN_PURPOSE = new RegExp(
  r`(?<!(?:n't|\bnot|\bnever|\bthe|\ba|\ban|\bthis|\bthat|\bour|\bits|\btheir)\s+)\b${EN_BASE}\b`,
  "i",
);

/** Which language's orders a sentence is read for, by its letters. */
function orderOf(text: string): RegExp {
  return /[가-힣]/.test(text) ? KO_ORDER : /[ぁ-んァ-ヶ一-龠]/.test(text) ? JA_ORDER : EN_ORDER;
}

/** The readings of a correction's sentences, or null when the prompt is not a correction of that shape. */
export function correctionReadings(
  sentences: readonly { text: string; end: string }[],
  n: Nouns,
  doc: RegExp,
): Map<string, FamilyReading> | null {
  const wrong = sentences.map((s) =>
    doc.test(s.text) && !/[?？]/.test(s.end) &&
    (/[가-힣]/.test(s.text) ? WRONG_KO : /[ぁ-んァ-ヶ一-龠]/.test(s.text) ? WRONG_JA : WRONG_EN).test(s.text)
  );
  const edit = sentences.map((s) =>
    !/[?？]/.test(s.end) && (EDIT_EN.test(s.text) || EDIT_KO.test(s.text) || EDIT_JA.test(s.text))
  );
  const first = wrong.indexOf(true);
  const last = edit.lastIndexOf(true);
  if (first < 0 || last <= first) return null;
  const out = new Map<string, FamilyReading>();
  for (let i = first; i <= last; i++) {
    const s = sentences[i];
    // What is stated: the document's error, the right value, what really happened. No order in any of it; the doc's
    // own name is taken out first ("인계 문서에" is not the reader's step).
    const said = s.text.replace(new RegExp(r`(?:${n.en})|(?:${n.ko})|(?:${n.ja})`, "gi"), " doc ");
    // (An edit's own free words, "make it say …", "so the next person …", are read for orders too.)
    const free = edit[i] ? /\b(?:say|read|so)\b(.*)$/i.exec(s.text)?.[1] ?? "" : said;
    const order = orderOf(s.text);
    if (/[?？]/.test(s.end) || order.test(free) || (edit[i] && WORK_IN_PURPOSE.test(free))) return null;
    // An English statement must be one (the content's reading, with the reader's own past act allowed).
    if (order === EN_ORDER && !edit[i] && i !== first && enNotStatement(said, true) !== null) return null;
    out.set(
      s.text,
      edit[i]
        ? { kind: "request", by: "rule: an edit of the document's text pointed back to (a correction)" }
        : { kind: "support", by: "rule: what is wrong in the document, stated (a correction)" },
    );
  }
  return out;
}

/** The sentences of a prompt that put content in the document, each read whole (`contentReading`). */
export function contentSentences(text: string, n: Nouns, doc: RegExp): Map<string, FamilyReading> {
  const sentences = sentencesOf(text);
  const out = correctionReadings(sentences, n, doc) ?? new Map<string, FamilyReading>();
  for (const s of sentences) {
    if (out.has(s.text)) continue;
    const r = contentReading(s.text, s.end, n);
    if (r !== null) out.set(s.text, r);
  }
  return out;
}

/**
 * Round 19: a clause made only of words for the document's length, format or register ("Bullets only, no background",
 * "열 줄 안쪽으로", "두 문단이면", "普通に箇条書きで", "敬語じゃなくていいよ"). Every word must come from that vocabulary (with numbers and
 * particles), so no verb of work can stand in it; what the clause is joined to is judged as its own clause. It only turns a
 * refusal into support (a clause another rule reads as the request keeps that reading).
 */
export const formatWords = lazy((): RegExp => {
  const en =
    r`(?:and|but|just|only|please|pls|keep\s+it|in|as|with|no|not|more|less|than|over|under|at\s+most|max|about|around|roughly|the|a|an|of|or|per|each|\d+|one|two|three|four|five|six|seven|eight|nine|ten|short|shorter|brief|tight|terse|concise|plain|simple|casual|formal|polite|bullets?|bullet\s+points|lines?|paragraphs?|sentences?|words?|pages?|headings?|english|japanese|korean|markdown|prose|background|history|fluff|padding|detail|details|file\s+paths?|paths?|explanations?|is|fine|enough|okay|ok|max|tops)`;
  const ko =
    r`(?:(?:\d+|한|두|세|네|다섯|열|스무)\s*(?:줄|문단|단락|페이지|장|문장|글자)\s*(?:안쪽|이내|이하|정도|내외|안|까지)?(?:으로|로|이면|면)?|돼요|됩니다|충분해요|충분합니다|괜찮아요|(?:불릿|글머리표|마크다운|짧게|간단히|간결하게|쉬운\s*말로|반말로|존댓말로|편하게|격식\s*없이|요점만)(?:으로|로)?(?:만)?)(?:요)?`;
  const ja =
    r`(?:普通に|簡単に|短く|簡潔に|手短に)?\s*(?:箇条書き|マークダウン|です・?ます調|だ・?である調|タメ口|敬語|平易な言葉|\d+行|\d+段落|一段落|A4一枚)(?:で|に)?(?:じゃなくて(?:いい|大丈夫|OK)(?:よ|です)?|でいい(?:よ|です)?|で(?:お願いします)?)?`;
  return new RegExp(
    r`^(?:${en}(?:[\s,.;:!]+|$))+$|^(?:${ko}[\s,.!~]*)+$|^(?:${ja}[、。\s!！]*)+$`,
    "i",
  );
});

/** A clause judgement, with a refusal of a clause made only of format words turned into support (`formatWords`). */
export function formatRescue<T extends { kind: string; by: string }>(clause: string, j: T): T | FamilyReading {
  return j.kind === "other" && formatWords().test(clause.trim())
    ? { kind: "support", by: "rule: only the document's length, format or register (every word of it)" }
    : j;
}

/** Every Hangul syllable that ends in ㄴ (a verb's present before 다고: 교체한다고, 비운다고). */
const KO_N_FINAL = (() => {
  let out = "";
  for (let c = 0xAC00 + 4; c <= 0xD7A3; c += 28) out += String.fromCodePoint(c);
  return `[${out}]`;
})();

/** The orders in content that are a request, a wish or a relayed order whatever the clause reading makes of them. */
const STRONG_ORDER = new RegExp(
  r`\b(?:please|pls|plz|kindly|(?:can|could|would|will|won't)\s+(?:you|u)|i(?:'ve|\s+have|'d|\s+would)?\s+(?:asked|want|wanted|need|needed|requested|expect|like|love|appreciate)|you\s+(?:should|must|need|have\s+to|gotta)|make\s+sure|be\s+sure|remember\s+to|don'?t\s+forget|asked\s+(?:you|for)|wants?\s+(?:you|it|this|them)\s+to|requires?|asking|demands?|insists?)\b` +
    r`|주세요|주시|줘|부탁|바랍|해야|하셔야|달라|하라고|원한다|원해|요청(?:해|했|하|드|합)|요망|ください|下さい|お願い|頼|ほしい|欲しい|希望|依頼` +
    r`|이\s*(?:대화|채팅|스레드)|この(?:会話|チャット|スレッド|やり取り)` +
    // A step told as what will be done, with no one named ("키는 … 교체한다고", "ローテーションすると"): a plan is the
    // reader's work unless the next party is named as doing it.
    r`|(?<!다음\s*(?:사람|작업자|워커|세션|분)[이가은는]\s*(?:\S+\s+){0,3})(?:(?<![있없이된됀])(?:${KO_N_FINAL}다고|는다고)|할\s*(?:거|것|예정)이라고|하기로\s*(?:했다고|한다고))` +
    r`|본\s*세션|현\s*세션|이\s*작업자|이번\s*작업자|지금\s*이\s*(?:작업자|세션|워커)` +
    r`|(?<!次の(?:人|担当|担当者|ワーカー|セッション)[がは][^、。]{0,12})(?:する|やる|行う|終わらせる|済ませる|替える|回す|消す|入れる|戻す)(?:(?:と|って|という|ということ)\s*$|予定)` +
    r`|(?<![가-힣])(?:당신|너가|네가|니가|너는|너도|너\s|자네|그쪽|본인이)|(?:이걸|이것을|이\s*메시지를?)\s*받은\s*(?:사람|분)|(?:あなた|貴方|あんた|お前|おまえ|君が|きみが|そっち|そちら)|(?:これ|この(?:メッセージ|依頼|指示))を受け取った(?:人|方)` +
    r`|이\s*메시지|받자마자|받는\s*대로|지금\s*바로|즉시|곧바로|당장|(?:쓰는|커밋하는|푸시하는|작성하는)\s*(?:사람|분)|このメッセージ|受け取り次第|今すぐ|直ちに|ただちに|即座に|(?:今夜|今日|本日|今晩)中に|오늘\s*(?:밤\s*)?(?:안에|중으로)|(?:書く|コミットする|プッシュする)(?:人|方)`,
  "i",
);

/**
 * The prompt's clauses with each content sentence (`contentSentences`) standing whole in place of its own clauses; the
 * other clauses are the whole prompt's split, as before (a sentence split alone loses its neighbours' joints: "PS").
 */
export function withContentSentences(text: string, content: Map<string, FamilyReading>, clauses: string[]): string[] {
  const spans: [number, number, string][] = [];
  let at = 0;
  for (const s of sentencesOf(text)) {
    const i = text.indexOf(s.text, at);
    if (i < 0) continue;
    at = i + s.text.length;
    if (content.has(s.text)) spans.push([i, at, s.text]);
  }
  const out: string[] = [];
  const used = new Set<string>();
  let pos = 0;
  for (const c of clauses) {
    const i = text.indexOf(c, pos);
    if (i >= 0) pos = i + c.length;
    const span = i < 0 ? undefined : spans.find(([a, b]) => i >= a && i < b);
    if (span === undefined) out.push(c);
    else if (!used.has(span[2])) {
      used.add(span[2]);
      out.push(span[2]);
    }
  }
  return out;
}
