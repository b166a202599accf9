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
import { judgeHandoffRequest as judgeByMood } from "./handoff-mood.ts";
import { NAME, normalizeNames, romanisedSentence } from "./handoff-names.ts";
import { EN_BASE_WORD } from "./handoff-orders.ts";
import {
  ALONG,
  ALSO_WORK,
  ASK_FORM,
  ASKING_QUESTION,
  BAN,
  BAN_CLAUSE,
  CODE_FILE,
  DELIVER,
  EN_ASK,
  EN_CLAUSE_VERB,
  EN_DET,
  EN_NOUN,
  EN_SECOND_VERB,
  EN_WORK_VERB,
  END,
  enLexicon,
  FILL,
  FINE,
  JA_TAIL,
  KO_DOC_VERB,
  KO_TAIL,
  type Lexicon,
  MAKE,
  MAY_JA,
  MAY_KO,
  PAST,
  PURPOSE,
  QUESTION,
  VERB_OF_ANY,
  WH_QUESTION,
} from "./handoff-patterns.ts";
import {
  ASCII_ONLY,
  type ClauseJudgement,
  type ClauseKind,
  clip,
  HANDOFF_WINDOW,
  type HandoffJudgement,
  MAX_CLAUSES,
  modelWhy,
  SPACE_RUN,
  trimStart,
} from "./handoff-text.ts";
import {
  calledOff,
  CLOSING_QUOTE,
  deicticEdit,
  docStatement,
  formatOnly,
  freshRun,
  headerLine,
  headerWork,
  partEdit,
  payloadWork,
  readFamilies,
  replyPath,
  restWish,
  sendField,
  statementOnly,
  stripRelay,
  summingUp,
  template,
  withoutDelivery,
} from "./handoff-families.ts";
import { contentSentences, formatRescue, withContentSentences } from "./handoff-content.ts";
import { mayName } from "./handoff-precheck.ts";

export type { ClauseJudgement, ClauseKind, HandoffJudgement } from "./handoff-text.ts";

/** A value built once, on first use (the hook loads this module for every prompt; few prompts need it). */
function lazy<T>(make: () => T): () => T {
  let v: T | undefined;
  return () => (v ??= make());
}

const r = String.raw;

/** Verbs whose object is the document itself ("write the handoff", "commit HANDOFF.md"). */
const EN_VERB =
  r`(?:write(?:\s+(?:up|out))?|put\s+together|pull\s+together|assemble|compose|update|finish|finali[sz]e|complete|prepare|draft|create|produce|fill\s+in|make|save|do|add\s+to|record|refresh|wrap\s+up|start|give\s+me|send\s+me|leave|commit|push|check\s+in)`;

// This judge's English words: fillers (oh, um, btw) are courtesy too, and a negation reaches past a comma.
const EN = (): Lexicon => enLexicon({ verb: EN_VERB, courtesy: r`|oh|ah|um|uh|hmm|oops|btw`, negatedGap: r`[^.;!?]` });

const KO_NOUN =
  r`(?:인계\s*(?:서|문서|노트|메모|파일|자료)|인게\s*(?:서|문서|노트)|인수인계\s*(?:서|문서|노트|메모|자료)?|핸드오프(?:\s*(?:문서|노트|파일))?|핸드오버(?:\s*(?:문서|노트))?|넘김\s*문서|이관\s*문서|${NAME.en}(?:\s*(?:문서|노트|파일|\.md))?|(?:[\w.-]+/)*handoff\.md)`;
const KO = (): Lexicon => ({
  mayRequest: new RegExp(MAY_KO, "i"),
  request: new RegExp(
    // The verb opens a word ("덮어쓰는" is another verb that only ends like 쓰).
    r`${KO_NOUN}\s*(?:을|를|도|은|는|에|에다|에다가|으로|로)?\s*(?:\S+(?:\s+\S+){0,4}?\s*)??(?<=[\s을를도은는에로]|${KO_NOUN})${KO_DOC_VERB}` +
      r`|^${KO_NOUN}\s*(?:ㄱㄱ+|고고|ㄱ|go\s*go)${END}|(?:^|\s)(?:인계|인수인계|핸드오프)\s*(?:해|하(?:세요|십시오|자|고)|해\s*(?:줘|주세요|주십시오))` +
      r`|(?:인계|인수인계|핸드오프)\s*(?:를|을)?\s*(?:부탁|요청)|${KO_NOUN}\s*(?:만|하나만)\s*(?:부탁|요청)` +
      // "다음 사람이 이어받을 수 있게 정리해 줘": written for whoever takes over.
      r`|(?:이어받|이어\s?받|인계받|넘겨받)(?:을\s?수\s?있|기\s?쉽)(?:게|도록)\s*(?:\S+(?:\s+\S+){0,2}?\s*)??(?:정리|작성|남겨|기록|써)`,
    "i",
  ),
  thing:
    // The document coordinated with another object ("인계 문서와 함께 PR도") is other work too.
    new RegExp(
      r`(?:인계\s*(?:서|문서|노트|메모)|핸드오프\s*(?:문서|노트)?|HANDOFF\.md)(?:와|과|랑|이랑|및|뿐만\s?아니라|외에도)\s|(?:${NAME.ko}|${NAME.en})\s*(?:문서|노트|파일|메모)?\s*(?:파서|흐름|플로우|기능|버그|코드|로직|모듈|테스트|화면|페이지|api|처리|크래시|작성기|생성기|로더|렌더러|(?:생성\s*)?스크립트|봇|툴)`,
      "i",
    ),
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
      // Put it up, with no object of its own ("정리해서 올려 주세요", "깃에 올려 둬"): the same document delivered.
      r`^(?:(?:깃|git|레포|저장소|브랜치|원격)\S*(?:에|로)\s*)?올려\s*(?:줘|줘요|주세요|주십시오|둬|두세요|놔)?${END}`,
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
    /(?:인계|핸드오프|인수인계)(?![^.!?。\n]{0,20}(?:만|이상|다른|외에|말고))[^.!?。\n]{0,40}(?:쓰지\s*마|하지\s*마|작성하지\s*마|필요\s*없|아직|안\s*(?:써|해|적어|만들어|고쳐)도\s*(?:돼|되|괜찮))/,
  foreign: new RegExp(
    r`(?<!(?:${NAME.ko}|${NAME.en})\s*)(?:README|CHANGELOG|문서|위키|이슈|PR|코드|스펙|주석|설정|\.(?!md)[a-z]{1,5})(?:에|에도|에다|에다가|으로|로)\s` +
      r`|(?:테스트|코드|함수|기능|스크립트|마이그레이션|엔드포인트)(?:도|를|을)?\s*(?:새로\s*)?(?:써|쓰|작성|추가|만들|구현|고쳐|수정)` +
      // Put into something that is not the handoff ("웹훅 클라이언트에 … 넣어 줘").
      r`|[가-힣A-Za-z0-9](?<!(?:인계|핸드오프|핸드오버|문서|노트|메모|파일|인계서|위|아래|앞|끝|뒤|마지막|맨|거기|여기|상단|하단|항목|섹션|md|${NAME.en}|다음|때|전|후|이후|나중|오늘|지금|처음|중간))에(?:도|다|다가)?\s+(?:\S+\s+){0,4}?\S*(?:넣|추가|적|기록|써|쓰|반영|남기|남겨|붙여)`,
    "i",
  ),
  reason:
    /(?:컨텍스트|한도|상한|토큰|세션|시간|길어|늦었|얼마\s?(?:없|안\s?남)|부족|여유가?\s?없|작업자\s*(?:교체|변경))/,
  imperative: new RegExp(
    r`(?:줘|줘요|주세요|주십시오|주고|주시고|해|해요|하세요|하십시오|해라|하자|봐|봐요|보세요|둬|두세요)${END}`,
  ),
});

const JA_NOUN =
  r`(?:引き?継ぎ(?:書|資料|文書|メモ|ドキュメント|ノート)?|ひきつぎ(?:しょ|メモ|ぶんしょ)?|${NAME.jaShort}(?:書|資料|文書|メモ)?|ハンドオ(?:フ|ーバー)(?:文書|資料|メモ|ドキュメント)?|${NAME.en}(?:\s*(?:文書|資料|メモ|\.md))?|(?:[\w.-]+/)*handoff\.md)`;
const JA_DOC_VERB =
  // (かいて, かいといて, かく: typed in kana without converting to 書.)
  r`(?:かい(?:て|と)|かく|追加|足し|加え|最新に|メモ(?:して|し|する|を取)|書い|書き|書く|作成|作っ|作り|作る|更新|まとめ|仕上げ|完成|残し|用意|準備|記入|記録|記載|追記|反映|整理|要約|終わらせ|コミット|プッシュ)`;
const JA = (): Lexicon => ({
  mayRequest: new RegExp(MAY_JA, "i"),
  request: new RegExp(
    // The verb opens a word ("上書き" is another verb that only ends like 書き).
    r`${JA_NOUN}\s*(?:を|も|は|に|へ|として)?\s*(?:[^、。]{0,20}?)(?:(?<=${JA_NOUN})|(?<![\u4E00-\u9FFF])|(?=かい|かく))${JA_DOC_VERB}` +
      r`|ひきつぎ(?:しょ|メモ)?\s*(?:を|も)?\s*(?:かい|かく|かき|まとめ)|引き?継いで(?:ください|下さい|くれ|ほしい)?|(?:引き?継ぎ|引継ぎ|ひきつぎ|ハンドオフ)(?:を|の)?(?:して|お願い|おねがい|やって|頼)` +
      // "引き継ぎ書だけお願いします": the document, only it, asked for politely.
      r`|${JA_NOUN}(?:だけ|のみ)(?:を)?\s*(?:お願い|頼)` +
      // "次の人が引き継げるようにまとめて": written for whoever takes over.
      r`|引き?継げる(?:ように|よう)[^、。]{0,20}?(?:まとめ|書|残|記録|整理)`,
    "i",
  ),
  thing:
    // The document coordinated with another object ("引き継ぎ書とあわせて README も") is other work too.
    new RegExp(
      r`(?:引き?継ぎ(?:書|資料|文書|メモ)|ハンドオフ文書|HANDOFF\.md)(?:と(?:あわせて|合わせて|一緒に)?|や|および|及び|に加えて)(?!して|する|いう)|(?:${NAME.ja}|${NAME.en})(?:書|メモ|資料|文書)?(?:を(?:読み込む|読む|書き出す|生成する|パースする|出力する))?\s*(?:処理|機能|フロー|パーサー?|バグ|コード|ロジック|モジュール|テスト|画面|ページ|api|クラッシュ|ライター|ローダー|レンダラー|生成|スクリプト|ツール|ボット)`,
      "i",
    ),
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
    /(?:引き?継ぎ|ハンドオフ)[^。.!?\n]{0,30}(?:書かないで|不要|まだ(?:いい|書かない)|(?:書き直さ|書か|作ら|更新せ|直さ|せ)(?:ん|ない|なく)(?:で|ても)(?:ええ|いい|大丈夫|よい|OK))/,
  foreign: new RegExp(
    r`(?<!(?:${NAME.ja}|${NAME.en})\s*(?:用の|の)?)(?:README|CHANGELOG|ドキュメント|仕様書|設計書|Wiki|wiki|イシュー|Issue|PR|コード|コメント|設定|\.(?!md)[a-z]{1,5})(?:に|にも|へ|へも)` +
      r`|(?:テスト|コード|関数|機能|スクリプト|マイグレーション|エンドポイント)(?:も|を)\s*(?:新しく)?(?:書|作|追加|実装|直|修正)` +
      // Put into something that is not the handoff ("Webhookクライアントにリトライも入れて").
      r`|(?<!(?:引き?継ぎ|${NAME.jaShort}|ハンドオフ|ハンドオーバー|書|資料|文書|メモ|ドキュメント|ノート|md|${NAME.en}|最後|最初|冒頭|末尾|上|下|先頭|ため|よう|向け|時|際|次|前|後|中|朝|夜|簡単|簡潔|詳細|丁寧|具体的|明確|正確|手短|一緒|個別|箇条書き|最新)\s*)(?:に|にも|へ)(?:は)?[^、。]{0,20}?(?:入れ|追加|書い|書き|記載|追記|反映|残し|足し)`,
    "i",
  ),
  reason: /(?:コンテキスト|上限|トークン|セッション|時間|長く|残り|少な|遅く|余裕|担当者?の?(?:交代|変更))/,
  imperative: new RegExp(r`(?:ください|下さい|て|(?<!の)で|してね|てね|して|しろ|やって|くれ|お願い(?:します)?)${END}`),
});

/** Every Hangul syllable that ends in ㄴ: a verb's adnominal before 다음 / 뒤 / 후 ("작성한 다음"). */
function nFinal(): string {
  let out = "";
  // Every 28th syllable from the first with final ㄴ: the same 399 as testing all 11,172, whose loop
  // the optimising JIT compiled on every prompt (~2 MiB of a hook process's peak RSS, bench/RESULTS.md).
  for (let c = 0xAC00 + 4; c <= 0xD7A3; c += 28) out += String.fromCodePoint(c);
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

/** This judge's lexicons (English, Korean, Japanese), built on first use: for tests. */
export function lexicons(): readonly Lexicon[] {
  return tables().lexicons;
}

/**
 * Sentences, and the clauses joined by "then", "and", "after that", a comma before a verb of
 * work, Korean -고 / 한 다음, Japanese 、 / してから / その後.
 */
export function clausesOf(text: string): string[] {
  return text.replace(SPACE_RUN, " ").split(SPLIT()).map((c) => c.trim()).filter((c) =>
    c !== "" && !/^[\s\p{P}\p{S}]+$/u.test(c)
  );
}

/** The clause boundaries, compiled once on first use (a prompt that names no handoff never needs them). */
const SPLIT = lazy((): RegExp =>
  new RegExp(
    [
      r`[。！？\n]+`,
      r`[.;!?]+(?=\s|$)|[?？](?=[\u3040-\u30FF\u4E00-\u9FFF\uAC00-\uD7A3])`,
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
      r`(?:^|(?<=[、。\s]))(?:あと|それと|加えて|追伸|ちなみに|ついでに)[、:：]?|(?<=[てで])(?:それと|あと)、?`,
      // A Korean sentence that ends on a verb form with no full stop, before the next one ("…써라 캐시를 …").
      r`(?<=[가-힣](?:줘|요|라|해|둬|놔|까|죠|자|세요|니다|어|아|돼|야|네)(?<!까지)(?<!(?:^|\s)아까))(?<!(?:위해|대해|통해|인해|의해))\s+(?!(?:줘|주|둬|두|놔|놓|봐|보|드|달|줄|좀|놓)|$)(?=[가-힣A-Za-z0-9])`,
      r`(?<=のと)、?`,
    ].join("|"),
    "iu",
  )
);

/**
 * The model's thresholds. A clause the rules read as the request or as support is refused when the model gives other
 * work `veto` or more (`fineVeto` for a finer part), and a request clause when what its rule leaves over reads as other
 * work `requestVeto` or more; a clause no rule reads is rescued only when the model gives other work at most `rescue`;
 * the model alone makes a clause that names the document ask at `docAsk`. Fixed in the hook;
 * eval/handoff-prompts/model/loso.ts tries others on held-out writers (the only place that changes them).
 * (Round 15 also tried an unseen-words guard, a model-only ask and a verb-of-work net over every clause; held-out
 * writers chose them off, so they are gone rather than kept switched off in the hook: see docs/stop-gate.md.)
 */
export const LIMITS = {
  veto: 0.9,
  fineVeto: 0.95,
  rescue: 0.1,
  requestVeto: 0.9,
  docAsk: 0.97,
};

/**
 * What one clause asks for: the handoff, something that only supports it, or other work. The rules
 * that find other work (code named handoff, a supporting verb aimed at another target, a second
 * English verb with its own object) decide first; then the clause model (src/core/handoff-model.ts)
 * refuses anything it gives other work OTHER_AT or more; the old request and support rules only add
 * passes when the model is not against them.
 */
export function judgeClause(whole: string, fine = false, asQuestion = false, ends = true): ClauseJudgement {
  const at = fine ? LIMITS.fineVeto : LIMITS.veto;
  // Courtesy at either end is never work: "you stop, please" is "you stop".
  // A wish for the worker's rest at the end ("and have a good rest", 푹 쉬세요, ゆっくり休んでください) asks for nothing.
  // So is a summing-up opener ("to sum up:", 정리하면, まとめると): what follows is the clause.
  const unrelayed = whole.replace(/[,\s]+(?:please|thanks|thank\s+you|thx|ty)\W*$/i, "").replace(REST(), "")
    .replace(SUMMING_UP(), "");
  const kept = stripRelay(unrelayed).replace(CLOSING_QUOTE, "").trim();
  if (kept === "" && REST().test(whole)) return { kind: "support", by: "rule: courtesy (a wish for rest)" };
  const clause = kept || whole;
  if (tables().lexicons.some((lx) => lx.thing.test(clause)) || CODE_FILE().test(clause)) {
    return { kind: "other", by: "rule: code named handoff" };
  }
  // Round 18, after code named handoff (handoff-families.ts): a relayed second infinitive, an order to go and do a thing, the template edited or a
  // second task joined as a noun is other work; a clause of courtesy, a sender's line or a ticket's state that is the
  // handoff asks nothing; an edit of a text element of the document asks for it.
  const family = readFamilies(clause, NOUNS, DOC_NOUN);
  if (family !== null) return family;
  // Round 17, from examples of our own per family (test/core/handoff-request.test.ts, "round 17").
  // A payload field that sends the summary somewhere else (a channel, a mail, another agent) is work of its own.
  if (SEND_FIELD().test(clause)) return { kind: "other", by: "rule: a field that sends it elsewhere" };
  // A reply with only the path, "done" or OK is part of the request.
  if (REPLY_PATH().test(clause)) return { kind: "support", by: "rule: a reply with the path or done" };
  // A header line of a ticket or a notice (Ticket: OPS-1, 담당: …, 担当: …) whose value names no work.
  // …and one whose value names work is a task of its own ("Ticket: OPS-9 rotating creds").
  if (headerWork().test(clause)) return { kind: "other", by: "rule: a header line naming work" };
  if (HEADER().test(clause) && !WORK().some(([, re]) => re.test(clause))) {
    return { kind: "support", by: "rule: a header line" };
  }
  // Earlier work called off, pointing back to it ("forget the migration I asked for", 아까 말한 …는 취소, さっきの…は取り消し).
  if (CANCEL().test(clause)) return { kind: "support", by: "rule: earlier work called off" };
  // Contents that need a fresh run now (count them in the database, tally the alerts, 집계해서, 数えて): that run is work.
  if (FRESH().test(clause)) return { kind: "other", by: "rule: contents that need a fresh run" };
  // An edit of the document's own part (its title, one line, a section): the document named, a part, an edit.
  if (
    PART_EDIT().test(clause) && !OTHER_DOC().test(clause) && !TEMPLATE().test(clause) &&
    !/[+＋(（]|\b(?:also|too|plus|and|then)\b/i.test(clause)
  ) {
    return { kind: "request", by: "rule: an edit of the document's own part" };
  }
  // The document named first, then only its format, language or length ("Handoff in plain English, bullets").
  if (FORMAT_ONLY().test(clause)) return { kind: "request", by: "rule: the document with its format" };
  // What the document says, stated: it asks for nothing ("the handoff says the port is 8081").
  if (!fine && DOC_STATEMENT().test(clause)) return { kind: "support", by: "rule: states what the document says" };
  // A supporting verb aimed at another target is other work unless the model rescues it (below): sure it is not
  // work, it knows the words, and no verb of work.
  const foreign = tables().lexicons.some((lx) => lx.foreign.test(clause));
  const names = DOC_NOUN.test(clause) || NEXT_PARTY.test(clause);
  const foreignWhy = foreign ? "rule: aimed at another target; " : "";
  const request = tables().lexicons.find((lx) => lx.request.test(clause) && !lx.negated.test(clause));
  if (request && tables().secondVerb.test(clause.replace(request.request, " "))) {
    return { kind: "other", by: "rule: a second verb with its own object" };
  }
  // A question that asks nothing of the reader ("Where did you save yesterday's handoff?", 커밋됐어?, コミットされた？)
  // is about the document, not a request for it; "can you write it?" is a request.
  const isQuestion = asQuestion || QUESTION().test(clause);
  if (isQuestion && DOC_NOUN.test(clause) && !ASKING_QUESTION().test(clause)) {
    // Round 20: one that asks who, when, why, where or what ("이 인계 문서 누가 쓴 거예요?") wants an answer: a reply is work.
    if (WH_QUESTION().test(clause)) {
      return { kind: "other", by: "rule: a question about the document that wants an answer" };
    }
    return { kind: "support", by: "rule: a question about the document, asks nothing", question: true };
  }
  // A question that does not name the document asks the worker for a reply or for something else: other work.
  if (isQuestion && !fine && !DOC_NOUN.test(clause) && !NEXT_PARTY.test(clause) && /[\p{L}]{2}/u.test(clause)) {
    return { kind: "other", by: "rule: a question to the worker (a reply is work)" };
  }
  // The handoff named only as the purpose of other work ("인계가 정확하도록 …부터 마무리하고", "引き継ぎを正確にするために…を
  // 先に仕上げて", "so the handoff is accurate, finish …"): what is done is that work.
  const purpose = PURPOSE().exec(clause);
  if (purpose && DOC_NOUN.test(purpose[0])) {
    const rest = clause.slice(purpose.index + purpose[0].length).trim();
    if (/[\p{L}]{2}/u.test(rest) && !DOC_NOUN.test(rest) && !BAN().test(rest) && VERB_OF_ANY().test(rest)) {
      return { kind: "other", by: `"${rest}": work done for the handoff is still work` };
    }
  }
  // Another document by name, where the clause does not name the handoff (a card's "file: README.md").
  if (
    OTHER_DOC().test(clause) && !BAN().test(clause) &&
    (!DOC_NOUN.test(clause) || /[+＋]|\b(?:too|also|and|plus)\b|도\s|も/i.test(clause))
  ) {
    return { kind: "other", by: "rule: another document" };
  }
  // The document joined by "+" to a second task ("인계서 + API 문서 업데이트", "引き継ぎ書＋設計書の修正").
  if (/[+＋]/.test(clause) && DOC_NOUN.test(clause)) {
    const second = clause.split(/[+＋]/).slice(1).find((p) => !DOC_NOUN.test(p) && PLUS_TASK().test(p));
    if (second !== undefined) return { kind: "other", by: `"${second.trim()}": a second task joined with +` };
  }
  const supportRule = tables().lexicons.some((lx) => lx.support.test(clause));
  const rule: ClauseKind | null = foreign
    ? null
    : request
    ? "request"
    : supportRule || tables().lexicons.some((lx) => lx.reason.test(clause) && !lx.imperative.test(clause))
    ? "support"
    : null;
  const s = scoreClause(clause);
  // Read as support only because it gives a reason (the limit, "every hour"), with a verb of work: that work.
  if (rule === "support" && !supportRule && !fine) {
    const w = BAN().test(clause) ? undefined : WORK().find(([, re]) => re.test(clause));
    if (w) return { kind: "other", by: `a verb of work (${w[0]}) in a reason; ` + modelWhy(s.p, s.top, "other") };
  }
  // A clause the request rules read is refused when the model is sure that what the rule leaves over is other work
  // (the whole clause names the document, whose own words the model has also seen in clauses that carried work).
  if (rule === "request" && request) {
    const left = clause.replace(request.request, " ").replace(/\s+/g, " ").trim();
    // Only the request's own auxiliary left over ("…書いてもらって", "…書いておいてください"): nothing of its own.
    const aux =
      /^[てで](?:もら(?:って|える|えれば|えると|います)|ください|下さい|おいて(?:ください)?|ほしい|くれ\S{0,3})?[、。,.\s]*$/;
    const l = /[\p{L}]{2}/u.test(left) && !aux.test(left) ? scoreClause(left, "other") : undefined;
    if (l !== undefined && l.p[2] >= LIMITS.requestVeto && s.p[2] >= 0.5) {
      return { kind: "other", by: `"${left}": ` + modelWhy(l.p, l.top, "other") };
    }
  }
  if (rule !== null) {
    // The rules read it as support: the model refuses it only when it is sure. The request rules pair a document
    // verb with the document itself, so only a finer part of that clause can be other work.
    // (Not on a support clause of three words or fewer, "you finish", "stop there": too little for the model to go on;
    // Korean and Japanese, with few spaces, by their length.)
    const short = clause.split(/\s+/).length <= 3 && (ASCII_ONLY.test(clause) || clause.length <= 6);
    if (rule === "support" && s.p[2] >= at && !short) {
      return { kind: "other", by: modelWhy(s.p, scoreClause(clause, "other").top, "other") };
    }
    if (request && LATER().test(clause)) return { kind: "other", by: "rule: a handoff for later" };
    // What was done to the document ("어제 인계서 잘 써 주셨네요", "昨日の引き継ぎ書、よく書けていました"): a statement.
    if (request && ends && PAST().test(clause)) {
      return { kind: "support", by: "rule: a statement about the document (past), asks nothing", question: true };
    }
    if (ALONG().test(clause)) return { kind: "other", by: "rule: a task along with the document" };
    // A Japanese clause that ends on a plain negative states something ("…と書いてあるが通らない"); it asks nothing.
    if (request && /(?<!て|で)(?:ない|なかった)[。.!！]?$/.test(clause)) {
      return { kind: "other", by: "rule: a statement about the document, not a request" };
    }
    if (request) {
      // What the request rule leaves over may be a task of its own: a verb of work the model reads as work.
      const rest = clause.replace(request.request, " ").replace(/\s+/g, " ").trim();
      // (A verb of work in what is left, and in the clause: "書き直して" is not "直して".)
      // A verb of work refuses; a verb that makes (만들어, create) only when the model agrees.
      const verb = BAN().test(rest) ? undefined : WORK().find(([, re]) => re.test(rest) && re.test(clause));
      const work = verb ??
        (BAN().test(rest) || DOC_NOUN.test(rest) || NEXT_PARTY.test(rest)
          ? undefined
          : MAKE().find(([, re]) => re.test(rest)));
      const r = scoreClause(rest, "other");
      if (work && /[\p{L}]{2}/u.test(rest) && (verb !== undefined || r.p[2] >= 0.5)) {
        return { kind: "other", by: `"${rest}": a verb of work (${work[0]}); ` + modelWhy(r.p, r.top, "other") };
      }
      // Or a task the model is sure of, with no verb ("… including a fix for the login bug").
      // (English only: a Korean or Japanese leftover is mostly what goes in, "지금까지 한 리팩터링 상황을".)
      if (ASCII_ONLY.test(rest) && rest.split(/\s+/).length >= 3 && !NEXT_PARTY.test(rest) && r.p[2] >= 0.95) {
        return { kind: "other", by: `"${rest}": ` + modelWhy(r.p, r.top, "other") };
      }
    }
    if (!fine) {
      // Finer parts: a -て chain, a comma inside the clause. One the model is sure is other work refuses the clause.
      const fine = clause.split(FINE()).map((c) => c.trim()).filter((c) => /[\p{L}\p{N}]/u.test(c));
      if (fine.length > MAX_CLAUSES) return { kind: "other", by: `rule: more than ${MAX_CLAUSES} parts in one clause` };
      if (fine.length > 1) {
        for (const part of fine) {
          const f = judgeClause(part, true);
          if (f.kind === "other") return { kind: "other", by: `part "${part}": ${f.by}` };
        }
      }
    }
    // The document named with a verb that fills, saves or delivers it ("인계서만 …에 저장해 주세요") asks for it.
    const asked = rule === "request" || (names && (FILL().test(clause) || DELIVER().test(clause)));
    return asked ? { kind: "request", by: "rule: asks for the document" } : { kind: "support", by: "rule: supports" };
  }
  // A ban supports; a "no" about the handoff itself ("no need for a handoff yet") is not a request for it.
  if (BAN_CLAUSE().test(clause) && !names) return { kind: "support", by: "rule: a ban on other work" };
  if (fine) {
    // A finer part is other work only when the model is sure.
    return s.p[2] >= at ? { kind: "other", by: modelWhy(s.p, s.top, "other") } : { kind: "support", by: "part" };
  }
  // No rule reads it: the model may rescue it, only when it is sure, knows the clause's words, and sees no work.
  const why = foreignWhy + modelWhy(s.p, scoreClause(clause, "other").top, "other");
  if (s.p[2] > LIMITS.rescue) return { kind: "other", by: why };
  // A verb aimed at another target, in a clause that does not name the handoff, is that target's work.
  if (foreign && !names) return { kind: "other", by: why };
  // A reason ("…만 읽으니까", "since it only reads …") describes; its verb asks for nothing.
  const reason = /(?:니까|으니|어서|아서|니|ので|から|\bsince\b|\bbecause\b)[\s,、.。]*$/i.test(clause);
  const work = BAN().test(clause) || reason ? undefined : WORK().find(([, re]) => re.test(clause)) ??
    (names ? undefined : MAKE().find(([, re]) => re.test(clause)));
  if (work) return { kind: "other", by: `a verb of work (${work[0]}); ${why}` };
  if (ALONG().test(clause)) return { kind: "other", by: `a task along with the document; ${why}` };
  if (!names && ALSO_WORK().test(clause)) return { kind: "other", by: `"also" on another thing; ${why}` };
  // The document asked for with its name left out ("…の引き継ぎ書が古い。更新してプッシュして", "put it all there"): a
  // verb that fills a document, in a prompt that names the handoff (judgeHandoffRequest only gets here if it does).
  // (Round 15: the model's reading alone no longer makes a clause ask; a statement about the document — "the notes
  // are generated by the bot now", 인수인계 받음 — named it and was read as asking, so a mention passed.)
  const kind: ClauseKind = (names && s.p[0] >= LIMITS.docAsk) || FILL().test(clause) ? "request" : "support";
  return { kind, by: modelWhy(s.p, s.top, kind) };
}

// Round 17's families (handoff-families.ts), under this file's names.
const SUMMING_UP = summingUp;
const REST = restWish;
const SEND_FIELD = sendField;
const REPLY_PATH = replyPath;
const HEADER = headerLine;
const CANCEL = calledOff;
const FRESH = freshRun;
const TEMPLATE = template;
const DEICTIC_EDIT = deicticEdit;
const NOUNS = { en: EN_NOUN, det: EN_DET, ko: KO_NOUN, ja: JA_NOUN };
const PART_EDIT = lazy((): RegExp => partEdit(NOUNS));
const FORMAT_ONLY = lazy((): RegExp => formatOnly(NOUNS));
const DOC_STATEMENT = lazy((): RegExp => docStatement(NOUNS));

/** Another document by name: README, CHANGELOG, release notes, 회의록, 議事録. */
const OTHER_DOC = lazy((): RegExp =>
  /\bREADME\b|\bCHANGELOG\b|\bCONTRIBUTING\b|release\s+notes|회의록|릴리스\s*노트|議事録|リリースノート|\b(?:spreadsheet|(?:weekly|daily|monthly)\s+report)\b|\bExcel\b|보고서|엑셀|스프레드시트|報告書|日報|週報|月報|エクセル|スプレッドシート/i
);

/** A noun or verb of changing something, after a "+": update, fix, cleanup, 업데이트, 수정, 更新, 修正… */
const PLUS_TASK = lazy((): RegExp =>
  /\b(?:update|refresh|fix|edit|change|rewrite|bump|clean\s*up|cleanup|upgrade|migrat\w*|deploy|release|tidy|rename|delete|remove)\b|업데이트|갱신|수정|변경|정리|교체|삭제|배포|리팩터링|更新|修正|変更|整理|削除|デプロイ|リファクタ/i
);

/** The handoff put off: "we'll do the handoff later", 인계는 나중에, 引き継ぎは後で. */
const LATER = lazy((): RegExp =>
  /\b(?:later|at\s+some\s+point|eventually|not\s+(?:yet|now)|yet|next\s+week)\b|나중에|이따가?|언젠가|아직|後で|あとで|いずれ|まだ/i
);

/** Verbs of work, per language: a clause no rule reads that has one is never rescued by the model. */
const KO_WORK_NOUN =
  r`(?:집계|조회|원복|롤백|재배포|재시작|구현|수정|배포|마이그레이션|리팩터링|리팩토링|실행|리뷰|조사|디버그|디버깅|진행|확인|시작|삭제|제거|설치|머지|병합|리베이스|변경|업그레이드|번역|빌드|교체|세팅|설정|생성|처리|답변|태깅|릴리스|점검|개선|최적화|착수|측정)`;
const JA_WORK_NOUN =
  r`(?:集計|カウント|実装|修正|デプロイ|移行|リファクタリング|実行|レビュー|調査|デバッグ|確認|着手|削除|インストール|マージ|リベース|変更|翻訳|ビルド|設定|セットアップ|対応|送信|ローテーション|クリア|改善|最適化|クローズ|再生成|取り消し|タグ付け)`;
const EN_WORK =
  r`(?:restore|roll\s+back|put\s+(?:\S+\s+){0,4}?back\b|count|tally|query|implement|fix|build|refactor|deploy|migrate|run|rerun|review|investigate|debug|continue|proceed|follow|read|look\s+into|work\s+on|delete|remove|rename|upgrade|install|merge|rebase|open|close(?!\s+out)|tag|release|publish|translate|localize|port|bump|rotate|clear|set\s+up|configure|enable|disable|change|replace|switch|move|split|clean\s+up|profile|optimi[sz]e|benchmark|reply(?!\s+(?:when|with\s+the\s+path|once))|answer|send(?!\s+(?:me|us|it|the\s+(?:link|path)))|file|resolve|handle|address|tackle|try|verify|lint|regenerate|upload|download|squash|revert|restart|rebuild|retry|check|look\s+at|pick\s+up|keep\s+working|keep\s+\w+ing|kill|tidy|start(?:\s+on)?\s+(?:[A-Z]{2,}-\d+|#\d+|the\s+next\s+ticket|ticket)|knock\s+out|let\s+me\s+know\s+(?:which|what|whether|if|how|why|where|who)|tell\s+me\s+(?:which|what|whether|if|how|why|where|who)|get\s+(?:\S+\s+){0,6}?(?:passing|green|working|fixed|merged|deployed|running))`;
const WORK = lazy((): readonly [string, RegExp][] => [
  [
    "en",
    new RegExp(EN_ASK + EN_WORK + r`\b(?!\s+(?:questions?|issues?|items?|risks?|points?|threads?|problems?)\b)`, "i"),
  ],
  [
    "ko",
    new RegExp(
      KO_WORK_NOUN +
        r`\s*(?:도|를|을|좀)?\s*(?:해|하|할|했으면|부탁|요망|바랍|까지|ㄱ|좀|[.!]?$|(?=\s*\d{1,2}[).]\s))` +
        r`|\b(?:fix|refactor|deploy|merge|rebase|bump|upgrade|migrate|debug|implement|revert|release)\b\s*(?:(?:도|를|을|좀)?\s*(?:해|하고|하|까지)|$|(?=\s*\(?\d{1,2}[).]))` +
        r`|(?:브랜치|캐시|폴더|디렉터리|디렉토리|로그|이슈|티켓|의존성|패키지|임시|안\s*쓰는|오래된|불필요한)\S*\s*(?:\S+(?:\s+\S+){0,1}?\s*)??정리` +
        r`|[A-Z]{2,}-\d+\s*(?:착수|시작|진행|작업|구현)|(?:지금|다시|새로)\s*재(?:서|고|\s*줘|\s*주세요)|(?:에러|버그|오류|경고|이슈|문제)\S*\s*(?:\S+(?:\s+\S+){0,2}?\s*)??잡(?:아|고|기)|(?:뭐|무엇|어디|언제|왜|어떻게|몇|어느)[^.?]*알려|답(?:변|장)?\s*(?:좀\s*)?(?:해|하|줘|주세요|달아)|마저\s*(?:끝내|끝|하|해|마무리|처리)|(?:에|에게|한테)\s*(?:\S+(?:\s+\S+){0,2}?\s*)??알려|되돌려|되돌리|(?<!인계|인계서|문서|노트|핸드오프)(?:하나|그것|그거|이것|이거)만\s*(?:하고|해|처리)|고치|고쳐|고칠|돌려|돌리|(?<!진행\s*상황을?\s*)읽|올려|올리|바꿔|바꾸|손봐|손보|보내|지워|지우|달아|찾아\s*(?:줘|주세요|봐)`,
    ),
  ],
  [
    "ja",
    new RegExp(
      JA_WORK_NOUN + r`(?:を|も|に)?(?:して|する|しと|し(?!た)|お願い|よろ|頼|まで|のこと|$|(?=\s*\d{1,2}[).]\s))` +
        r`|(?:ブランチ|キャッシュ|フォルダ|ディレクトリ|ログ|イシュー|チケット|依存|パッケージ|一時|不要な|使っていない|古い)[^、。]{0,12}?(?:整理|片付け|掃除)|[A-Z]{2,}-\d+\s*(?:に)?(?:着手|開始|対応)|(?:今|もう一度|改めて)測(?:って|り|る)|測定|計測|(?:どこ|何|なに|どれ|なぜ|どう|いつ|どの|誰)[^。?？]*教えて|投稿|(?:今|先に|すぐ)(?:やって|やっと|対応して|片付けて)` +
        r`|\b(?:fix|refactor|deploy|merge|rebase|bump|upgrade|migrate|debug|implement|revert|release)\b\s*(?:(?:を|も)?\s*(?:して|する|しと|し(?!た)|お願い)|$|(?=\s*\(?\d{1,2}[).]))` +
        r`|(?<!書き)直(?:し|す|さ)|(?<!取り)戻(?:し|す)|数え|(?<!引き?継ぎ|引継ぎ|ひきつぎ|ハンドオフ|書|資料|メモ)(?:だけ|を|も)やって|回(?:し|す)|続け(?!られ|る(?:人|ため|よう))|進め|読んで|調べ|確かめ|始め|消(?:し|す)|替え|タグを打|答え|返信|取り消|(?<!仕|書き)上げ(?!た)|変え(?!た)|(?<!申し)送(?:っ|る|り)|切り替え|取り(?:かか|掛か)`,
    ),
  ],
]);

/**
 * Whether a clause is nothing but a request for the document: a request rule reads it and leaves no word over
 * ("인계서 써 줘", "write the handoff"). The trainer never labels such a clause other work.
 */
export function onlyRequest(clause: string): boolean {
  const lx = tables().lexicons.find((l) => l.request.test(clause) && !l.negated.test(clause));
  return lx !== undefined &&
    !/[\p{L}]{2}/u.test(clause.replace(lx.request, " ").replace(/\b(?:please|now|the|a)\b/gi, ""));
}

/** What one clause asks for (see judgeClause). */
export function clauseKind(whole: string): ClauseKind {
  return judgeClause(whole).kind;
}

/** Whether the prompt names the handoff at all (a document noun, a path, a next-worker purpose, a request rule). */
function namesHandoff(text: string): boolean {
  // First what the hook reads before it loads this module (handoff-precheck.ts): a name it misses is no name here.
  return mayName(text) && (DOC_NOUN.test(text) || NEXT_PARTY.test(text) ||
    tables().lexicons.some((lx) => (lx.mayRequest?.test(text) ?? true) && lx.request.test(text)));
}

/**
 * Judge a prompt (English, Korean, Japanese) by two judges that must agree (round 16): this module's clause judge
 * (round 15's) and the mood judge (handoff-mood.ts: each clause's mood read from its edges, its own model). A prompt
 * passes only when both pass it; on blind writers' first runs the two let through different prompts with other work
 * (docs/stop-gate.md, "The handoff exception, round 16"). The mood judge runs only on a prompt the clause judge passes,
 * and a refusal it makes says so ("mood judge: …"); any other refusal is the clause judge's.
 */
export function judgeHandoffRequest(raw: string): HandoffJudgement {
  // The document's name as typed (a typo, a phonetic slip, the other kana, a mis-converted kanji) is
  // rewritten to the name both judges read (round 17, handoff-names.ts); a prompt past twice the window is refused
  // as too long either way.
  const text = raw.length <= 2 * HANDOFF_WINDOW ? normalizeNames(raw) : raw;
  // Round 20: a machine's payload whose handoff action sits beside a value naming work (handoff-families.ts).
  // (Only a prompt that opens like one: the hook's common case pays one anchored test.)
  const payload = /^\s*(?:\{|[\w가-힣\u3040-\u30FF\u4E00-\u9FFF-]+=)/.test(text);
  const work = payload ? payloadWork(text) : null;
  if (work !== null) {
    return { asks: true, request: false, clause: clip(work), because: "rule: a payload field names work" };
  }
  // Round 20: one bullet set apart after a finished request ("引き継ぎ書をお願いします。\n・止まってるジョブ", "…\n- OPS-12"):
  // with no list announced before it, it is a second item, not the document's contents (review2's mutations).
  const lone = LONE_BULLET.exec(text);
  if (
    lone !== null && !DOC_NOUN.test(lone[1]) &&
    !(SIGNATURE.test(lone[1].trim()) && !EN_BASE_WORD.test(lone[1].trim().split(/\s+/)[0]))
  ) {
    return {
      asks: true,
      request: false,
      clause: clip(lone[1]),
      because: "rule: a lone item set apart after the request",
    };
  }
  // Round 20: one statement about the document and nothing else is a mention (handoff-families.ts, statementOnly).
  if (statementOnly(text, NOUNS, DOC_NOUN)) {
    return {
      asks: false,
      request: false,
      clause: clip(trimStart(text)),
      because: "rule: a statement about the document",
    };
  }
  const own = judgeByClauses(text);
  if (!own.request) return own;
  // Japanese in Latin letters is read by neither judge: only the name was ("handoff wo yonde tsuzuki wo yatte").
  const romaji = romanisedSentence(text);
  if (romaji !== null) {
    return {
      asks: true,
      request: false,
      clause: clip(romaji),
      because: "Japanese in Latin letters, which no rule reads",
    };
  }
  const mood = judgeByMood(text);
  if (mood.request) return own;
  return {
    asks: true,
    request: false,
    clause: mood.clause ?? clip(trimStart(text)),
    because: `mood judge: ${mood.because ?? "no clause it reads asks for the document"}`,
  };
}

/** A single bullet line closing the prompt, after a line that ends a sentence (no colon announcing a list). */
// (Not a dash: "- 민수", "-- shift-bot" sign a message.)
const LONE_BULLET = /[.!。！?？요다](?:\s*\))?\s*\n+\s*(?:[・•*]|\d+[.)])\s*([^\n]{1,80})\s*$/;

/** A signature on that line: "- 민아 드림", "-- shift-bot", "- Dana", "(template maintained by …)". */
const SIGNATURE =
  /^(?:-|[가-힣]{2,4}\s*(?:드림|올림|씀|보냄)$|[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?$|[一-龠]{1,4}(?:より)?$|.*(?:bot|봇|ボット|template|템플릿|テンプレ|sent\s+from|보냄|送信)).*$/;

/** The clause judge alone (round 15's judgement). */
export function judgeByClauses(text: string): HandoffJudgement {
  const head = trimStart(text);
  // Runs of spaces are one space to every rule below: the clause patterns backtrack over a run once per position, so
  // 3,900 spaces in a prompt naming the handoff took 730-805 ms a call (review, round 15) and a hook that slow fails open.
  const window = head.slice(0, HANDOFF_WINDOW).replace(SPACE_RUN, " ");
  if (!namesHandoff(window)) {
    // Nothing names the handoff: no request, and no clause split or model to run (the hook's common case; the
    // split's pattern alone cost ~6.7 MiB of the hook's own peak to build and first run, rss measured).
    const first = window.split(/[。！？\n]+|[.;!?]+(?=\s|$)/).map((c) => c.trim())
      .find((c) => c !== "");
    return { asks: false, request: false, clause: first === undefined ? null : clip(first) };
  }
  // Round 19: a sentence that only puts content in the document is read whole (handoff-content.ts, contentSentences).
  const content = contentSentences(window, NOUNS, DOC_NOUN);
  const clauses = content.size === 0 ? clausesOf(window) : withContentSentences(window, content, clausesOf(window));
  // Judged in order up to the first clause of other work (one is enough to refuse; a long run-on prompt need not
  // be scored to its end).
  const judged: ClauseJudgement[] = [];
  // Where each clause ends: one followed by a question mark is a question (the split drops the mark).
  let at = 0;
  for (const c of clauses.slice(0, MAX_CLAUSES)) {
    const i = window.indexOf(c, at);
    if (i >= 0) at = i + c.length;
    // (One that ends a sentence can state a past fact; "…を書いた上で、…" is a step before the next clause.)
    const after = window.slice(at, at + 8);
    const n = judged.length;
    // An edit of "that line" / 그 줄 / そこ right after the document was named ("In the handoff, the port is wrong; it's
    // 8080. Correct that line."): an edit of the document.
    const read = content.get(c);
    const j = read !== undefined
      ? read
      : DEICTIC_EDIT().test(withoutDelivery(c)) && clauses.slice(Math.max(0, n - 3), n).some((p) => DOC_NOUN.test(p))
      ? { kind: "request" as const, by: "rule: an edit of the document named just before" }
      : judgeClause(c, false, i >= 0 && /^\s*[?？]/.test(after), i < 0 || /^\s*(?:[。.!！?？\n]|$)/.test(after));
    judged.push(formatRescue(c, j));
    if (judged[judged.length - 1].kind === "other") break;
  }
  // A clause can ask for the handoff and for more ("the handoff and the migration script").
  // Or, with no other work, a clause that names the document in a request form (an e-mail's "the only thing I want now
  // is the handoff, please", a card's "task: handoff").
  const asks = judged.some((j) => j.kind === "request") ||
    clauses.some((c, i) =>
      judged[i]?.question !== true && tables().lexicons.some((lx) => lx.request.test(c) && !lx.negated.test(c))
    ) ||
    (judged.every((j) => j.kind !== "other") &&
      clauses.some((c, i) =>
        i < judged.length && judged[i].question !== true && DOC_NOUN.test(c) && ASK_FORM().test(c) &&
        !OTHER_DOC().test(c)
      ));
  // Round 17: or, with no other work, the document named in one sentence and delivered in another ("HANDOFF.md reads
  // fine. Just commit and push it").
  const delivered = !asks && judged.every((j) => j.kind !== "other") && DOC_NOUN.test(window) &&
    !OTHER_DOC().test(window) &&
    clauses.some((c, i) => i < judged.length && judged[i].question !== true && DELIVER().test(c) && ASK_FORM().test(c));
  const negated = tables().lexicons.map((lx) => lx.negated.exec(window)).find((m) => m !== null);
  const asked = asks || delivered;
  const refuse = (clause: string, because: string): HandoffJudgement =>
    asked
      ? { asks: asked, request: false, clause: clip(clause), because }
      : { asks: asked, request: false, clause: clip(clause) };
  if (negated) return refuse(negated[0], "rule: says not to write it");
  if (head.length > HANDOFF_WINDOW) return refuse(head.slice(HANDOFF_WINDOW), "rule: too long for a handoff request");
  const i = judged.findIndex((j) => j.kind === "other");
  if (i >= 0) return refuse(clauses[i], judged[i].by);
  if (clauses.length > MAX_CLAUSES) {
    return refuse(clauses[MAX_CLAUSES], `rule: more than ${MAX_CLAUSES} clauses is not a handoff request`);
  }
  return { asks: asked, request: asked, clause: null };
}

/** Whether the text asks for the handoff document (English, Korean, Japanese) and nothing else. */
export function isHandoffRequest(text: string): boolean {
  return judgeHandoffRequest(text).request;
}
