/**
 * Whether a clause of a prompt asks for an action, and whether that action is the handoff
 * document's own (issue 31, round 13's third cycle). The handoff exception flips its default on
 * these: once one clause asks for the handoff, a clause refuses the prompt only when it requests an
 * action whose object or target is something else. A clause that requests nothing (thanks, a
 * reason, a label, what the document must contain, a ban such as "don't start anything else") is
 * neutral, whatever its words. Structure first: request forms (imperative, please / can you, Korean
 * -해 줘 / -하고 / -할 것, Japanese -して / -ください / -すること); the verb is looked at only to tell the
 * document's own steps (commit, push, save, stop, note down) from other work.
 */

const r = String.raw;

/** Words that may open an English clause before its verb, and are no verb themselves. */
const EN_FILLER =
  r`^(?:(?:please|pls|kindly|and|then|also|now|so|just|first|next|finally|lastly|afterwards|after\s+that|ok(?:ay)?|right|alright)[,\s]+)*`;

/** Ways English asks for an action without opening on the verb. */
const EN_MARKER =
  /\b(?:please|can\s+you|could\s+you|would\s+you|will\s+you|i\s+need\s+you\s+to|i\s+want\s+you\s+to|i'?d\s+like\s+you\s+to|you\s+(?:should|need\s+to|must|have\s+to)|make\s+sure|don'?t\s+forget\s+to|remember\s+to|go\s+ahead\s+and|let'?s)\b/i;

/** Closed-class words: a clause that opens on one of them states something, it does not command. */
const EN_NOT_VERB = new RegExp(
  r`^(?:the|a|an|this|that|these|those|my|your|our|its|his|her|their|i|i'm|i've|you|you're|you've|we|we're|it|it's|they|he|she|` +
    r`there|there's|here|here's|what|what's|which|who|whom|whose|where|when|why|how|if|as|because|since|so|for|with|` +
    r`without|in|on|at|by|to|from|of|about|after|before|once|while|until|unless|under|over|within|below|above|around|` +
    r`into|onto|per|via|like|than|less|more|max|up|thanks|thank|thx|hi|hello|hey|ok|okay|` +
    r`great|good|nice|cool|sure|yes|no|not|don't|do|never|nothing|everything|none|all|both|each|every|some|any|next|` +
    r`last|current|remaining|open|known|failing|new|old|today|tomorrow|yesterday|now|also|just|only|fyi|ps|btw|` +
    r`time|status|blockers?|notes?|context|session)\b`,
  "i",
);

/** Common English verbs in the base form: the first word of a command. */
const EN_VERB = new RegExp(
  r`^(?:re-?|pre-?)?(?:add|address|adjust|allow|analy[sz]e|answer|apply|archive|ask|assign|audit|automate|back\s*up|backfill|` +
    r`benchmark|block|book|bootstrap|bring|build|bump|cache|call|cancel|change|check|clean|clear|clone|close|compile|` +
    r`configure|connect|continue|convert|copy|create|cut|debug|decide|delete|deploy|deprecate|design|disable|document|` +
    r`download|drop|edit|email|enable|ensure|estimate|evaluate|export|extract|file|find|finish|fix|fork|format|generate|` +
    r`get|give|go|grant|handle|help|hook|implement|import|improve|increase|inspect|install|integrate|investigate|invite|` +
    r`keep|carry|proceed|kick|label|launch|lint|localize|localise|look|lower|make|measure|merge|migrate|mock|monitor|move|notify|open|` +
    r`optimi[sz]e|order|organi[sz]e|pack|patch|pay|pick|ping|pin|plan|port|post|prepare|profile|provision|publish|pull|` +
    r`raise|rebase|refactor|reduce|regenerate|release|reload|remove|rename|reorder|repair|replace|reply|report|request|` +
    r`reset|resolve|respond|restart|restore|resume|retry|revert|review|rewrite|rollback|roll|rotate|run|scaffold|scan|` +
    r`schedule|send|set|setup|ship|show|shrink|simplify|sort|spin|split|start|stub|submit|swap|switch|sync|take|tag|` +
    r`test|tidy|track|train|translate|trigger|trim|try|tune|turn|type|unblock|uninstall|unpin|update|upgrade|upload|` +
    r`use|validate|verify|wire|work|write)\b`,
  "i",
);

/** What may follow a verb as its object: a determiner, a pronoun, a number, code or a name. */
const EN_OBJECT_NEXT = /^\S+\s+(?:the|a|an|this|that|these|those|all|any|every|our|your|its|my|\d|`|"|[A-Z])/;

/** Whether one comma-free stretch of English opens on a command. */
function enCommand(part: string): boolean {
  const rest = part.replace(new RegExp(EN_FILLER, "i"), "").trim();
  if (rest === "") return false;
  const first = rest.split(/\s+/, 1)[0];
  if (/(?:ing|ed)$/i.test(first) && !EN_VERB.test(rest)) return false;
  const verb = EN_VERB.test(rest);
  const object = EN_OBJECT_NEXT.test(rest);
  // "open a PR" commands, "open questions" names: a word of both kinds needs its object.
  if (EN_NOT_VERB.test(rest)) return verb && object;
  return verb || object;
}

/** Work stated as needed ("The flaky test needs a retry loop", "X should be renamed"): a request in another form. */
const EN_NEED = /\b(?:needs?|has\s+to\s+be|have\s+to\s+be|must\s+be|should\s+be)\b/i;

/** Whether an English clause requests an action: a request marker, a stated need, or a part that opens on a command. */
function enDirective(clause: string): boolean {
  if (EN_MARKER.test(clause) || EN_NEED.test(clause)) return true;
  return clause.split(/[,;]\s*/).some(enCommand);
}

/** Hangul syllables that end in ㄹ: "올릴 것", "할 것" (a task written as a rule). */
const L_FINAL = (() => {
  let out = "";
  for (let c = 0xAC00; c <= 0xD7A3; c++) if ((c - 0xAC00) % 28 === 8) out += String.fromCodePoint(c);
  return `[${out}]`;
})();

/** The end of a Korean clause that asks for an action, or continues a chain of them (-하고). */
const KO_DIRECTIVE = new RegExp(
  r`(?:줘|줘요|주세요|주십시오|줄래|줄래요|주실래요|주시겠어요|해|해요|해라|하세요|하십시오|하자|합시다|${L_FINAL}\s?것|하기|[가-힣]기|` +
    r`해야\s?(?:해|돼|합니다|됩니다)|좋겠(?:다|어|어요|습니다)|부탁(?:해|해요|합니다|드립니다|드려요)?|바랍니다|[가-힣]고|해서|[가-힣]라)` +
    r`[\s.,!?~…。、！？]*$`,
);

/** The end of a Japanese clause that asks for an action, or a task written as a verb with its object. */
const JA_DIRECTIVE = new RegExp(
  // A verb's te-form: て, or で after ん (読んで); a noun's で ("Markdownで") is no request.
  r`(?:て|んで|ください|下さい|くれ|くれる|ほしい|欲しい|お願い(?:します|いたします)?|すること|こと|しろ|しなさい|` +
    r`ましょう|ておいて|てね|てよ|(?<!(?:られる|れる|える|ける|せる|める|げる|てる))ように|もらえますか|いただけますか|し|が必要(?:です)?|べき(?:です)?)[\s.,!?~…。、！？]*$|` +
    r`^[^が]*を[^、。が]{0,40}?(?<!ま)(?:[るうくすつむぶぐ])[\s。．!！]*$`,
);

/**
 * Korean and Japanese are read the asymmetric way (round 13's fourth cycle): a clause with action content counts as a
 * request unless it is recognisably something else, so a request form nobody listed still refuses. Recognisably not
 * a request: a reason or cause connective, a past or descriptive statement, a question about a state.
 */
const KO_NOT_REQUEST = new RegExp(
  // A subject and no object: it describes ("한도가 가까워요", "다음 사람이 이어받게요").
  r`^(?:(?![을를])[\s\S])*?[가-힣](?:이|가)\s(?:(?![을를])[\s\S])*$|` +
    r`(?:니까|으니|므로|때문에|라서|이라서|는데|지만|어서|아서|` +
    r`(?:었|았|였|했|됐|되었|셨)(?:습니다|어요|다|음|어|지요?)|` +
    r`입니다|이에요|예요|이야|이다|있습니다|있어요|있다|없습니다|없어요|없다|됩니다|돼요|같습니다|같아요|` +
    r`위해(?:서)?|위한|겠습니다|군요|네요|거든요|(?<!좋겠)[가-힣]니다|(?<!좋겠)[가-힣]다|위주로요?|중심으로요?)` +
    r`[\s.,!~…。、！]*$`,
);

/** Korean action content: an open verb form, a question to the reader, or a verbal noun of work at the end. */
const KO_ACTION = new RegExp(
  r`(?:[가-힣](?:고|게|도록|자|라|기|함)요?|해|해요|(?:둬|놔|두|놓)(?:요|세요|고요?)?|` +
    // the informal polite verb ("손봐요", "바꿔요") reads as a request as often as a statement
    r`[가-힣](?:아|어|여|해|봐|놔|둬|줘|와|워|꿔|겨|려|쳐|켜|춰|펴|혀)요?|[가-힣]\s?것|좋겠(?:어|어요|습니다)?|` +
    r`(?:수정|추가|삭제|설정|변경|구현|배포|업데이트|마이그레이션|리팩터링|리팩토링|실행|설치|적용|교체|제거|생성|연동|통합|` +
    r`분리|병합|머지|업그레이드|다운그레이드|최적화|개선|조사|디버깅|롤백|재시작|세팅|점검|검토|테스트|번역|예약|발급|갱신|` +
    r`로테이션|정리|올리기|내리기|업)(?:까지|도|만|부터)?)[\s.,!~…。、！]*$|[?？]\s*$|` +
    // An elliptical request: an object or a target with no verb after it ("캐시 TTL 30초로", "캐시를 초기화").
    r`(?:로|으로|에게|을|를)[\s.!~…。！]*$|(?:을|를)\s+[가-힣A-Za-z0-9]+[\s.!~…。！]*$`,
);

const JA_NOT_REQUEST = new RegExp(
  r`(?:ので|から|ため|けど|けれど|けれども|のに|` +
    r`ました|でした|です|ます|だ|である|ている|てる|ていた|た|ない|らしい|そうです|ようです)[\s.,!~…。、！]*$`,
);

/** Japanese action content: a plain verb, a question to the reader, or a verbal noun of work at the end. */
const JA_ACTION = new RegExp(
  r`(?:[るうくすつむぶぐ]|(?:修正|追加|削除|整理|設定|変更|実装|デプロイ|更新|移行|リファクタリング|実行|インストール|適用|` +
    r`置き換え|置換|除去|作成|連携|統合|分割|マージ|アップグレード|最適化|改善|調査|デバッグ|ロールバック|再起動|` +
    r`セットアップ|確認|テスト|翻訳|レビュー|対応|削減|導入|切り替え|見直し)(?:まで|も|だけ|から)?)[\s.,!~…。、！]*$|[?？]\s*$|` +
    // An elliptical request: an object or a target with no verb after it ("TTLを30秒に", "キャッシュをクリア").
    r`(?:(?<!ため|よう)に|へ|を)[\s.!~…。！]*$|を[^、。をがはで]{1,20}[\s.!~…。！]*$`,
);

/** Verbs that are the document's own steps: deliver it, stop after it, or say what goes in it. */
const SERVES = new RegExp(
  [
    // en: commit, push, save it; stop; note down, include, mention (not "add", "write": they make things)
    r`^(?:commit|push|save|store|upload|check\s+in|stop|end|exit|quit|finish\s+up|wrap\s+\w*\s*up|wrap\s+up|sign\s+off|` +
    r`include|mention|list|note|describe|explain|cover|record|summari[sz]e|capture|flag|call\s+out|state|say|` +
    // telling the sender is no new work: "ping me when it's pushed"
    r`ping|notify|tell|message|report\s+back|let\s+(?:me|us)\s+know|` +
    r`jot\s+down|write\s+down)\b`,
    // ko: the same steps
    r`(?:커밋|푸시|저장|멈|중단|종료|끝내|끝나|마무리|마치|그만|여기까지|여기서|포함|적어|적고|남겨|남기|언급|명시|기록|설명)`,
    // ja: the same steps
    r`(?:コミット|プッシュ|保存|止ま|止め|終了|終え|終わ|やめ|切り上げ|締め|ここまで|中断|含め|記載|明記|残し|記録|説明|記述|追記|書き留め)`,
  ].join("|"),
  "i",
);

/** The action's object is the document itself, said again or pointed back to ("copy it to notes/"). */
const POINTS_BACK =
  /^(?:\S+\s+)(?:it|them|that|this)\b|(?:그거|그것|이거|이것|그걸|이걸|거기에|여기에)|(?:それ|これ|そこに|ここに)/i;

/** A ban ("don't start anything else", "새 작업은 시작하지 마세요", "始めないでください") asks for no action. */
export const BAN =
  /(?:지\s?(?:마|말|않도록)|그만(?:하|해)?[.!]?$|ないで|するな|しないこと|(?:は|も)?なしで[。.]?$|\b(?:don'?t|do\s+not|never|no\s+(?:new|more|other))\b(?!\s+forget))/i;

/**
 * A label that introduces work ("Next ticket:", "Tasks for later today:", "할 일:", "タスク："): the items under
 * it are tasks even when they have no verb ("- unused flag cleanup").
 */
export const TASK_LABEL =
  /^(?:(?:tasks?|todos?|to-dos?|next\s+(?:tickets?|tasks?|items?)|backlog|follow-?ups?|action\s+items?)\b|(?:할\s?일|작업\s?목록|다음\s?(?:작업|티켓|할\s?일))|(?:タスク|やること|次のチケット|次の作業))[^:：\n]{0,30}[:：]\s*$/i;

/** Whether a clause requests an action at all (English, Korean, Japanese). */
export function isDirective(clause: string): boolean {
  const t = clause.trim().replace(/^(?:[-*•]|\d+[.)])\s+/, "");
  // A label ("Format:", "내용:") names what follows; it asks nothing itself.
  if (BAN.test(t) || /[:：]$/.test(t)) return false;
  if (/[\uAC00-\uD7A3]/.test(t)) return KO_DIRECTIVE.test(t) || (!KO_NOT_REQUEST.test(t) && KO_ACTION.test(t));
  if (/[\u3040-\u30FF\u4E00-\u9FFF]/.test(t)) {
    return JA_DIRECTIVE.test(t) || (!JA_NOT_REQUEST.test(t) && JA_ACTION.test(t));
  }
  return enDirective(t);
}

/** Whether a directive clause's action is one of the document's own steps, or points back to the document. */
export function servesDocument(clause: string): boolean {
  const rest = clause.replace(new RegExp(EN_FILLER, "i"), "").replace(EN_MARKER, "").trim();
  return SERVES.test(rest) || POINTS_BACK.test(rest);
}
