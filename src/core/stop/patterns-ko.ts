/**
 * Korean Stop-gate patterns. Future "-겠습니다" is volitional for work verbs but conjectural or
 * polite for others (알겠습니다, 좋겠습니다, 마치겠습니다, 않겠습니다), so those stems are excluded.
 * Present "시작합니다 / 진행합니다" is the form seed 004 found in 3 of 5 real stalls.
 */
import type { LangPatterns } from "./patterns.ts";

const r = String.raw;

/** Stems whose "-겠습니다" is not a promise of work: understanding, conjecture, ending, waiting. */
const NOT_WORK_STEM =
  r`(?<!알|모르|좋|되|같|걸리|있|없|않|마치|끝내|줄이|기다리|멈추|감사하|필요하|가능하|어렵|쉽|빠르|느리|크|많|적|마무리하|중단하|대기하|종료하|바라|부탁드리)`;
/** A demonstrative topic ("이 스크립트는 …") describes a thing, not the agent's next step. */
const THIRD_PERSON_TOPIC = r`(?:^|\s)(?:이|그|해당|저)\s+\S+(?:은|는)\s|\uE000\s*(?:은|는)\s`;
/** "다음에는 …하겠습니다" promises a habit for next time, not work for this turn. */
const HABIT = r`다음에는|다음부터는?|앞으로는?|향후`;
const END = r`(?=[\s.!:。]|$)`;

export const KO: LangPatterns = {
  lang: "ko",
  flags: "u",
  patterns: [
    { id: "ko.escape.approval", kind: "escape", source: r`승인\s?대기\s*[:：]` },
    { id: "ko.escape.end", kind: "escape", source: r`무중단\s?모드\s?종료\s*[:：]` },
    {
      id: "ko.approval.approve",
      kind: "approval",
      source: r`승인(?:을|이)?\s?(?:부탁|요청|필요|기다|대기|해\s?주|후|받(?:은|고|기|아야)|전까지|되면|주시면)`,
    },
    {
      id: "ko.approval.request",
      kind: "approval",
      source: r`(?:확인|검토|결정|판단|의견|회신|답변|갱신|지시|허가|승인|피드백)(?:을|를)?\s?(?:부탁|요청)`,
    },
    {
      id: "ko.approval.ask",
      kind: "approval",
      source:
        r`(?:알려|말씀해|결정해|확인해|검토해|승인해|지시해|답해)\s?주(?:세요|십시오|시면|시겠어요|실래요|시기\s?바랍니다)`,
    },
    // An honorific conditional ("-시면") hangs the next step on the reader's wish or judgement.
    { id: "ko.approval.offer", kind: "approval", source: r`[가-힣]시면(?=[\s,.]|$)` },
    {
      id: "ko.approval.human",
      kind: "approval",
      source: r`사람(?:의)?\s?(?:판단|확인|결정|승인)(?:이|을)?\s?(?:필요|기다)`,
    },
    {
      id: "ko.approval.blocked",
      kind: "approval",
      source: r`(?:진행할|계속할|진행하기)\s?(?:수\s?)?없습니다|진행이\s?불가`,
    },
    {
      id: "ko.wait",
      kind: "wait",
      source:
        r`기다리(?:겠습니다|고\s?있습니다|는\s?중)|대기(?:하겠습니다|하고\s?있습니다|\s?중입니다)|(?:오면|나오면|끝나면|완료되면|도착하면|돌아오면|받으면|받는\s?대로|받은\s?뒤에?|오는\s?대로)(?=\s)`,
    },
    {
      id: "ko.handoff",
      kind: "handoff",
      source:
        r`새\s?세션이?\s?필요|핸드오프\s?문서(?:를|에)?\s?(?:\S+\s)?(?:작성했|정리했|정리해\s?두었|남겼|커밋했)|(?:남은|나머지)\s?작업은\s?핸드오프|컨텍스트\s?한도|소프트\s?한도|하드\s?한도`,
    },
    { id: "ko.question.end", kind: "question", source: r`[?？]\s*$|(?:까요|습니까|나요|는가요|을까|할지요)\s*[.?]?$` },
    { id: "ko.question.addressed", kind: "question", scope: "window", source: r`(?:까요|습니까|나요)\s*[?？]` },
    // gate 5
    { id: "ko.future", kind: "announce", source: r`(?<=[가-힣])` + NOT_WORK_STEM + r`겠습니다`, unless: HABIT },
    {
      id: "ko.future.informal",
      kind: "announce",
      source: r`(?:할|갈|볼|줄|릴|칠|킬|낼|올|둘|쓸|들|을)\s?[게께]요`,
      unless: r`기다릴|대기할`,
    },
    {
      id: "ko.present",
      kind: "announce",
      source: r`(?:시작|진행|착수|돌입|재개)(?:합니다|해요)` + END + r`|(?:이어|넘어|들어|옮겨)갑니다` + END,
      unless: THIRD_PERSON_TOPIC,
    },
    {
      id: "ko.present.marker",
      kind: "announce",
      source:
        r`^(?:이제|지금|바로|곧|곧바로|다음으로|이어서|계속해서|계속|그럼|그러면|먼저|우선|지금부터|이제부터)\s.*(?:합니다|봅니다|갑니다|씁니다)` +
        END,
      unless: THIRD_PERSON_TOPIC,
    },
    {
      id: "ko.present.work",
      kind: "announce",
      source:
        r`(?:을|를)\s+(?:\S+\s+)*?(?:(?:작성|수정|구현|추가|적용|실행|정리|번역|분리|검증|연결)합니다|씁니다|만듭니다|고칩니다|돌립니다|바꿉니다)` +
        END,
      unless: THIRD_PERSON_TOPIC,
    },
    {
      id: "ko.progressive",
      kind: "announce",
      source: r`^(?:지금|이제)\s(?:\S+\s)*?\S+하고\s?있습니다` + END + r`|하는\s?중입니다` + END,
      unless: THIRD_PERSON_TOPIC,
    },
    { id: "ko.turn", kind: "announce", source: r`^(?:이제|다음은?|이번엔?|그다음은?)\s.*차례입니다` + END },
    { id: "ko.next", kind: "announce", source: r`^다음(?:은|\s?차례는|\s?작업은)\s.*(?:입니다|차례입니다)` + END },
    {
      id: "ko.intent",
      kind: "announce",
      source: r`(?:려고|고자)\s?합니다|(?:할|될)\s?예정입니다|할\s?계획입니다|할\s?것입니다`,
    },
  ],
};
