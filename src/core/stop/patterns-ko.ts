/**
 * Korean Stop-gate patterns. Future "-겠습니다" is volitional for work verbs but conjectural or
 * polite for others (알겠습니다, 좋겠습니다, 마치겠습니다, 않겠습니다), so those stems are excluded.
 * Present "시작합니다 / 진행합니다" is the form seed 004 found in 3 of 5 real stalls.
 */
import type { LangPatterns } from "./pattern-types.ts";

const r = String.raw;

/** Stems whose "-겠습니다" is not a promise of work: understanding, conjecture, ending, waiting. */
const NOT_WORK_STEM =
  r`(?<!알|모르|좋|되|같|걸리|있|없|않|마치|끝내|줄이|기다리|멈추|감사하|필요하|가능하|어렵|쉽|빠르|느리|크|많|적|마무리하|중단하|대기하|종료하|바라|부탁드리)`;
/** A demonstrative topic ("이 스크립트는 …") describes a thing, not the agent's next step. */
const THIRD_PERSON_TOPIC = r`(?:^|\s)(?:이|그|해당|저)\s+\S+(?:은|는)\s|\uE000\s*(?:은|는)\s`;
/** "다음에는 …하겠습니다" promises a habit for next time, not work for this turn. */
const HABIT = r`다음에는|다음부터는?|앞으로는?|향후`;
const END = r`(?=[\s.!:。]|$)`;
/** Verb nouns of work that take 합니다 in the plain present of one's own next step. */
const WORK_NOUN =
  r`(?:재|다시\s?)?(?:확인|수정|시도|변경|커밋|테스트|반영|업데이트|제거|삭제|설치|빌드|배포|생성|조사|점검|검토|추가|작성|구현|적용|실행|정리|검증|교체|이동|통합|병합|리팩터링|리팩토링|디버깅|측정|재실행|재시도|푸시|보완|개선|정정|분석|재현|갱신|업로드|다운로드|등록|전환|초기화|비교|조회|편집|재작성|재시작|동기화|트리거|복원|롤백|기록|저장|전송|호출|파악|설정|연결|전달|패치|통일)`;
/** A subject marked 이/가 that is not the agent: the clause describes something else acting. */
const SUBJECT =
  r`(?:^|\s)(?!제가|저희가|내가|우리가)[가-힣A-Za-z0-9\uE000]*[가-힣A-Za-z0-9\uE000](?<!같|없|많|깊|높|빨|일일|추|증|평|참)(?:가|이)\s` +
  // (not one inside a case that names the object: "설정 파일이 없을 때의 폴백도 수정.")
  r`(?![^.!?:：]{0,30}?(?:때|경우)의\s)`;
/**
 * Round 20: the words of one clause after its subject, up to its verb — not across a reason or a contrast ("오류가 있어서
 * 수정한 후 …": the error is not what the step waits on) nor a colon.
 */
const SAME_CLAUSE = r`(?:(?!(?:어서|아서|해서|여서|니까|으니|는데|지만|므로|고)\s)[^,.:：])*?`;
/** A sentence-initial topic (파서는 …): a description of the thing, not the agent's step. */
const TOPIC =
  r`^(?!저는|나는|저희는|우리는|다음은|이번에는|이제는|지금은|먼저는|오늘은)[가-힣A-Za-z0-9\uE000]+(?<!하|되|있|없|남|같|많|좋|작)(?:은|는)\s`;

/** Places, grants and devices only a person reaches: a need-to there is the reader's step (round 17's ko.need list). */
const READER_PLACE =
  // (round 18: a domain, DNS or firewall, a repository's or a project's settings, a secret store)
  r`DNS|도메인|네임서버|방화벽|~\/|\.(?:zshrc|bashrc|profile)|hosts\s?파일|셸\s?설정|각자|팀원|여러분|본인|(?:저장소|레포|리포지토리|프로젝트|계정|조직)\s?설정|Secrets?|시크릿|관리자|콘솔|대시보드|권한(?:을|이|은)\s|승인|로그인|인증|결제|직접|수동|실기기|기기에서|폰에서|휴대폰|터미널|브라우저|Xcode|Claude\s?Code|VS\s?Code|Cursor|에디터|IDE|앱을`;
/**
 * Round 18: someone else's part in a terse note (a person, a team, a grant, a review, a place only a person reaches, or
 * a step after someone's event): "사용자 테스트 진행.", "리뷰어 확인 후 push.", "고객사 검수 진행.", "승인 나면 …".
 */
const OTHERS =
  r`승인|허락|허가|컨펌|검수|(?<!프)리뷰|검토|사용자|고객|[가-힣]님|팀(?:장|원)|[가-힣A-Z]팀(?:의|이|에서)?\s|담당|` +
  r`콘솔|관리자|대시보드|브라우저|휴대폰|실기기|수동|[가-힣](?:되|나|오)면(?:\s|$)|(?:되|나|오)는\s?대로`;

/** A part of the code a person's word may name ("로그인 폼", "사용자 목록", "승인 룰"): then the word is the code's, not the person's. */
const CODE_PART =
  r`폼|페이지|화면|API|로직|기능|버그|처리|흐름|플로우|모듈|코드|목록|테이블|컴포넌트|스키마|모델|필드|엔드포인트|라우트|상태|룰|규칙|정책|모드|훅|핸들러|서비스`;
/**
 * Round 19: the reader's own step in a terse note — a place, a device or an account only a person reaches, or an act only
 * a person does (a click, a scan, typing a value in, a choice, restarting the reader's own session or editor, posting to
 * people): "스크립트 작성 완료. 터미널에서 실행.", "PR 생성 완료. 머지 버튼 클릭.", "Task 2 완료. Task 3: 키체인에 인증서
 * 등록.". A terse note carries no subject, so where and how the step is done is the only mark of whose it is.
 */
const READER_STEP =
  // (not such a word naming a part of the code, "…승인 룰 추가", "로그인 폼 검증", nor "직접 X로", the means the agent edits by)
  r`(?!(?:승인|로그인|인증|사용자|고객|결제|관리자|권한|대시보드)\s?(?:` + CODE_PART +
  r`)(?!에서)|직접\s?\S+(?:으로|로)\s)(?:` + OTHERS + "|" +
  READER_PLACE + "|" +
  r`클릭|더블\s?클릭|탭해|스캔|(?:값|키|토큰|비밀번호|코드)(?:을|를)?\s?입력|에\s?입력|(?:결정|판단|선택)(?:\s?(?:필요|요청))?[.]?\s*$|(?:진행|적용|배포|삭제|머지|사용)\s?여부|새\s?세션|세션\s?재시작|세션을\s?(?:다시|새로)|시뮬레이터|에뮬레이터|크롬|Chrome|사파리|Safari|` +
  r`키체인|[Kk]eychain|홈\s?디렉터리|개발자\s?(?:사이트|센터|포털|계정)|App\s?Store|TestFlight|스토어|Play\s?Console|` +
  r`(?:쪽|측)에서|실사용|원어민|참가자|OTP|2FA|카드|공지|게시|(?:채널|팀|메일)(?:에|로)\s|[가-힣](?<!에이전트)에게\s|각\s?(?:서버|기기|PC|컴퓨터))`;

/** A numbered step's label: "1단계", "테스트 2", "Step A3", "Phase 4", "4-B.", "A-3:". */
const STEP_NUMBER =
  r`(?:(?:[Ss]tep|STEP|[Pp]hase|PHASE|[Tt]ask|[Gg]roup|[Pp]art|[Ff]ix|테스트|작업|단계|스텝|페이즈|수정|확인|변경)\s*[A-Z0-9]{1,3}(?:[-.][A-Z0-9]{1,2})?|\d+\s?단계|\d{1,2}-[A-Z0-9]{1,2}\.?|[A-Z]-?\d{1,2})`;

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
    // A polite imperative at the very end asks the reader to act ("다시 실행해 보세요!").
    { id: "ko.approval.imperative", kind: "approval", scope: "last", source: r`[가-힣](?:세요|십시오)[.!~]*\s*$` },
    // An honorific conditional ("-시면") hangs the next step on the reader's wish or judgement.
    {
      id: "ko.approval.offer",
      kind: "approval",
      source: r`[가-힣]시면(?=[\s,.]|$)|(?:고르|선택하|정하|말하|알려\s?주|결정하|지정하)면(?=[\s,])`,
    },
    // "배포는 맡기겠습니다", "나머지는 넘겨 드리겠습니다": the rest is left to the reader (round 16). (Not "서브에이전트에게
    // 맡기겠습니다": a dispatch.)
    // The rest is the reader's side of the work ("나머지는 수동 작업입니다", "여기부터는 사용자 쪽 설정입니다", round 17).
    {
      id: "ko.reader.side",
      kind: "approval",
      source:
        r`(?:나머지|여기부터|여기서부터|아래|이후)는\s?[^.]{0,15}?(?:수동|사용자\s?(?:쪽|측)|고객\s?(?:쪽|측)|직접)`,
    },
    {
      id: "ko.approval.leave",
      kind: "approval",
      source: r`(?:은|는)\s?맡기겠습니다|(?:맡겨|넘겨)\s?드리겠습니다`,
    },
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
        r`(?:^|\s)(?:완료|종료|끝난|완료된|끝나는)\s?(?:후|뒤|대로)에?\s|기다리(?:겠습니다|고\s?있습니다|는\s?중)|대기(?:하겠습니다|하고\s?있습니다|\s?중입니다)|(?:오면|나오면|끝나면|완료되면|도착하면|돌아오면|받으면|받는\s?대로|받은\s?뒤에?|오는\s?대로)(?=\s)` +
        // "승인 나면", "OK 나면": when a person's word comes (round 19)
        r`|(?:승인|허가|OK|오케이|결재|컨펌|답|회신|확인)\s?(?:이\s|가\s)?나면(?=[\s,.)）]|$)` +
        // "벤더 답변이 올 때까지 …" (round 16)
        r`|(?:올|나올|끝날|받을|도착할|풀릴)\s?때까지` +
        // "API 키가 등록되는 대로 …", "승인되자마자 …": as soon as something happens (round 17)
        r`|(?:되|들어오|올라오|도착하|끝나|나오|풀리)는\s?대로(?=\s)|(?:되|오|끝나|나오|풀리)자마자(?=\s)`,
    },
    // "리뷰 후에 머지하겠습니다": the next step waits on someone else's review, approval or meeting.
    {
      id: "ko.wait.after-event",
      kind: "wait",
      scope: "tail",
      source: r`(?:리뷰|검토|승인|회의|미팅|피드백|릴리스|릴리즈|재부팅)\s?(?:후|뒤|이후|다음)(?:에)?(?=[\s,])` +
        // "권한을 받은 다음 진행합니다", "리뷰 받고 진행합니다", "허락받고 재시작합니다": after a person's grant (round 17)
        r`|(?:권한|리뷰|승인|허락|허가|확인|검토|OK|오케이|동의)(?:을|를)?\s?받(?:고|은\s?(?:다음|뒤|후))(?=[\s,])` +
        // "…GitHub Actions에서 수동으로 실행해야 합니다": a manual step is a person's (round 16).
        r`|수동으로\s?\S+\s?(?:해야|하셔야|돌려야|눌러야)`,
    },
    // Round 18: a promise to ask the reader first ("변경 전에 여쭤보고 작업하겠습니다", "허락을 구한 뒤", "컨펌을 받은
    // 다음에", "사전 승인을 받겠습니다"), or from now on to work by the reader's say ("지금부터 모든 변경은 계획 제시, 승인,
    // 실행 순서로"): the next step is the reader's answer, not the agent's work.
    {
      id: "ko.wait.ask-first",
      kind: "wait",
      scope: "tail",
      source: r`여쭤|여쭙|여쭈|물어\s?보(?:고|겠|ㄴ|는|기)|묻고|물은\s?(?:뒤|후|다음)|` +
        r`(?:허락|동의|승인|컨펌|확인|검토|결정|의견|판단|허가|OK)(?:을|를)?\s?(?:구하|구한|구해|요청(?:드리|하고|한\s?(?:뒤|후|다음))|받겠|받아\s?(?:서|야)|듣(?:고|겠))|` +
        r`(?:앞으로|이제부터|지금부터|이후로?는?|다음부터는?|부터는|향후)\s[^.]*?(?:승인|허락|동의|컨펌|상의|보고드|말씀드|공유드)`,
    },
    {
      id: "ko.handoff",
      kind: "handoff",
      source:
        r`새\s?세션이?\s?필요|핸드오프\s?문서(?:를|에)?\s?(?:\S+\s)?(?:작성했|정리했|정리해\s?두었|남겼|커밋했)|(?:남은|나머지)\s?작업은\s?핸드오프|컨텍스트\s?한도|소프트\s?한도|하드\s?한도`,
    },
    // The message turns to the reader (issue 31): a request, an honorific verb (the agent never
    // honours itself), a condition on the reader's action, a choice offered.
    {
      id: "ko.reader.plan-ok",
      kind: "approval",
      // "이 방향이 괜찮다면 진행하겠습니다": the next step hangs on the reader's judgement of the plan.
      source:
        r`(?:방향|방안|계획|제안|설계|내용|방침|진행\s?방식)(?:이|가|에|으로|은|는)?\s?(?:괜찮|문제\s?없|이의\s?없|좋)(?:다면|으면|으시면|다고\s?하시면)`,
    },
    {
      id: "ko.reader.ok",
      kind: "approval",
      scope: "tail",
      // "괜찮으면 진행할게요": the next step hangs on the reader's OK.
      source:
        // (also in a bracket or at a sentence's end: "즉시 배포합니다 (괜찮으면).", round 19)
        r`(?:^|[\s,(（])(?:괜찮(?:으시|으|다)면|좋(?:으시|으|다)면|OK(?:라)?면|오케이면|동의(?:하시|한다)면|승낙(?:하시)?면)(?=[\s,.)）]|$)`,
    },
    {
      id: "ko.reader.request",
      kind: "approval",
      scope: "tail",
      source:
        // Thanks for what the reader already did ("알려 주셔서 감사합니다") asks nothing.
        r`주(?:세요|십시오|시면|시겠|실\s|시고|시기|셔야|셔서(?!\s?(?:감사|고맙))|신다면|신\s?(?:후|뒤|다음))|바랍니다|부탁(?:드립니다|드려요|합니다|해요)`,
    },
    {
      id: "ko.reader.honorific",
      kind: "approval",
      scope: "tail",
      source:
        r`(?![다표예임지동게개즉역장필당무감수일제명암도])[가-힣](?:시면|시고|시기\s|시는|시겠|시도록|시려면|시길|셔야|셔서(?!\s?(?:감사|고맙))|세요|십시오|신\s?(?:후|뒤|다음|다면)|실\s?(?:때|경우|수))`,
    },
    {
      id: "ko.reader.wish",
      kind: "approval",
      scope: "tail",
      // "…을 원한다면 …할 수 있습니다": the next step hangs on what the reader wants.
      source: r`원(?:한다면|하면|하신다면|하시면)|(?:선호|희망)(?:한다면|하시면|하면)`,
    },
    {
      id: "ko.reader.need",
      kind: "approval",
      scope: "tail",
      source:
        r`(?:키|토큰|비밀번호|권한|접근|인증|승인|결정|답변|시크릿|자격\s?증명)(?:이|가|을|를)?\s?(?:필요합니다|필요해요|있어야\s?합니다)`,
    },
    {
      id: "ko.reader.choice",
      kind: "approval",
      scope: "tail",
      source:
        r`(?:두|세|네|몇)\s?가지\s?(?:방법|방안|선택지|옵션|길)|(?:방법|방안|선택지|옵션)(?:이|은)?\s?(?:두|세|네|몇)\s?가지|(?:옵션|선택지|방안|(?<![가-힣])안)\s?(?:[1-4A-D](?![A-Za-z])|두\s?가지|세\s?가지)|(?:둘|두\s?가지|세\s?가지)(?:\s?\S+)?\s중|어느\s?쪽이든|어느\s?것이든|원하(?:는|시는)\s?(?:쪽|방식|방향|대로|것)`,
    },
    // "확인하고 싶은 점이 있습니다:" at the very end introduces a question to the reader.
    {
      id: "ko.question.label",
      kind: "question",
      // (in the tail: "정해야 할 부분:" with the choices in bold lines under it, round 17)
      scope: "tail",
      source: r`(?:질문|확인(?:하고\s?싶은|할|드릴)\s?(?:점|것|사항))(?:이\s?있습니다|입니다|드립니다)?\s*[:：]\s*$` +
        // "구현 전에 정해야 할 것 3가지:": decisions listed for the reader.
        r`|(?:(?:정할|결정할|결정이\s?필요한|선택이\s?필요한)\s?(?:것|점|부분|사항|항목)|(?:정해야|결정해야|골라야|선택해야)(?:\s|$))[^:：\n]*[:：]\s*$`,
    },
    // (a colon after the question, "어느 쪽으로 할까요:", where the options follow: round 17)
    {
      id: "ko.question.end",
      kind: "question",
      source: r`[?？]\s*$|(?:까요|습니까|나요|는가요|을까|할지요)\s*[.?:：]?$`,
    },
    { id: "ko.question.addressed", kind: "question", scope: "window", source: r`(?:까요|습니까|나요)\s*[?？]` },
    // gate 5
    { id: "ko.future", kind: "announce", source: r`(?<=[가-힣])` + NOT_WORK_STEM + r`겠습니다`, unless: HABIT },
    // A terse note of the next step the message ends on, standing alone (no list item, no label, no topic):
    // "이제 머지 커밋 + 컨테이너 업데이트.", "먼저 현재 상태 확인.", "타입 에러 수정."
    {
      id: "ko.next-note",
      kind: "announce",
      last: true,
      subjectless: true,
      // (A dot inside a name, "README.md", ends no sentence.)
      source: r`^(?:(?:이제|먼저|우선|다음으로|다음은|그럼|그러면|바로|이어서)\s)?(?:[^.!?:：]|\.(?=\S)){0,80}?` +
        WORK_NOUN +
        r`(?:(?:까지|부터|도)?\s?(?:시작|진행))?[.…]*\s*$`,
      // A note under a topic ("이 PR에서는 …", "원인은 …") or with a subject describes; a past or a state reports.
      unless: r`(?:완료|됨|했|었|았|습니다|입니다|니다)|` + THIRD_PERSON_TOPIC + "|" + SUBJECT + "|" +
        r`[가-힣A-Za-z0-9\uE000](?<!다음|이제|먼저|우선|하|되|있|없|남|같|많|좋|작)(?:은|는)\s|` +
        // (someone else's part: "사용자 테스트 진행.", "새 토큰 발급 후 …", "다른 기기에서 테스트.", round 18)
        READER_STEP + r`|발급|기기에서|폰에서|^[^\s]+\s(?:후|뒤)(?:에)?\s`,
    },
    // "이제 스테이징 서버 스모크 QA.", "이제 API 라우터 E2E.": the next step named after "now" by a work word the
    // verb-noun list does not hold, standing alone at the very end.
    {
      id: "ko.now-note",
      kind: "announce",
      last: true,
      subjectless: true,
      source:
        r`^(?:이제|다음으로|다음은|이어서|그다음)\s(?:[^.!?:：]|\.(?=\S)){1,80}?(?:QA|E2E|e2e|스모크|리뷰|smoke|lint|벤치마크)\s*\.?\s*$`,
      unless: r`(?:완료|됨|했|었|았|습니다|입니다|니다)|` + THIRD_PERSON_TOPIC + "|" + SUBJECT + "|" + READER_STEP,
    },
    // "린트 에러 3건 수정 중.": the agent's own edit under way as the message ends (not something that runs by itself:
    // 배포 중, 빌드 중, 설치 중 wait on a job).
    {
      id: "ko.doing",
      kind: "announce",
      last: true,
      subjectless: true,
      source:
        r`^[^.!?:：\n]{0,60}?(?:수정|작성|추가|구현|정리|리팩터링|리팩토링|디버깅|조사|분석|확인|교체|적용|반영|검토|점검|갱신)\s?중(?:입니다|이에요)?[.…]*\s*$`,
      unless: SUBJECT + "|" + TOPIC + "|" + THIRD_PERSON_TOPIC,
    },
    // A terse note with its details after a dash, standing alone at the very end: "로그인 폼 검증 추가 — 빈 값과 이메일
    // 형식." (a status after the dash, "— 완료", reports).
    {
      id: "ko.dash-note",
      kind: "announce",
      last: true,
      subjectless: true,
      source: r`^[^.!?:：—–\n]{1,60}?` + WORK_NOUN + r`\s[—–]\s\S`,
      unless: r`(?:완료|됨|했|었|았|습니다|입니다|이미|끝)|` + SUBJECT + "|" + TOPIC + "|" + THIRD_PERSON_TOPIC + "|" +
        READER_STEP,
    },
    // "Task 3부터 시작.", "2단계부터 진행.": where the agent starts, at the very end.
    {
      id: "ko.start-from",
      kind: "announce",
      last: true,
      subjectless: true,
      source: r`^(?:(?:이제|그럼|먼저|우선)\s)?[^.!?:：\n]{1,40}?부터\s?(?:시작|진행|착수|재개)\s*\.?\s*$`,
      unless: r`(?:완료|됨|했|었|습니다|입니다)|` + SUBJECT + "|" + READER_STEP,
    },
    // The plain written style of a working note: "먼저 로그를 확인한다.", "테스트를 다시 돌린다." (a topic or a subject
    // makes it a description: "훅은 커밋 전에 포맷터를 실행한다").
    {
      id: "ko.plain",
      kind: "announce",
      clause: "final",
      source: r`(?:` + WORK_NOUN +
        r`한다|진행한다|시작한다|돌린다|고친다|바꾼다|옮긴다|넣는다|읽는다|찾는다|연다|살펴본다|확인해\s?본다|돌려\s?본다)\s*\.?\s*$`,
      unless: THIRD_PERSON_TOPIC + "|" + SUBJECT,
      unlessSentence: TOPIC + "|" + THIRD_PERSON_TOPIC + "|" + r`마다|항상|매번|(?:할|될|하는|되는)\s?때`,
    },
    {
      id: "ko.future.informal",
      kind: "announce",
      // "…할게요", and the plain "…해 볼게." / "…할게" of casual speech.
      source: r`(?:할|갈|볼|줄|릴|칠|킬|낼|올|둘|쓸|들|을)\s?[게께](?:요)?(?=[\s.!~…]|$)`,
      // "추가할 게 없어요": 게 is "a thing" (것이) there, not a promise.
      unless: r`기다릴|대기할|[게께]\s(?:없|있|많|남|아니|하나|두|세|몇)`,
    },
    {
      id: "ko.casual",
      kind: "announce",
      clause: "final",
      // Casual first-person plans: "…하러 갑니다", "…하겠음". ("…해 보자" invites the reader as often; "…해야겠네요"
      // is as often advice: neither pushes.)
      source: r`[가-힣]러\s?(?:갑니다|가요|가겠습니다|가\s?볼게요|간다)` + END + r`|겠음[.!]?\s*$`,
      unless: SUBJECT,
    },
    {
      id: "ko.doing",
      kind: "announce",
      // "관련 코드 찾는 중", "의존성 설치 중…": the agent's own action under way as the turn ends.
      source: r`[가-힣]는\s?중(?:입니다|이에요|이야)?[.…]*\s*$|` + WORK_NOUN +
        r`\s?중(?:입니다|이에요)?(?:\.{2,}|…)\s*$`,
      // (round 20: nor watching a job, "파이프라인 계속 지켜보는 중.")
      unless: SUBJECT + "|" +
        r`(?:진행|실행|빌드|배포|설치|다운로드|업로드|동기화|처리)\s?중입니다|지켜보|모니터링|기다리`,
    },
    {
      id: "ko.present",
      kind: "announce",
      source: r`(?:시작|진행|착수|돌입|재개)(?:합니다|해요)` + END + r`|(?:이어|넘어|들어|옮겨)갑니다` + END,
      // (round 20: nor what a tool does by itself, "배포는 GitHub Actions가 자동으로 진행합니다.")
      unless: THIRD_PERSON_TOPIC + r`|자동(?:으로|적으로)\s`,
    },
    {
      id: "ko.present.marker",
      kind: "announce",
      source:
        r`^(?:이제|지금|바로|곧|곧바로|다음으로|이어서|계속해서|계속|그럼|그러면|먼저|우선|지금부터|이제부터)\s.*(?:합니다|봅니다|갑니다|씁니다)` +
        END,
      // (nor the agent stopping: "바로 종료합니다", "지금 중단합니다" end the work; nor a need, a request or a question of
      // whether: "바로 배포해도 되는지 확인이 필요합니다", "지금 대응을 요청합니다" are the reader's to act on; round 19)
      unless: THIRD_PERSON_TOPIC + r`|(?:중단|종료|마무리|정지)합니다|멈춥니다|그만둡니다|` +
        r`필요|요청|요망|부탁|바랍니다|되는지|할지|는지\s`,
    },
    {
      id: "ko.present.work",
      kind: "announce",
      source:
        r`(?:을|를)\s+(?:\S+\s+)*?(?:(?:작성|수정|구현|추가|적용|실행|정리|번역|분리|검증|연결)합니다|씁니다|만듭니다|고칩니다|돌립니다|바꿉니다|봅니다|` +
        // a command word of a tool before 합니다 ("최근 커밋을 soft reset합니다", "로컬 브랜치를 rebase합니다")
        r`[A-Za-z][A-Za-z -]{1,20}[A-Za-z]\s?합니다)` +
        END,
      unless: THIRD_PERSON_TOPIC + "|" + SUBJECT,
      // "훅은 커밋 전에 포맷터를 실행합니다": a topic governs the sentence, which describes the thing.
      unlessSentence: TOPIC,
    },
    // A step after a step, in a tool's words ("Rebase 후 push합니다.", "Build 후 deploy합니다."): the agent's next two
    // steps (round 15 cycle 2). Not after a person's step (승인, 리뷰, 검토).
    {
      id: "ko.after-then",
      kind: "announce",
      source:
        r`^(?:[A-Za-z][A-Za-z -]{0,20}[A-Za-z]|[가-힣]{2,}한)\s?(?:후|뒤|다음)(?:에)?\s+(?:다시\s+)?[A-Za-z][A-Za-z -]{0,20}[A-Za-z]\s?합니다` +
        END,
      unless: r`승인|리뷰|검토|허락|확인해\s?주`,
    },
    {
      id: "ko.progressive",
      kind: "announce",
      source: r`^(?:지금|이제)\s(?:\S+\s)*?\S+하고\s?있습니다` + END + r`|하는\s?중입니다` + END,
      unless: THIRD_PERSON_TOPIC,
    },
    // The final clause is a work verb in the plain present: "…했으니 커밋합니다", "테스트 코드도 수정합니다".
    {
      id: "ko.present.verb",
      kind: "announce",
      clause: "final",
      source: WORK_NOUN + r`(?:(?:도|을|를)?\s?합니다|해\s?봅니다|해\s?보겠습니다|시킵니다)` + END +
        r`|(?:살펴|들여다|알아|찾아|읽어|열어|돌려|실행해|확인해)\s?봅(?:니다|시다)` + END +
        // any verb tried on an object ("같은 요청을 다시 보내봅니다")
        r`|(?:을|를)\s(?:\S+\s)*?[가-힣]{0,3}[가-힣](?:아|어|여|해|워|꿔|려|내|줘)\s?봅니다` + END +
        r`|(?:읽|찾)습니다` + END +
        r`|(?:엽니다|돌립니다|고칩니다|맞춥니다|옮깁니다|지웁니다|비웁니다|맡깁니다|올립니다|띄웁니다|붙입니다|넣습니다|봅시다|합시다|보죠)` +
        END,
      unless: THIRD_PERSON_TOPIC + "|" + SUBJECT,
      // A topic closed by a concessive clause ("설정은 맞지만 …확인합니다") governs that clause only.
      unlessSentence: r`(?:` + TOPIC + r`)(?![^,]*?(?:지만|는데)\s)|` + THIRD_PERSON_TOPIC,
    },
    { id: "ko.turn", kind: "announce", source: r`^(?:이제|다음은?|이번엔?|그다음은?)\s.*차례입니다` + END },
    {
      id: "ko.next",
      kind: "announce",
      source: r`^다음(?:은|\s?차례는|\s?작업은)\s.*(?:입니다|차례입니다)` + END,
      // "다음은 사용자 쪽 동작 확인입니다.", "다음은 보안팀의 승인입니다.": someone else's step (round 16).
      unless: r`승인|허가|리뷰|검토|판단|결정|팀|담당자|사용자|고객|님`,
    },
    {
      id: "ko.intent",
      kind: "announce",
      source: r`(?:려고|고자)\s?합니다|(?:할|될)\s?예정입니다|할\s?계획입니다|할\s?것입니다`,
      // "이제 alias가 제대로 동작할 것입니다": a prediction about something else, not a plan.
      unless: SUBJECT,
    },
    // "…를 수정해야 합니다": the agent's own next necessity, like "I need to".
    {
      id: "ko.need",
      kind: "announce",
      clause: "final",
      source: r`(?:` + WORK_NOUN +
        r`해|찾아|고쳐|바꿔|돌려|열어|읽어|지워|옮겨|맞춰|넣어|올려|띄워|넘겨|채워|붙여|빼|떼어|처리해)야\s?(?:합니다|겠습니다|해요)` +
        END +
        // The terse need-to of a working note, as the very last words: "테마 파일도 패치해야.", "…넣어야 함."
        r`|(?:` + WORK_NOUN +
        r`해|찾아|고쳐|바꿔|돌려|열어|읽어|지워|옮겨|맞춰|넣어|올려|넘겨|채워|붙여|처리해)야(?:\s?(?:함|됨))?\s*\.?\s*$`,
      unless: THIRD_PERSON_TOPIC + "|" + SUBJECT,
      // Alternatives (-거나), a purpose (-려면) or a generic rule (매번, 없이는) explain; they do not plan.
      // … and so does a setting marked as a topic (배포 후에는, 운영 환경에서는, 적용할 때는): a rule for the reader.
      unlessSentence: TOPIC + "|" +
        r`려면|거나|없이는|없으면|않으면|매번|항상|일반적으로|(?:전|후|뒤|다음|에서|때|경우)에?는\s|` +
        // … a caveat for the reader (주의:, 참고:), the next release, or production (운영 DB에도 …적용해야 합니다)
        r`(?:^|\s)(?:주의|참고|노트|메모|Note|NOTE)\s*[:：]|다음\s?(?:배포|릴리스|버전|세션)|운영\s?(?:DB|서버|환경)|프로덕션|production|prod\b` +
        // … or a step in a place or a grant only a person reaches ("관리자 콘솔에서 권한을 추가해야 합니다"), or on the reader's
        // device, terminal, browser or editor ("실기기에서 확인해야 합니다", "터미널을 다시 열어야", round 17)
        "|" + READER_PLACE,
    },
    // Rule-outs: the announcing sentence is something else.
    // A summary opener with the summary under it ("변경 사항을 정리하겠습니다." and a list): the summary
    // is given already. As the message's last words it is still a step.
    {
      id: "ko.ruleout.summary-opener",
      kind: "ruleout",
      why: "report",
      scope: "tail",
      followed: true,
      source:
        r`(?:변경\s?사항|변경\s?내용|작업\s?내용|작업|결과|진행\s?상황|수정\s?내용|지금까지(?:의)?(?:\s?(?:내용|작업))?|현재\s?상황|내용)(?:을|를|만)?\s?(?:간단히\s?|아래에\s?)?(?:정리|요약|보고|공유)(?:하겠습니다|합니다|할게요|해\s?드리겠습니다|해\s?드릴게요|드리겠습니다|드릴게요|드립니다|하면)`,
    },
    {
      id: "ko.ruleout.condition",
      kind: "ruleout",
      why: "conditional",
      terminal: true,
      source:
        r`^(?:(?!고\s)[^,，])*?[가-힣](?<!그러|이러|저러|그렇다)(?<!(?:이렇게|그렇게|이와\s?같이)\s?하)(?<!화|측|표|전|정|단|평|(?<!모|보|쌓|높|붙|섞|묶)이|내|방|국|장|(?<![가-힣])지|양|수|대|반|당|후)면(?=[\s,])|경우에?는?\s`,
      // A case the change handles, described after a step ("태그가 닫히지 않은 경우에는 텍스트로 처리합니다."): it
      // describes the step, the step still decides.
      unless:
        r`^[^,，.]*?경우에?는?\s[^.]*?(?:(?:처리|반환|사용|표시|무시|간주|취급|대체|유지)(?:합니다|하도록\s?합니다)|하도록\s?합니다|건너뜁니다)\s*\.?\s*$`,
    },
    // Round 20: the step waits on an event of a job's ("체크 통과 후 머지하겠습니다", "CI가 초록불이 되는 즉시 …", "벤치마크가
    // 끝난 다음 …", "테스트가 … 끝나고 결과 가져오겠습니다"): nothing can happen before the event, so the turn ends waiting.
    {
      id: "ko.ruleout.event",
      kind: "ruleout",
      why: "conditional",
      source: r`(?:통과|성공|완료|종료|완주|안정화)\s?(?:된|한)?\s?(?:후|뒤|다음)(?:에)?(?=[\s,])|` +
        // (… and upon it, "CI 통과 시 …", "테스트 종료 시점에 …", "에이전트 작업 끝날 때 …")
        r`(?:통과|성공|완료|종료|완주)\s?(?:시|시점)(?:에)?(?=[\s,])|(?:끝날|끝나는|완료될|완료되는|통과할|통과하는|나올)\s?(?:때|시점)(?:에)?(?=[\s,])|(?:되|하|끝나|들어오|나오|돌아오|모이|떨어지)는\s?즉시(?=[\s,])|(?:끝난|마친)\s?(?:다음|후|뒤)(?:에)?(?=[\s,])|(?:이|가)\s(?:[^\s.]+\s){0,3}?끝나고(?=[\s,])|` +
        // (… or someone else's, with its own subject: "다나의 PR이 머지된 후 …", "벤더가 … 배포한 다음 …", "레이트 리밋이
        // 풀리는 즉시 …", "카나리가 하루 돌고 나서 …"; or a decision, "디자인 확정 후 …")
        SUBJECT + SAME_CLAUSE + r`(?:된|한|난|온|린|낸|간)\s?(?:후|뒤|다음)(?:에)?(?=[\s,])|` + SUBJECT + SAME_CLAUSE +
        r`(?:고\s?나서|는\s?즉시)(?=[\s,])|확정\s?(?:된\s?)?(?:후|뒤|다음)(?:에)?(?=[\s,])|` +
        // (… a meeting or a peak of the day, "스탠드업 끝나고 …", or a time someone else arrives, "DBA가 접속하는 시간까지 …")
        r`(?:스탠드업|회의|미팅|데모|점검|피크|장애)[^,.]{0,6}?(?:끝나고|지나고|이후에?|후에?|뒤에?)(?=[\s,])|(?:하는|되는|오는|할|될|올)\s?(?:시간|때)까지(?=[\s,])`,
      // What code does on the event is a change to make now ("저장 완료 시 토스트를 띄우도록 수정하겠습니다").
      // (… nor a user's or a request's event in code, "로그인 성공 후 아무 반응이 없는 문제")
      unless: r`도록\s|(?:로직|핸들러|훅|콜백|코드|처리|버그|문제|현상|오류|에러|이슈)(?:을|를|도|가)?\s|` +
        r`(?:로그인|저장|업로드|다운로드|요청|클릭|제출|호출|로딩|렌더링|결제|가입|전송|응답|입력|인증)\s?(?:성공|완료|실패|종료)`,
    },
    // Round 20: after saying its own agents, scans or CI are still running, a step that consolidates their results or goes
    // on through the pipeline ("보안 스캔이 아직 돌고 있습니다. 그다음 취합해서 조치하겠습니다.", "트레이서 하나만 남았습니다. 그
    // 뒤에 종합해서 반영하겠습니다.") waits on them; not a step taken meanwhile ("그동안 …").
    {
      id: "ko.ruleout.after-running",
      kind: "ruleout",
      why: "conditional",
      source: r`취합|종합|집계|결과를\s?(?:모아|합쳐)|→|(?:그|이)\s?결과(?:로|를)\s|(?:이어서|계속)\s?진행|` +
        // (… or works on their output: "결과를 보고서에 합쳐 정리하겠습니다", "수치를 PR에 요약하겠습니다")
        r`(?:결과|수치|답변|출력)(?:를|을)[^.]*?(?:합쳐|모아|정리|요약|반영)`,
      unless: r`그동안|그\s?사이|동안|먼저|지금\s?바로|병행`,
      context:
        r`(?:에이전트|스캔|스카우트|트레이서|CI|빌드|테스트|벤치마크|파이프라인|리뷰|감사|잡)[^.]*?(?:아직|실행\s?중|돌고\s?있|진행\s?중|작업\s?중|백그라운드)|(?:에이전트|스캔|트레이서|스카우트)[^.]*?남았`,
    },
    // Round 20: a then-step after a step that waits ("CI 통과하면 머지하겠습니다. 그다음 문서 작업으로 넘어가겠습니다.").
    {
      id: "ko.ruleout.then-after-wait",
      kind: "ruleout",
      why: "conditional",
      afterCondition: true,
      source: r`^(?:그\s?다음|그\s?후|그\s?뒤|그러고\s?나서|그런\s?다음|이후)(?:에)?(?=[\s,])`,
    },
    {
      id: "ko.ruleout.recommend",
      kind: "ruleout",
      terminal: true,
      why: "recommendation",
      source:
        r`권장(?:합니다|드립니다|됩니다)|추천(?:합니다|드립니다)|제안(?:합니다|드립니다)|(?:것이|편이)\s?좋(?:습니다|겠습니다)|권합니다`,
    },
    {
      id: "ko.ruleout.later",
      kind: "ruleout",
      terminal: true,
      why: "later",
      // …, or after a stretch of time: "20분 후 결과를 확인하겠습니다" waits for the time to pass.
      source:
        r`나중에|추후|차후|이후에|내일|모레|다음\s?주|주말에|오늘\s?(?:오후|저녁|밤)에?|조금\s?(?:있다가|뒤에?|후에?)|이따가?\s|잠시\s?(?:후|뒤)에?\s|다음\s?(?:단계|페이즈|PR|스프린트|세션|버전)에서|다음\s?(?:배포|릴리스|버전|스프린트|세션|PR)\s?(?:때|시)|별도(?:로|의)\s|별도\s?(?:이슈|PR|티켓)(?:에서|로\s?(?:다루|처리|진행|검토))|\d+\s?(?:초|분|시간)\s?(?:후|뒤)|몇\s?(?:초|분|시간)\s?(?:후|뒤)`,
    },
    {
      id: "ko.ruleout.state",
      kind: "ruleout",
      terminal: true,
      why: "state",
      source: r`(?:통과|동작|작동|성공|실패|일치|존재|해당|지원|포함|표시|유지|발생)(?:합니다|됩니다|해요)` + END +
        r`|^(?:이제|이젠)\s(?!제가|저희가)\S+(?:가|이)\s`,
      // "이제 코드가 …작동하는지 확인하기 위해 빌드를 실행하겠습니다": the agent's own volition governs the sentence.
      unless: r`겠습니다|할게요`,
    },
    // A message that ends on a step heading with nothing under it ("## 2단계: 마이그레이션 적용").
    {
      id: "ko.heading.step",
      kind: "announce",
      scope: "heading",
      // A numbered step, or a title that ends on a verb noun of work ("### 루트 Makefile에 sync-dev-data 추가").
      source: r`^(?:` + STEP_NUMBER + r`|단계\s?\d|\d{1,2}[.)]\s*\S|다음\s?(?:작업|단계)?\s?[:：])|` + WORK_NOUN +
        r`(?:\s?\+\s?\S+)?\s*[:：]?\s*$|(?:등록|생성|폴백|차감|재시작|동기화|교체|마이그레이션|업데이트)\s*[:：]?\s*$`,
    },
    // "이제 Task 4: 회원가입 폼 검증": the next numbered step named after "now", at the very end.
    {
      id: "ko.now-step",
      kind: "announce",
      last: true,
      subjectless: true,
      source: r`^(?:이제|다음으로|다음은|그럼|이어서)\s(?:` + STEP_NUMBER + r`|\d+번)\s*[:：]\s*\S`,
      unless: r`완료|끝|했|됐|됨|입니다|` + READER_STEP,
    },
    // A numbered step's label the message ends on, with its title after it ("테스트 2: 일본어 번역").
    {
      id: "ko.step-label",
      kind: "announce",
      last: true,
      source: r`^` + STEP_NUMBER + r`\s*[:：.—–-]\s*(?=[^\n]*[가-힣])\S`,
      unless: r`완료|끝남|했|됐|됨|[✅✓]|` + READER_STEP,
    },
    // The very last words open on a colon with nothing after them ("해결 방법:").
    // A colon that introduces content for the reader ("다음과 같습니다:", "요약:") is no step.
    {
      id: "ko.colon-end",
      kind: "announce",
      last: true,
      source: r`^(?=[^\n]*[\uAC00-\uD7A3])[^\n]*[:：]\s*$`,
      unless:
        r`(?:같습니다|입니다|있습니다|됩니다|했습니다|요약|결과|변경\s?사항|변경\s?내용|내용|정리|현황|상태|목록|아래|다음)\s*[:：]\s*$|` +
        // (a fix marked as a proposal, "수정안 1 (선택): …:", is offered for a decision; round 17)
        r`[（(][^）)]*(?:선택|옵션|optional|제안|권장)[^）)]*[）)]|수정안|해결\s?방안|제안|` +
        // (a need-to in a place only a person reaches, "관리자 콘솔에서 권한을 수정해야 합니다:", is the reader's; round 18)
        r`야\s?(?:합니다|함|해요)[^:：]*[:：]\s*$(?<=(?:` + READER_PLACE + r`)[^\n]*)`,
    },
    // The heading a message's last paragraph sits under sums it up ("Summary", "まとめ", "결론"): a report.
    {
      id: "ko.section.summary",
      kind: "ruleout",
      why: "report",
      scope: "section",
      source: r`^(?:요약|정리|결론|한\s?줄\s?(?:요약|정리)|한마디로|총평)`,
      unless: r`^(?:다음은|다음으로|이제|이어서|그다음|계속해서|그럼)`,
    },
    // A section of proposals ("## 수정 제안", "## 해결 방안"): its last line offers a fix for a decision, unless it opens
    // on the agent's own 이제 or 다음으로 (round 17).
    {
      id: "ko.section.proposal",
      kind: "ruleout",
      why: "recommendation",
      scope: "section",
      source: r`^(?:수정\s?제안|수정안|해결\s?방안|해결\s?방법|권장\s?(?:수정|조치)|제안|대안|선택지)`,
      unless: r`^(?:다음은|다음으로|이제|이어서|그다음|먼저|우선)`,
    },
    // "Found it! The cache key is missing the locale:" with nothing after: the agent stopped just before the fix.
    {
      id: "ko.found-it",
      kind: "announce",
      colonEnd: true,
      source: r`^(?:(?:원인을\s?)?(?:찾았습니다|찾았어요|찾았다|발견했습니다|알아냈습니다))[!！]`,
    },
    // What a pushed message may not end on (issue 31): tried on every sentence from the end.
    // A fix plan's label over its steps, the message ending on the steps ("수정 계획:" and "1. … 2. …", after "found it"):
    // the agent's own plan about to be carried out. (A plan offered for a choice or an OK asks, and is a wait.)
    {
      id: "ko.plan-label",
      kind: "announce",
      source: r`^(?:수정|해결|구현|작업|조치)\s?(?:계획|방안|방침|순서|절차)\s*[:：]\s*$`,
    },
    // A label naming the files made or changed, above their list, reports whatever sentence came before it.
    {
      id: "ko.end.files-label",
      kind: "ruleout",
      why: "report",
      terminal: true,
      above: true,
      source: r`(?:변경|생성|추가|수정|삭제|갱신)(?:된|한)?\s?파일(?:\s?목록)?\s*[:：]\s*$`,
    },
    // An "also" note takes its tense from the sentence before it: after a result it continues the report.
    {
      id: "ko.ruleout.also-after-result",
      kind: "ruleout",
      why: "result",
      afterResult: true,
      // (the particle after a noun, then one terse word: "폴백도 수정." not "…도 수정하겠습니다.")
      source: r`[가-힣A-Za-z0-9)]도\s(?:함께\s|같이\s)?[가-힣A-Za-z]+(?<!니다|어요|게요|세요|해요)\s*\.?\s*$`,
      unless: r`^(?:이제|다음으로|다음은|이어서|그럼)\s`,
    },
    // Round 18: a count after a result ("커밋했습니다. 문서 파일 2개와 스크립트 1개 추가.", "반영 완료. 신규 파일 3개
    // 등록.") tallies what the result holds; a count of lines or a total ("120줄 추가", "총 11개 파일") is a stat line
    // anywhere. Not a note that opens on the agent's now or names what is left ("이제 남은 파일 2개 수정.").
    {
      id: "ko.ruleout.count-after-result",
      kind: "ruleout",
      why: "result",
      afterResult: true,
      source: r`\d+\s?(?:개|건|줄|라인|곳|件)(?![가-힣])`,
      unless: r`^(?:이제|다음으로|다음은|이어서|그럼|먼저|우선)\s|남은|나머지|(?:니다|어요|게요|세요|해요)\s*\.?\s*$`,
    },
    {
      id: "ko.end.stat",
      kind: "ruleout",
      why: "result",
      terminal: true,
      source: r`\d[\d,]*\s?(?:줄|라인|lines?)\s?(?:추가|삭제|변경)|(?:^|\s)(?:총|합계|전체)\s?\d+\s?(?:개|건)`,
      unless: r`^(?:이제|다음으로|다음은|이어서|그럼|먼저|우선)\s|남은|나머지|(?:니다|어요|게요|세요|해요)\s*\.?\s*$`,
    },
    {
      id: "ko.end.label",
      kind: "ruleout",
      why: "label",
      terminal: true,
      above: true,
      source: r`[:：]\s*$`,
      unless:
        r`(?:겠습니다|할게요|하겠음|합니다|봅니다|갑니다)\s*[:：]\s*$|(?:수정|해결|구현|작업|조치)\s?(?:계획|방안|방침|순서|절차)\s*[:：]\s*$`,
    },
    {
      id: "ko.end.past",
      kind: "ruleout",
      why: "result",
      terminal: true,
      // A past-tense report or a result noun: "…을 수정했습니다.", "포맷 수정 푸시 완료."
      source:
        r`(?:했|었|았|였|됐|되었|혔|켰|꿨|췄|냈|줬|겼|렸|봤|왔|갔|졌|쳤|셨|났|랐|섰|썼|웠)(?:습니다|어요|음)[.!]?\s*$|(?:완료|끝|성공|통과|반영됨|수정됨|추가됨|푸시됨|머지됨|확인됨|적용됨|해결됨)(?:입니다|했습니다|되었습니다|됐습니다)?[.!]?\s*$`,
    },
    {
      id: "ko.end.describes",
      kind: "ruleout",
      why: "state",
      terminal: true,
      // Present tense saying what the code now does: a generic "when" clause, a behaviour verb, or
      // "now" / "after the change" followed by a topic that is not the agent ("이제 파서는 …").
      source:
        r`^(?:이제|이젠|앞으로는?|지금은|(?:수정|변경|패치)\s?(?:후에는|뒤에는|으로|으로는)|이번\s?(?:수정|변경)으로(?:는)?)\s(?!제가|저는|저희|우리)\S+(?<!하|되|있|없|남|같|많|좋|작|받|읽|찾|높|낮|짧|긴|새로운)(?:은|는)\s|` +
        r`^(?:(?:수정|변경|패치)\s?(?:후에는|뒤에는|으로는?)|이번\s?(?:수정|변경)으로(?:는)?)\s|` +
        r`(?:할|될|일|한|된|하는|되는)\s?때(?:마다|에는?|는)?\s|[가-힣]\s시(?:에는?)?\s|마다\s|` +
        // After an event that is not the agent's ("로그인 후 …로 이동합니다"): what the code does then.
        r`^(?:이제|이젠)\s[가-힣A-Za-z]{2,}\s?(?:후|뒤)(?:에는?|에)?\s|(?:반환|표시|출력|무시|허용|차단|인식|감지|보장|렌더링|리다이렉트)(?:합니다|됩니다|해요)` +
        END + r`|(?:보여\s?줍니다|나타납니다|건너뜁니다|가져옵니다|돌려줍니다)` + END,
      // (The agent checking a problem, "호출 시 API 키가 빠지는 문제를 확인합니다", describes no behaviour of the code.)
      unless:
        r`겠습니다|할게요|(?:문제|부분|원인|이유|곳|지점|여부)(?:를|을)\s(?:\S+\s)?(?:확인|조사|점검|파악|분석|살펴)`,
    },
    {
      id: "ko.end.possible",
      kind: "ruleout",
      why: "state",
      terminal: true,
      // "…그대로 사용할 수 있습니다": what can be done, not what the agent does now.
      source: r`[가-힣]\s?수\s?(?:있습니다|있어요|있음|있겠습니다)[.!]?\s*$`,
    },
    {
      id: "ko.end.verdict",
      kind: "ruleout",
      why: "verdict",
      terminal: true,
      source:
        r`승인(?:합니다|하겠습니다|입니다|으로\s)|LGTM|머지(?:해도\s?)?(?:가능|좋|괜찮)|(?:문제|이상)\s?(?:없습니다|없음|없어\s?보입니다)|(?:판단|판정)합니다`,
    },
    {
      id: "ko.end.workflow",
      kind: "ruleout",
      why: "workflow",
      terminal: true,
      source:
        r`(?:페이즈|스테이지|단계|스텝)\s?\d*\s?(?:에서|에서는)\s|(?:페이즈|스테이지)\s?\d*\s?(?:로|으로)\s?(?:넘어|진행|이동)|\d+\s?(?:페이즈|스테이지)`,
    },
    {
      id: "ko.ruleout.report-item",
      kind: "ruleout",
      why: "report",
      source:
        r`(?:했습니다|었습니다|았습니다|됩니다|되었습니다|됐습니다|있습니다|없습니다|입니다|않습니다|완료|정상|확인됨)[.]?\s*$|[✅✓❌]`,
    },
  ],
};
