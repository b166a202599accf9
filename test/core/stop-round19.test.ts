/**
 * Issue 31, round 19: rows of our own phrasing, each batch written before its rule was first run — for every rule that
 * pushes, the reader's steps, waits, conditions and reports in its shape next to the agent's own steps (docs/stop-gate.md,
 * "Round 19: …"). These are the rows round 19's rules decide right; the rows they decide wrong are data,
 * eval/stop-gate/round19-rows.jsonl (`bun eval/stop-gate/rows.ts eval/stop-gate/round19-rows.jsonl`). Also every family of
 * the earlier rows files (rows main decided wrong) that these rules decide right whole and that must let the turn end.
 * Every row is ours: never a sealed text, never an evaluation's message.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { decidedRight } from "../../eval/stop-gate/rows.ts";
import { type Family, familyTests } from "./stop-input.ts";

const ROWS_DIR = join(import.meta.dir, "../../eval/stop-gate");

/** Families of the rows files that main decides wrong and round 19's rules decide right whole (none of them pushed). */
const KEPT: Record<string, string[]> = {
  "round16-rows.jsonl": [
    "English: the reader's steps, then the information the agent needs (not pushed)",
    "A proposed fix marked as a proposal, ending in a colon (not pushed)",
    "Japanese: end-of-turn reports, advice and answers (not pushed)",
    "A section of proposals, ending on a colon line (not pushed)",
    "Waits in the words of round 16's rules (not pushed)",
  ],
  "round17-rows.jsonl": [
    "ja1: plain form that describes or specifies (must not push) (not pushed)",
    "ja2:  (not pushed)",
    'ja2: code in a sentence: a ";" before a particle goes on with the sentence (not pushed)',
    "ja3: subagent handing-over that waits or reports (not pushed)",
    "ja3: a topic before a reason clause: descriptions and waits (not pushed)",
    "ko3: new work nouns as the reader's steps, reports, or later (not pushed)",
    "ko3: need-to with an aside (not pushed)",
    "w1: a person's event or decision named as the next thing (not pushed)",
    'w1: the next step is the reader\'s, said with "yours" or "your turn" (not pushed)',
    "w1: a check on the reader's intent at the end of the agent's description (not pushed)",
    'w1: a reader-only step after "now" (not pushed)',
    "w1: the same fix for the reader's copy (not pushed)",
    "w1: decisions for the reader in ko and ja (not pushed)",
    "w2:  (not pushed)",
    "q1:  (not pushed)",
    "w3:  (not pushed)",
    "w4:  (not pushed)",
    "w5:  (not pushed)",
  ],
  "round18-rows.jsonl": [
    "askfirst: a promise to ask the reader first (en, ko, ja) — the reader's step, a wait or a condition (not pushed)",
    "stat: a commit's diff stat, or a count after a result — reports (not pushed)",
    "leadin: a lead-in that says it will summarise or report, the content under it — reports (not pushed)",
    "konotes: Korean terse step notes at the very end — the reader's step, a wait or a condition (not pushed)",
    "konotes2: the reader's steps, choices and reports in the shapes of the Korean note rules — the reader's step, a wait or a condition (not pushed)",
    "context: the Korean note shapes after the reader's steps or a hand-over in the lines above — the reader's step, a wait or a condition (not pushed)",
    "en-ready: a thing said to be ready, a gerund's prediction — reports (not pushed)",
  ],
};

describe("earlier rows files: the let-stop families round 19 decides right whole", () => {
  for (const [file, families] of Object.entries(KEPT)) {
    const rows: { family: string; push: boolean; text: string }[] = readFileSync(join(ROWS_DIR, file), "utf8")
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l));
    for (const name of families) {
      test(`${file}: ${name}`, () => {
        const of = rows.filter((r) => r.family === name);
        expect(of.length).toBeGreaterThan(0);
        expect(of.filter((r) => !decidedRight(r)).map((r) => r.text)).toEqual([]);
      });
    }
  }
});

const FAMILIES: Family[] = [
  {
    "name":
      "kolog: Korean terse notes after a result (a place or act of the reader's) — the reader's step, a wait or a condition (not pushed)",
    "push": false,
    "rows": [
      "Task 2 완료. Task 3: 키체인에 인증서 등록.",
      "Task 2 완료. 이제 Task 3 — 스토어 심사 제출.",
      "1단계 완료. 2단계: 결제 수단 등록.",
      "배포 스크립트 준비 완료. 각 서버에서 병렬 실행.",
      "빌드 완료. 두 기기에서 동시에 설치 확인.",
      "에이전트 설정 완료. 세션 재시작.",
      "훅 설치 완료. 새 세션에서 동작 확인.",
      "플러그인 설치 완료. 에디터 재시작.",
      "MCP 서버 등록 완료. 재시작 후 연결 확인.",
      "커밋 a1b2c3d. 본인 계정으로 push.",
      "PR 생성 완료. 머지 버튼 클릭.",
      "스크립트 작성 완료. 터미널에서 실행.",
      "설치 파일 생성 완료. 더블클릭으로 설치.",
      "설정 파일 생성 완료. 홈 디렉터리로 복사.",
      "확장 빌드 완료. 크롬에 로드.",
      "번들 생성 완료. 시뮬레이터에서 실행.",
      "준비 완료. 배포 버튼 클릭.",
      "환경 변수 목록 정리 완료. .env 파일에 값 입력.",
      "인증서 요청서 생성 완료. 애플 개발자 사이트에 업로드.",
      "키 생성 완료. GitHub 저장소 Secrets에 등록.",
      "초안 작성 완료. 방향 결정.",
      "수정 완료. 앱 재시작 필요.",
      "PR 올림. 리뷰 요청.",
      "빌드 완료. 이제 폰으로 QR 스캔.",
      "서버 준비 완료. 이제 로그인해서 확인.",
      "마이그레이션 파일 생성 완료. 운영 DB 적용은 직접.",
      "배포 완료. 이제 실사용 테스트.",
      "백업 완료. 이제 기존 DB 삭제 여부 결정.",
      "Batch 1 완료. Batch 2 진행 여부 판단.",
      "Batch 1 완료. Batch 2는 내일.",
      "이제 나머지 설정은 직접.",
      "이제 나머지 항목 선택.",
      "이제 남은 건 카드 등록.",
      "번역 파일 생성 완료. 원어민 검토 진행.",
      "대시보드 생성 완료. 알림 수신 채널 지정.",
      "패키지 빌드 성공. OTP 입력 후 npm publish.",
      "릴리스 노트 작성 완료. 공지 채널에 게시.",
      "데모 데이터 준비 완료. 발표 리허설 진행.",
      "설문 링크 생성 완료. 참가자에게 전달.",
    ],
  },
  {
    "name":
      "kolog: Korean terse notes after a result (a place or act of the reader's) — reports and descriptions (not pushed)",
    "push": false,
    "rows": [
      "빌드 완료. 배포도 완료.",
      "테스트 통과. 커밋 a1b2c3d.",
      "마이그레이션 완료. 데이터 정상.",
      "수정 완료. 변경 파일 3개.",
      "검증 끝. 회귀 없음.",
      "재현 실패. 원인 불명.",
      "Batch 1 완료 (4건 통과). Batch 2 완료 (2건 통과).",
      "배포 완료. 롤아웃 진행 중.",
    ],
  },
  {
    "name": "kolog: Korean terse notes after a result (a place or act of the reader's) — the agent's own step (pushed)",
    "push": true,
    "rows": [
      "1차 수정 완료. 나머지 실패 테스트 수정.",
      "Task 3 완료. Task 4 시작 — 폼 검증.",
      "의존성 설치 끝. 빌드 재실행.",
      "타이머 버그 수정 완료. 이제 i18n 누락 키 추가 + 팝업 닫기 버튼 수정.",
      "스키마 확인 끝. 타입 정의 파일 갱신.",
      "설정 로드 완료. 파일 존재 여부 확인.",
      "타입 에러 해결. 입력 검증 로직 추가.",
      "렌더링 문제 파악. 선택 상태 버그 수정.",
      "이제 승인 룰 테스트 추가.",
      "이제 로그인 폼 검증 추가.",
      "1차 수정 완료. 사용자 목록 API 수정.",
    ],
  },
  {
    "name":
      "kolog2: Korean log notes with a tool's words, a bracket, a dash — the reader's step, a wait or a condition (not pushed)",
    "push": false,
    "rows": [
      "PR 생성 완료. 메인테이너 merge.",
      "PR 올림. 리뷰 끝내면 merge.",
      "PR 생성 완료. main에 merge — 승인 후.",
      "빌드 완료. 본인 계정으로 push.",
      "태그 생성 완료. 릴리스 담당 push.",
      "이미지 빌드 완료. 운영 클러스터 rollout — 점검 시간에.",
      "이미지 빌드 완료. 운영 rollout (승인 필요).",
      "매니페스트 완료. kubectl apply는 운영팀.",
      "설정 완료. 폰 화면 캡처.",
      "재현 스크립트 완료. 실기기 로그 캡처.",
      "초안 완료. 팀장에게 전달.",
      "문서 완료. 고객사 전달 (메일로).",
      "브랜치 정리 완료. 각자 fetch.",
      "브랜치 정리 완료. 로컬에서 fetch 후 rebase.",
      "스키마 변경 완료. 이제 DB 마이그레이션 — 백업 끝내면.",
      "배포 준비 완료. 배포 재개 — 카드 등록 끝내면.",
      "롤백 완료. 서비스 재개 (공지 후).",
      "가이드 작성 완료. 읽기부터.",
      "번역 완료. 이제 검수 (원어민).",
      "환경 세팅 완료. 이제 직접 실행.",
      "빌드 완료. 다음 회의 후 deploy.",
      "빌드 완료. deploy는 내일.",
      "빌드 완료. 금요일 deploy.",
      "패치 완료. 재시작 — 괜찮으면.",
      "수정 완료. 재배포 진행 — Vercel 화면에서 Redeploy.",
      "마이그레이션 준비 완료. 실행 — 권한 받아야 함.",
      "토큰 만료. 재발급 (관리자).",
      "테스트 통과. 머지 여부는 판단.",
    ],
  },
  {
    "name": "kolog2: Korean log notes with a tool's words, a bracket, a dash — reports and descriptions (not pushed)",
    "push": false,
    "rows": [
      "빌드 완료. rollout 완료.",
      "커밋 완료. push됨.",
      "테스트 통과 (42/42). 커버리지 91%.",
      "재시작 완료. 서비스 정상.",
      "정리 완료. 남은 작업 없음.",
      "배포 완료. rollout 진행 중.",
    ],
  },
  {
    "name": "kolog2: Korean log notes with a tool's words, a bracket, a dash — the agent's own step (pushed)",
    "push": true,
    "rows": [
      "Revert 완료. 이제 서브에이전트에게 재요청 전달.",
      "브랜치 상태 확인 — 뒤처져 있으니 fetch 먼저.",
    ],
  },
  {
    "name":
      "kolog3: Korean log notes without a place or person word — the reader's step, a wait or a condition (not pushed)",
    "push": false,
    "rows": [
      "PR 생성 완료. merge.",
      "PR 올림. merge 진행.",
      "main 머지 완료. pull.",
      "브랜치 정리 완료. fetch.",
      "main 업데이트됨. 로컬 브랜치 rebase.",
      "설정 완료. 화면 캡처.",
      "배포 완료. 지표 추적.",
      "이미지 빌드 완료. 운영 rollout.",
      "스테이징 검증 끝. prod deploy.",
      "빌드 완료. QA 진행.",
      "빌드 완료. UAT 시작.",
      "빌드 완료. Beta 진행.",
      "스크립트 완료. PT 진행.",
      "문서 완료. 서명 진행.",
      "계약서 초안 완료. 날인.",
      "패키지 완료. 설치 진행 (관리자 권한).",
      "설치 완료. 재부팅.",
      "설치 완료. PC 재부팅 후 확인.",
    ],
  },
  {
    "name": "kolog3: Korean log notes without a place or person word — reports and descriptions (not pushed)",
    "push": false,
    "rows": [
      "빌드 완료. deploy 완료.",
      "커밋 완료. push 완료.",
    ],
  },
  {
    "name": "kolog3: Korean log notes without a place or person word — the agent's own step (pushed)",
    "push": true,
    "rows": [
      "빌드 완료. staging rollout 진행.",
    ],
  },
  {
    "name":
      "kopresent: Korean plain present of handling and tracking, 즉시 — the reader's step, a wait or a condition (not pushed)",
    "push": false,
    "rows": [
      "결제는 고객이 직접 처리합니다.",
      "나머지는 운영팀에서 처리합니다.",
      "승인 건은 관리자 콘솔에서 처리합니다.",
      "키 갱신은 담당자가 즉시 처리합니다.",
      "즉시 확인 부탁드립니다 — 로그인 화면, 결제 화면.",
      "즉시 처리해 주세요 — 만료된 토큰 두 개.",
    ],
  },
  {
    "name": "kopresent: Korean plain present of handling and tracking, 즉시 — reports and descriptions (not pushed)",
    "push": false,
    "rows": [
      "이 함수는 입력이 비어 있을 때 예외를 처리합니다.",
      "미들웨어가 인증 실패를 처리합니다.",
      "서버에서 결제 요청을 처리합니다.",
      "백엔드에서 결제 승인을 처리합니다.",
      "큐 워커가 남은 작업을 순서대로 처리합니다.",
      "이 훅은 세션 상태를 추적합니다.",
      "라우터에서 페이지 전환을 추적합니다.",
      "각 요청은 trace id로 추적합니다.",
      "에러는 Sentry에서 추적합니다.",
      "수정 후에는 캐시 만료를 자동으로 처리합니다.",
      "즉시 반영됩니다 — 새로고침 없이.",
      "지금 바로 동작합니다 — 캐시도 비워졌습니다.",
      "요청하신 대로 즉시 중단합니다.",
      "즉시 중단합니다.",
      "바로 종료합니다.",
    ],
  },
  {
    "name":
      "kolog4: Korean 즉시 steps and log notes with a person or a condition in a bracket or after a dash — the reader's step, a wait or a condition (not pushed)",
    "push": false,
    "rows": [
      "즉시 롤백합니다 — 승인 나면.",
      "즉시 배포합니다 (괜찮으면).",
      "즉시 재시작합니다, 확인 주시면.",
      "즉시 반영합니다 — 팀장님 OK 나면.",
      "커밋 완료. push (권한 있는 분이).",
      "빌드 완료. deploy (승인 나면).",
      "빌드 완료. rollout 진행 (괜찮으면).",
      "마이그레이션 스크립트 완료. DB에 적용 (담당자 확인 후).",
      "테스트 통과. commit (메시지는 직접).",
      "이미지 빌드 완료. build 재실행 (캐시 비우고 나면).",
      "빌드 완료. 재배포 (Vercel에서).",
      "커밋 완료. push (본인 브랜치로).",
      "이미지 빌드 완료. rollout 진행 (운영 서버).",
    ],
  },
  {
    "name":
      "kolog4: Korean 즉시 steps and log notes with a person or a condition in a bracket or after a dash — the agent's own step (pushed)",
    "push": true,
    "rows": [
      "즉시 롤백합니다 — 직전 커밋으로.",
      "즉시 재빌드합니다.",
    ],
  },
  {
    "name":
      "kosoon: Korean 즉시 and 바로 before a need, a request or a whether (after review S2) — the reader's step, a wait or a condition (not pushed)",
    "push": false,
    "rows": [
      "즉시 키 교체가 필요합니다.",
      "즉시 서버 점검을 요청합니다.",
      "즉시 롤백할지 정해야 합니다.",
      "바로 머지해도 되는지 확인이 필요합니다.",
      "즉시 조치 바랍니다: 만료된 인증서.",
    ],
  },
  {
    "name":
      "kosoon: Korean 즉시 and 바로 before a need, a request or a whether (after review S2) — reports and descriptions (not pushed)",
    "push": false,
    "rows": [
      "즉시 반영됩니다.",
    ],
  },
  {
    "name":
      "kosoon: Korean 즉시 and 바로 before a need, a request or a whether (after review S2) — the agent's own step (pushed)",
    "push": true,
    "rows": [
      "즉시 키를 교체합니다.",
      "바로 롤백합니다.",
      "이제 설정 파일을 일괄 수정해야 합니다.",
    ],
  },
  {
    "name":
      "kolog5: Korean log notes after review S1: a check or retry on the reader's device, production by other names, a later week — the reader's step, a wait or a condition (not pushed)",
    "push": false,
    "rows": [
      "수정 완료. 갤럭시 탭 화면 체크.",
      "배포 완료. 슬랙 알림 체크.",
      "수정 완료. 모바일 사파리 레이아웃 체크.",
      "인쇄 기능 수정 완료. 프린터 출력 체크.",
      "수정 완료. 공유기 재시작 retry.",
      "수정 완료. 상용 서버 rollout.",
      "빌드 완료. 라이브 환경 deploy.",
      "릴리스 노트 완료. 이번 주 deploy.",
      "빌드 완료. 테스터 그룹 dispatch.",
    ],
  },
  {
    "name":
      "kolog5: Korean log notes after review S1: a check or retry on the reader's device, production by other names, a later week — reports and descriptions (not pushed)",
    "push": false,
    "rows": [
      "수정 완료. 체크 완료.",
    ],
  },
  {
    "name":
      "jalog: Japanese and English terse notes after a result — the reader's step, a wait or a condition (not pushed)",
    "push": false,
    "rows": [
      "スクリプト作成完了。ターミナルで実行。",
      "ビルド完了。シミュレータで動作確認。",
      "設定ファイル作成完了。ホームディレクトリにコピー。",
      "拡張機能ビルド完了。Chromeに読み込み。",
      "インストーラー生成完了。ダブルクリックでインストール。",
      "キー生成完了。GitHubのSecretsに登録。",
      "PR作成完了。マージボタンをクリック。",
      "プラグイン導入完了。エディタを再起動。",
      "フック設定完了。新しいセッションで確認。",
      "準備完了。実機でQRコードを読み取り。",
      "証明書の要求ファイル作成完了。Apple Developerサイトにアップロード。",
      "環境変数の一覧を整理済み。.envに値を入力。",
      "リリースノート作成完了。社内チャンネルに投稿。",
      "Task 2 完了。Task 3: キーチェーンに証明書を登録。",
      "ステップ1完了。ステップ2：支払い方法の登録。",
      "Script written. Run it in your terminal.",
      "Build done. Open it in the simulator.",
      "Key generated. Add it to the repository's Secrets.",
      "Extension built. Load it in Chrome.",
      "Hook installed. Restart your session to pick it up.",
      "Step 1 done. Step 2: register the certificate in your keychain.",
    ],
  },
  {
    "name": "jalog: Japanese and English terse notes after a result — the agent's own step (pushed)",
    "push": true,
    "rows": [
      "Task 3 完了。Task 4 に着手。",
      "Build passes. Deploying to staging now.",
      "型エラー解消。ユーザー一覧の取得処理を修正。",
      "ビルド通過。入力チェックを確認。",
      "次は承認フローの実装。",
      "原因特定。選択状態の保持を修正。",
    ],
  },
  {
    "name":
      "enmisc: English: a let-me-show colon at the end, a named skill, hyphenated gerund steps, a new session — the reader's step, a wait or a condition (not pushed)",
    "push": false,
    "rows": [
      "Let me show you what I found — but first, which environment are you on?",
      "Let me show you the two options: do you prefer A or B?",
      "I'm using the brainstorming skill to ask you a few questions first. What's the target platform?",
      "I'm using the review skill to prepare the checklist; please approve the scope before I start.",
      "Re-running the migration needs your approval — shall I go ahead?",
      "Re-entering your password, then retrying the login should clear it.",
      "Re-authenticating in the console, then reloading the page — that's on your side.",
      "I'm using the handoff skill to write up the session. Start a new session once it's saved.",
      "I'm using the release skill to prepare the notes; the deploy itself is manual.",
      "I'm using the brainstorming skill to gather requirements. What should the first version support?",
      "I'm using the planning skill to outline options once you pick a direction.",
      "Let me show you the diff once you've merged the base branch:",
      "Re-running the job is blocked until the token is rotated in the dashboard.",
      "I'll write up the session. Start a new session once it's saved.",
      "Let me save the notes. Then open a fresh chat and paste the summary.",
      "I've updated the hook config. Restart Claude Code so it loads.",
      "Let me show you which values to enter in the form:",
      "Let me show you the two choices, then you decide:",
      "Let me show you the command you should run on the server:",
      "Let me show you how to install the CLI locally:",
    ],
  },
  {
    "name":
      "enmisc: English: a let-me-show colon at the end, a named skill, hyphenated gerund steps, a new session — reports and descriptions (not pushed)",
    "push": false,
    "rows": [
      "I'm using the existing retry helper to keep the backoff consistent.",
      "Let me show you how this works in practice: the cache is keyed by locale and version, so stale entries expire on deploy.",
      "Re-running the suite showed no regressions.",
      "Re-indexing the table would take about an hour on production.",
    ],
  },
  {
    "name":
      "enmisc: English: a let-me-show colon at the end, a named skill, hyphenated gerund steps, a new session — the agent's own step (pushed)",
    "push": true,
    "rows": [
      "Lint passes. Re-running the type check, then rebuilding the bundle.",
      "Re-running the flaky test in isolation.",
      "I'll restart the dev server so the new env loads.",
      "Let me open the session log to see where it failed.",
    ],
  },
  {
    "name":
      "enskill: English: a named skill whose step is the reader's, hyphenated gerunds in the reader's place (after review S3) — the reader's step, a wait or a condition (not pushed)",
    "push": false,
    "rows": [
      "I'm using the triage skill to gather the owner's decision on each ticket.",
      "I'm using the release skill to request sign-off from the maintainers.",
      "I'm using the interview skill to ask the user about their setup.",
      "I'm using the setup skill to guide you through the token steps.",
      "Re-linking the account in the dashboard (yours), then syncing.",
      "Co-authoring the summary with the team, then sending it out.",
      "I'm using the publish skill to build the package after the owner signs off.",
      "I'm using the migration skill to run the migration as soon as the window opens.",
      "I'm using the cleanup skill to fix the branch protection if you agree.",
      "Re-enabling the webhook in the org settings, then redeploying.",
      "Pre-approving the invoice (an owner's call), then sending it.",
    ],
  },
  {
    "name":
      "jarep: Japanese reports on a later phase, a next step, code behaviour, an opinion — the reader's step, a wait or a condition (not pushed)",
    "push": false,
    "rows": [
      "手順書をまとめました。一度目を通してもらって、問題なければ移行に進みましょう。移行時は私がスクリプトを流す形になります。",
      "設計メモを置きました。確認してもらえたら、実装に入りましょう。",
    ],
  },
  {
    "name":
      "jarep: Japanese reports on a later phase, a next step, code behaviour, an opinion — reports and descriptions (not pushed)",
    "push": false,
    "rows": [
      "レビュー完了。問題は見つかりませんでした。次のフェーズでは統合テストを実行し、性能を検証します。",
      "設計レビューを終えました。パイプラインはこの後、実装フェーズに進みます。",
      "全チェックを通過したため、このPRを承認します。",
      "以上の結果から、本変更はマージ可能と判断します。",
      "仕様書の作成が完了しました。以降はQAチームが受け入れテストを行います。",
      "ドキュメント更新済み。ワークフロー上、次はデプロイ工程に進みます。",
      "調査結果をまとめました。実装は次のスプリントで着手します。",
      "コードレビューの結果、指摘事項はありません。LGTM です。",
      "タスク3まで完了しました。残りのタスク4と5は明日対応します。",
      "ビルドとテストが通りました。CI はこのまま本番デプロイのステップに進みます。",
      "Phase 2 の作業は全て完了しました。Phase 3 では API の統合を行います。",
      "修正を反映しました。この後、レビューエージェントが差分を確認します。",
      "ドラフトが完成しました。レビュー工程でチームが内容を確認します。",
      "移行手順書を書きました。手順が確定した段階で、移行作業に入ります。",
      "分析の結果、キャッシュ層を先に整えてから API を作り直すのが最も確実な進め方だと考えます。",
      "結論として、まず小さく実装して計測し、その結果で方針を決めるのが一番効率的だと思います。",
      "この関数はリトライのたびに待ち時間を倍にしていきます。\n\n```ts\nwait *= 2;\n```",
      "このフックはレンダリングごとに購読をやり直していきます。",
      "テストが全部通りました。変更をまとめます:\n\n- パーサーの分岐を整理\n- エラー文言を統一",
    ],
  },
  {
    "name":
      "jarep: Japanese reports on a later phase, a next step, code behaviour, an opinion — the agent's own step (pushed)",
    "push": true,
    "rows": [
      "設計レビューを終えました。これから実装フェーズに進みます。",
      "次に、統合テストを実行します。",
      "では、Phase 3 の API 統合に取り掛かります。",
      "テストが通ったので、このままコミットします。",
      "サブエージェントにレビューしてもらって、その結果を反映します。",
      "エラーの箇所が分かったので、ファイルごとに修正していきます。",
      "変更をまとめてコミットします。",
    ],
  },
];

familyTests(FAMILIES);
