/**
 * The restore after a compaction, the summariser's guidance and the spec's heading (product.md section 5) in
 * English, Korean and Japanese: all are read by the model, so they speak the session's
 * language like every other message vigil sends. The restore's structure (ranks, cuts, the
 * 9,000-character ceiling) stays in continuity/restore.ts; only the words live here.
 */
import type { Language } from "../config.ts";

/** Every phrase of the restore, per language. */
export interface RestoreWords {
  opening: { compact: string; fallback: string; resume: string };
  /** Prefixed to `hypotheses` on the restore's first line. */
  note: string;
  hypotheses: string;
  selfCheck: string;
  /** The self-check's lead-in ("Self-check, now: "). */
  selfCheckNow: string;
  selfCheckNoSpec: string;
  selfCheckNothing: string;
  cut: string;
  leftOut: string;
  noState: string;
  stateTitle: (header: string) => string;
  draftHeader: (at: string, path: string) => string;
  savedHeader: (at: string, path: string) => string;
  fromEarlier: (at: string) => string;
  sections: {
    decisions: string;
    memo: string;
    constraints: string;
    plan: string;
    phase: string;
    tasks: string;
    workers: string;
    files: string;
  };
  specTitle: (path: string) => string;
  reread: string;
  planLine: (path: string) => string;
  stateLine: (path: string) => string;
  noStateLine: (path: string) => string;
  specLine: (path: string) => string;
  noSpecLine: string;
  taskList: string;
}

export const RESTORE_WORDS: Record<Language, RestoreWords> = {
  en: {
    opening: {
      compact: "vigil: this session was just compacted.",
      fallback: "vigil: this session was compacted and the restore did not reach you then, so here it is.",
      resume: "vigil: this session was resumed.",
    },
    note: "Note: ",
    hypotheses: "the summary's next steps are hypotheses; plan, state and spec are the truth",
    selfCheck: "compare the current plan with the spec line by line and say the result before continuing",
    selfCheckNow: "Self-check, now: ",
    selfCheckNoSpec: "compare the current plan with the saved decisions and constraints line by line and say " +
      "the result before continuing. (There is no task spec: vigil spec init writes .vigil/spec.md.)",
    selfCheckNothing: "re-read the plan and the task list, and say where the work stands before continuing.",
    cut: "\n… (cut to fit; the full text is in the state file)",
    leftOut: "(left out to fit; read it in the state file)",
    noState: "No state was saved for this session (/pre-compact-save saves one).",
    stateTitle: (h) => `## State, ${h}`,
    draftHeader: (at, path) =>
      `DRAFT made by vigil from the transcript at ${at} before an automatic compaction; not reviewed (${path})`,
    savedHeader: (at, path) => `saved at ${at} (${path})`,
    fromEarlier: (at) => `(from the state saved at ${at}, before an earlier compaction; check it is still current)\n`,
    sections: {
      decisions: "### Decisions (adopted, rejected, why rejected)",
      memo: "### Recovery memo",
      constraints: "### Constraints",
      plan: "### Plan",
      phase: "### Phase",
      tasks: "### Tasks",
      workers: "### Workers",
      files: "### Files in flight",
    },
    specTitle: (path) => `## Task spec, verbatim between <<< and >>> (${path})`,
    reread: "## Re-read these now",
    planLine: (p) => `- plan: ${p}`,
    stateLine: (p) => `- state: ${p} (or: vigil state show)`,
    noStateLine: (p) => `- state: none saved yet (it would be ${p})`,
    specLine: (p) => `- spec: ${p} (or: vigil spec show)`,
    noSpecLine: "- spec: none (vigil spec init writes one)",
    taskList: "- the task list (TaskList), for what is in progress",
  },
  ko: {
    opening: {
      compact: "vigil: 이 세션은 방금 컴팩션되었습니다.",
      fallback: "vigil: 이 세션은 컴팩션되었고 그때 복원이 전달되지 않아 지금 보냅니다.",
      resume: "vigil: 이 세션이 재개되었습니다.",
    },
    note: "참고: ",
    hypotheses: "요약의 다음 단계는 가설일 뿐입니다. 계획, 상태, 명세가 사실입니다",
    selfCheck: "현재 계획을 명세와 한 줄씩 비교하고, 계속하기 전에 그 결과를 말하세요",
    selfCheckNow: "지금 자체 점검: ",
    selfCheckNoSpec: "현재 계획을 저장된 결정과 제약과 한 줄씩 비교하고, 계속하기 전에 그 결과를 말하세요. " +
      "(작업 명세가 없습니다: vigil spec init이 .vigil/spec.md를 씁니다.)",
    selfCheckNothing: "계획과 작업 목록을 다시 읽고, 계속하기 전에 작업이 어디까지 왔는지 말하세요.",
    cut: "\n… (분량에 맞게 잘랐습니다. 전체 내용은 상태 파일에 있습니다)",
    leftOut: "(분량 때문에 뺐습니다. 상태 파일에서 읽으세요)",
    noState: "이 세션에 저장된 상태가 없습니다 (/pre-compact-save가 저장합니다).",
    stateTitle: (h) => `## 상태, ${h}`,
    draftHeader: (at, path) =>
      `자동 컴팩션 전에 vigil이 ${at}에 대화 기록에서 만든 초안이며 검토되지 않았습니다 (${path})`,
    savedHeader: (at, path) => `${at}에 저장됨 (${path})`,
    fromEarlier: (at) => `(이전 컴팩션 전 ${at}에 저장된 상태에서 가져옴. 아직 유효한지 확인하세요)\n`,
    sections: {
      decisions: "### 결정 (채택, 기각, 기각 이유)",
      memo: "### 복구 메모",
      constraints: "### 제약",
      plan: "### 계획",
      phase: "### 단계",
      tasks: "### 작업",
      workers: "### 작업자",
      files: "### 작업 중인 파일",
    },
    specTitle: (path) => `## 작업 명세, <<< 와 >>> 사이는 원문 그대로 (${path})`,
    reread: "## 지금 다시 읽을 것",
    planLine: (p) => `- 계획: ${p}`,
    stateLine: (p) => `- 상태: ${p} (또는 vigil state show)`,
    noStateLine: (p) => `- 상태: 아직 저장되지 않음 (저장되면 ${p})`,
    specLine: (p) => `- 명세: ${p} (또는 vigil spec show)`,
    noSpecLine: "- 명세: 없음 (vigil spec init이 만듭니다)",
    taskList: "- 진행 중인 것을 보려면 작업 목록 (TaskList)",
  },
  ja: {
    opening: {
      compact: "vigil: このセッションはたった今コンパクトされました。",
      fallback: "vigil: このセッションはコンパクトされましたが、そのとき復元が届かなかったので、ここで送ります。",
      resume: "vigil: このセッションが再開されました。",
    },
    note: "注意: ",
    hypotheses: "要約の次のステップは仮説にすぎません。計画・状態・仕様が事実です",
    selfCheck: "現在の計画を仕様と一行ずつ比べ、続ける前にその結果を述べてください",
    selfCheckNow: "今すぐ自己チェック: ",
    selfCheckNoSpec: "現在の計画を保存された決定事項と制約と一行ずつ比べ、続ける前にその結果を述べてください。" +
      "（タスク仕様はありません: vigil spec init が .vigil/spec.md を書きます。）",
    selfCheckNothing: "計画とタスク一覧を読み直し、続ける前に作業がどこまで進んでいるかを述べてください。",
    cut: "\n…（収まるように切りました。全文は状態ファイルにあります）",
    leftOut: "（収まらないため省きました。状態ファイルで読んでください）",
    noState: "このセッションには保存された状態がありません（/pre-compact-save が保存します）。",
    stateTitle: (h) => `## 状態、${h}`,
    draftHeader: (at, path) =>
      `自動コンパクトの前に vigil が ${at} にトランスクリプトから作った下書き。未確認（${path}）`,
    savedHeader: (at, path) => `${at} に保存（${path}）`,
    fromEarlier: (at) => `（以前のコンパクト前、${at} に保存された状態から。まだ有効か確認してください）\n`,
    sections: {
      decisions: "### 決定事項（採用、不採用、不採用の理由）",
      memo: "### 復旧メモ",
      constraints: "### 制約",
      plan: "### 計画",
      phase: "### フェーズ",
      tasks: "### タスク",
      workers: "### ワーカー",
      files: "### 作業中のファイル",
    },
    specTitle: (path) => `## タスク仕様、<<< と >>> の間は原文のまま（${path}）`,
    reread: "## 今すぐ読み直すもの",
    planLine: (p) => `- 計画: ${p}`,
    stateLine: (p) => `- 状態: ${p}（または vigil state show）`,
    noStateLine: (p) => `- 状態: まだ保存されていません（保存先は ${p}）`,
    specLine: (p) => `- 仕様: ${p}（または vigil spec show）`,
    noSpecLine: "- 仕様: なし（vigil spec init が作ります）",
    taskList: "- 進行中のものはタスク一覧（TaskList）で",
  },
};

/** The summariser's instructions, per language (the quoted material stays verbatim). */
export interface GuidanceWords {
  intro: string;
  rules: readonly string[];
  specConstraints: string;
  stateConstraints: string;
  stateDecisions: string;
  outro: string;
}

export const GUIDANCE_WORDS: Record<Language, GuidanceWords> = {
  en: {
    intro: "vigil, for this summary: treat these kinds of information differently; do not summarise them all alike.",
    rules: [
      "1. Constraints (rules the user or the task spec set: what must not be touched, what order steps must go in, " +
      'such as verify before deploy): copy each one verbatim into the summary under a heading "Constraints". ' +
      "Never paraphrase, merge or drop a constraint.",
      "2. Decisions: for each one, name the option adopted, every option rejected, and why it was rejected. " +
      "A rejected option must never appear as a next step.",
      "3. Failed attempts: keep only the conclusion (what was tried, that it failed, and why), not the steps, " +
      "commands or output, so the same dead end is neither retraced nor replayed.",
      "4. The current phase and the plan step in progress, and the plan file's path.",
    ],
    specConstraints: "The task spec's constraints, verbatim (they stay in force):",
    stateConstraints: "Constraints from the last saved session state, verbatim:",
    stateDecisions: "Decisions from the last saved session state (keep the rejected options and reasons):",
    outro: "After the compaction vigil re-injects the spec and the saved state; the summary's next steps will be " +
      "checked against them.",
  },
  ko: {
    intro: "vigil, 이 요약에 대해: 아래 종류의 정보는 서로 다르게 다루고, 모두 똑같이 요약하지 마세요.",
    rules: [
      "1. 제약 (사용자나 작업 명세가 정한 규칙: 건드리면 안 되는 것, 배포 전 검증처럼 지켜야 할 순서): " +
      '각각을 요약의 "Constraints" 제목 아래에 원문 그대로 옮기세요. 제약을 바꿔 쓰거나 합치거나 빼지 마세요.',
      "2. 결정: 각각에 대해 채택한 선택지, 기각한 모든 선택지, 기각한 이유를 적으세요. " +
      "기각한 선택지는 절대 다음 단계로 나오면 안 됩니다.",
      "3. 실패한 시도: 결론만 남기세요 (무엇을 시도했고, 실패했고, 왜인지). 단계, 명령, 출력은 남기지 말아 " +
      "같은 막다른 길을 다시 밟지 않게 하세요.",
      "4. 현재 단계와 진행 중인 계획 단계, 그리고 계획 파일의 경로.",
    ],
    specConstraints: "작업 명세의 제약, 원문 그대로 (계속 유효합니다):",
    stateConstraints: "마지막으로 저장된 세션 상태의 제약, 원문 그대로:",
    stateDecisions: "마지막으로 저장된 세션 상태의 결정 (기각한 선택지와 이유를 남기세요):",
    outro: "컴팩션 뒤 vigil이 명세와 저장된 상태를 다시 넣고, 요약의 다음 단계를 그것과 대조합니다.",
  },
  ja: {
    intro: "vigil より、この要約について: 次の種類の情報はそれぞれ別に扱い、すべてを同じように要約しないでください。",
    rules: [
      "1. 制約（ユーザーやタスク仕様が定めたルール: 触れてはいけないもの、デプロイ前の検証のような手順の順序）: " +
      "それぞれを要約の「Constraints」見出しの下に原文のまま写してください。制約を言い換えたり、まとめたり、落としたりしないでください。",
      "2. 決定事項: それぞれについて、採用した選択肢、不採用にしたすべての選択肢、その理由を書いてください。" +
      "不採用の選択肢を次のステップとして出してはいけません。",
      "3. 失敗した試み: 結論だけを残してください（何を試し、失敗し、なぜか）。手順・コマンド・出力は残さず、" +
      "同じ行き止まりを繰り返さないようにしてください。",
      "4. 現在のフェーズと進行中の計画ステップ、そして計画ファイルのパス。",
    ],
    specConstraints: "タスク仕様の制約、原文のまま（引き続き有効です）:",
    stateConstraints: "最後に保存されたセッション状態の制約、原文のまま:",
    stateDecisions: "最後に保存されたセッション状態の決定事項（不採用の選択肢と理由を残してください）:",
    outro: "コンパクトの後、vigil は仕様と保存された状態を再び注入し、要約の次のステップをそれと照らし合わせます。",
  },
};

/** The line above the task spec vigil injects at every session start but a compaction's. */
export function specIntro(lang: Language, path: string): string {
  switch (lang) {
    case "en":
      return `vigil: the task spec for this project, verbatim (${path}); it is never summarised and ` +
        `comes back after every compaction.`;
    case "ko":
      return `vigil: 이 프로젝트의 작업 명세, 원문 그대로 (${path}). 요약되지 않으며 컴팩션 뒤마다 다시 들어옵니다.`;
    case "ja":
      return `vigil: このプロジェクトのタスク仕様、原文のまま（${path}）。要約されることはなく、コンパクトのたびに戻ってきます。`;
  }
}
