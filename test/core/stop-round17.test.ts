/**
 * Issue 31, round 17: rows of our own phrasing, each family's batch written before it was first run (docs/stop-gate.md,
 * "Round 17"), for the Korean and Japanese pre-tool announcement families the gate missed, the Japanese reports it
 * pushed, and waits in all three languages next to every new rule; and the fence reader's linear shape. The round's
 * rules (9dc7e4a…9c617c5) lost the sealed run to the round-start rules by one item, so main carries bf8d36e's rules
 * (plus the fence's look-ahead): these are the rows those rules decide right; the rows they decide wrong are data,
 * eval/stop-gate/round17-rows.jsonl (`bun eval/stop-gate/rows.ts eval/stop-gate/round17-rows.jsonl`). Every row is
 * ours: never a sealed text, never an evaluation's message.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { FENCE, viewMessage } from "../../src/core/stop/text.ts";
import { type Family, familyTests } from "./stop-input.ts";

const STOP_DIR = join(import.meta.dir, "../../src/core/stop");

describe("a fenced block's opening run is read once (80,000 backticks took the Stop hook 1.75 s)", () => {
  test("every run of one literal character with an open count ends on a look-ahead for that character", () => {
    // `{3,}` then `[^\n]*`: a line of n backticks with no newline was tried as every shorter run, n² steps. Scanned
    // in every file of the gate, so a new pattern of the same shape fails here.
    const offenders: string[] = [];
    // What can take the run's own character back: "anything but a newline", "anything", "no white space".
    const absorbs = /^[^)]*\)?[?*+]?(?:\[\^\\n\]|\.|\[\\s\\S\]|\\S)[*+]/;
    for (const file of readdirSync(STOP_DIR).filter((f) => f.endsWith(".ts"))) {
      const src = readFileSync(join(STOP_DIR, file), "utf8");
      for (const m of src.matchAll(/(\\?[^\\\][(){}\s])\{\d+,\}(?!\(\?!\\?\1\))/g)) {
        const after = src.slice(m.index + m[0].length, m.index + m[0].length + 40);
        if (absorbs.test(after)) offenders.push(`${file}: ${src.slice(Math.max(0, m.index - 20), m.index + 40)}`);
      }
    }
    expect(offenders).toEqual([]);
  });
  test("the fence still masks what it masked", () => {
    const re = new RegExp(FENCE.source, FENCE.flags);
    expect("`".repeat(80_000).match(re)).toBeNull();
    expect("~".repeat(80_000).match(re)).toBeNull();
    expect("text\n```ts\nconst a = 1;\n```\nafter".match(re)?.[0]).toBe("```ts\nconst a = 1;\n```");
    expect("````\n```\nstill code\n````\nafter".match(re)?.[0]).toBe("````\n```\nstill code\n````");
    expect("~~~\nrest of the message".match(re)?.[0]).toBe("~~~\nrest of the message");
  });
  test("a message of backticks alone announces nothing and a fence still hides its words", () => {
    expect(viewMessage("`".repeat(80_000)).tail.length).toBeGreaterThan(0);
    const v = viewMessage("Done.\n\n```\nI'll deploy it now.\n```");
    expect(v.tail.map((s) => s.text)).toEqual(["Done."]);
  });
});

const FAMILIES: Family[] = [
  {
    "name": "ja1: need-to that is the reader's, a rule, a condition or advice (must not push) (not pushed)",
    "push": false,
    "rows": [
      "本番に反映するには、管理画面から API キーを再発行していただく必要があります。",
      "この先に進むには、あなたの承認が必要です。",
      "続行するには GitHub へのログインが必要です。ブラウザで認証をお願いします。",
      "本番環境ではこの環境変数を必ず設定する必要があります。",
      "Node 20 以上が必要です。",
      "大きなファイルを扱う場合は、メモリ上限を上げる必要があります。",
      "今回の変更では、スキーマの更新は必要ありません。",
      "修正は完了しました。今後、新しい設定を追加するときは README の更新も必要です。",
      "デプロイには管理者権限が必要です。権限を付与していただけますか？",
    ],
  },
  {
    "name": "ja1: plain dictionary forms of the agent's own edit, after a diagnosis (pushed)",
    "push": true,
    "rows": [
      "見出しのレベルが章ごとにばらばらだ。すべて二段目にそろえる。",
      "この段落は前の節と重複している。後半を削って一文にまとめる。",
      "表記が「サーバ」と「サーバー」で揺れている。全体を「サーバー」に統一する。",
    ],
  },
  {
    "name": "ja1: plain form that describes or specifies (must not push) (not pushed)",
    "push": false,
    "rows": [
      "このスクリプトは毎朝 ログを集めて、古いものを削除する。",
      "設定がない場合は、既定値の 30 秒を使う。",
      "結論：キャッシュはリクエストごとに作り直す。",
    ],
  },
  {
    "name": "ja1: subagent dispatch as a bare line or a verb of sending (pushed)",
    "push": true,
    "rows": [
      "型エラーの洗い出し用に haiku の subagent を dispatch。",
      "検証フェーズ：テスト担当の subagent を並列で起動。",
    ],
  },
  {
    "name": "ja1: dispatch-like words that report or wait (must not push) (not pushed)",
    "push": false,
    "rows": [
      "subagent 3 体からの報告はすべて揃いました。問題はありませんでした。",
      "subagent の結果が返ってくるまで待ちます。",
      "レビューは reviewer エージェントに任せました。指摘は 2 件でした。",
    ],
  },
  {
    "name": "ja1: -ておきます / とどめます / やりましょう (pushed)",
    "push": true,
    "rows": [
      "まずは失敗しているテストを一つだけ動かしてみましょう。",
    ],
  },
  {
    "name": "ja1: nearby: offers, approvals, conditions on the reader (must not push) (not pushed)",
    "push": false,
    "rows": [
      "必要であれば、メモリファイルにも書き残しておきます。",
      "よろしければ、PR の作成まで進めましょうか？",
      "問題なければ、このままコミットまでにとどめます。",
      "ご確認いただけたら、マージしておきます。",
    ],
  },
  {
    "name": "ja1: step headings before the call (pushed)",
    "push": true,
    "rows": [
      "ステップ2: ルーターへのエンドポイント追加",
      "手順2：キャッシュ層\n2-1: 有効期限の設定項目を足す",
      "テスト4: 空の入力を送ったときの応答",
    ],
  },
  {
    "name": "ja1: headings that report or ask (must not push) (not pushed)",
    "push": false,
    "rows": [
      "テスト4: 空の入力を送ったときの応答 ✅ 通過",
      "ステップ2 完了: ルーターへのエンドポイント追加",
      "確認事項1: 本番 DB のバックアップは取ってありますか？",
    ],
  },
  {
    "name": "ja1: can-do line before the edit (not pushed)",
    "push": false,
    "rows": [
      "はい、設定ファイルの修正だけで対応できます。進めてよろしいですか？",
      "はい、その書き方でも動きます。",
      "いいえ、その設定だけでは直せません。サーバー側の制限です。",
    ],
  },
  {
    "name": "ja1: terse notes (not pushed)",
    "push": false,
    "rows": [
      "未使用の import は削除済み。",
      "除外したパッケージ：3 件。",
    ],
  },
  {
    "name": "ja2:  (not pushed)",
    "push": false,
    "rows": [
      'サンプルを実行すると次のようになります。\n\n```\n$ curl localhost:8080/health\n{"ok":true}\n```\n\nハンドラは起動時刻を読み取り、文字列にして返します。',
      "質問への回答は以上です。\n\n要点：設定は環境変数から読み、なければ既定値を使います。",
      "ご質問の件、説明しました。\n\n一言でいうと、Rails ではコールバックを before_save で定義し、モデルの保存前に実行します。",
      "このライブラリでは、接続をプールで管理し、使い終わったら返却します。",
      "実装を確認しました。リクエストが来ると、トークンを検証してからユーザー情報を返します。",
      "このコマンドはローカルの変更を退避し、終わったら元に戻します。",
      "つまり、Go ではエラーを戻り値で返し、呼び出し側で判定します。",
      "修正後の関数は、空配列を受け取ると null を返します。",
      "この設計では、キューが詰まったときに古いジョブから破棄します。",
      "答え：Vue の computed は依存する値が変わったときだけ再計算します。",
      "まとめると、ワーカーは 5 分ごとに起動し、未処理のジョブを取り出します。",
    ],
  },
  {
    "name": "ja2: later-phase and workflow-step reports (must not push) (not pushed)",
    "push": false,
    "rows": [
      "設計フェーズは完了です。実装フェーズでは API の追加とテストを行います。",
      "本 PR はここまでです。残りの移行は次の PR で対応します。",
      "レビュー結果：問題なし。マージ可能と判断します。",
    ],
  },
  {
    "name": "ja2: the agent's own step in the same verbs (push) (pushed)",
    "push": true,
    "rows": [
      "ハンドラの戻り値が間違っています。JSON で返すように修正します。",
      "原因が分かりました。トークンを検証してからユーザー情報を返す形に書き換えます。",
      "では、接続プールの設定を見直します。",
      "次に、呼び出し側のエラー判定を修正します。",
      "まず、useState の初期値を確認します。",
      "テストが 1 件落ちています。空配列のケースを直します。",
    ],
  },
  {
    "name": 'ja2: code in a sentence: a ";" before a particle goes on with the sentence (not pushed)',
    "push": false,
    "rows": [
      "回答は以上です。\n\n要点：Vue では子コンポーネントが emit('update'); の形で親に通知し、親は v-on で受け取ります。",
    ],
  },
  {
    "name": 'ja2: code in a sentence: a ";" before a particle goes on with the sentence (pushed)',
    "push": true,
    "rows": [
      "原因は初期化の順番です。init(); を呼ぶ位置を入れ替えます。",
    ],
  },
  {
    "name": "ja3: need-to: the reader's, a person's, advice, a rule, options, later (not pushed)",
    "push": false,
    "rows": [
      "API キーの再発行が必要です。管理画面から発行していただけますか？",
      "ビルドには Xcode のライセンス同意が必要です。ターミナルで sudo xcodebuild -license を実行してください。",
      "本番 DB のマイグレーションが必要です。実行してよろしいですか？",
      "続けるには、リポジトリへの書き込み権限の付与が必要です。",
      "設定ファイルの更新が必要です。内容を確認のうえ、問題なければ教えてください。",
      "デプロイ前に、セキュリティチームのレビューが必要です。",
      "この変更は本番に影響するので、チームの合意が必要です。",
      "ここから先は、あなたの判断が必要です。A 案と B 案のどちらで進めますか？",
      "証明書の再発行が必要です。ドメインの管理者に依頼してください。",
      "動かすには Docker のインストールが必要です。",
      "M1 Mac の場合は、Rosetta のインストールが必要です。",
      "Python 3.11 以上で実行する必要があります。",
      "毎回この手順を繰り返す必要があります。",
      "キャッシュを消すか、ブラウザを再起動する必要があります。",
      "修正は完了しました。ただし、次回のリリースでは設定の移行も必要です。",
      "このライブラリは初期化時に設定ファイルを読み込む必要があります。",
      "今回の修正でテストの追加は必要ありません。",
      "いずれ依存関係の更新が必要です。",
      "ローカル環境でも動作確認が必要です。お手数ですが、npm run dev で画面を確認していただけますか。",
    ],
  },
  {
    "name": "ja3: need-to said before a person's event (not pushed)",
    "push": false,
    "rows": [
      "マージの前に、レビュアーの承認が必要です。承認されたら、マージします。",
      "ブラウザでの再ログインが必要です。ログインが済んだら教えてください。",
    ],
  },
  {
    "name": "ja3: subagent handing-over that waits or reports (not pushed)",
    "push": false,
    "rows": [
      "レビューは subagent に任せています。結果が返ってくるまで待ちます。",
      "残りの 3 ファイルのレビューは subagent に投げました。指摘はありませんでした。",
      "別の subagent に投げるかどうか、ご判断ください。",
    ],
  },
  {
    "name": "ja3: sub-step and step labels that are the reader's, ask or report (not pushed)",
    "push": false,
    "rows": [
      "手順2：管理画面での操作\n2-1: 管理画面で Webhook を有効にしてください",
      "2-1: 管理画面で API キーを発行してください",
      "2-1: 有効期限の設定項目を追加 ✅",
      "2-2: エラー表示を追加済み",
      "検証1: ログイン画面のリダイレクト — ブラウザで確認していただけますか？",
      "課題2: どちらの方式で進めるか決めてください",
      "課題2: 認証方式の統一（完了）",
    ],
  },
  {
    "name": "ja3: new plain verbs as the reader's steps, specs or advice (not pushed)",
    "push": false,
    "rows": [
      "見出しのレベルは二段目にそろえてください。",
      "ガイドライン：見出しのレベルは二段目にそろえる。",
      "関数名は短い名前に変える方がいいです。",
      "関数名を短い名前に変えるかどうか、決めていただけますか？",
      "設定を変えると、再起動後に反映される。",
      "リストの中身は、古い順に詰める。",
    ],
  },
  {
    "name": "ja3: a topic before a reason clause: descriptions and waits (not pushed)",
    "push": false,
    "rows": [
      "このスクリプトは毎晩動くので、古いログを自動で消します。",
      "このジョブは失敗しても再試行するので、データは失われません。",
      "この設定はチーム全体に関わるので、変更してよいか教えてください。",
    ],
  },
  {
    "name": "ja3: frames and generic times that are the agent's steps (must still push) (pushed)",
    "push": true,
    "rows": [
      "このファイルでは、未使用の import を削除します。",
      "テストでは、モックを使う形に書き換えます。",
      "まず、起動時の設定読み込みを確認します。",
    ],
  },
  {
    "name": "ja4:  (not pushed)",
    "push": false,
    "rows": [
      "このスクリプトは毎晩動くので、古いログを消す。",
      "キャッシュが古いと表示が崩れるので、起動時に作り直す。",
      "本全体が「です・ます」調なので、この章もそろえるか決めてください。",
      "他の章が日本語なので、見出しを日本語に変えてもよいですか？",
    ],
  },
  {
    "name": "ko1: need-to for the agent's own next step after a diagnosis (pushed)",
    "push": true,
    "rows": [
      "설정 파일 경로가 잘못되어 있습니다. 경로를 절대 경로로 바꿔야 합니다.",
      "캐시가 남아 있는 것 같습니다. 빌드 폴더를 지우고 다시 빌드해야 합니다.",
      "새 라우트 설정이 적용되지 않았습니다. 개발 서버를 재시작해야 합니다.",
      "아직 커밋되지 않았습니다. 커밋하고 푸시해야 합니다.",
    ],
  },
  {
    "name": "ko1: need-to that is the reader's, a rule or advice (must not push) (not pushed)",
    "push": false,
    "rows": [
      "운영에 반영하려면 관리자 콘솔에서 키를 다시 발급하셔야 합니다.",
      "계속하려면 GitHub 로그인이 필요합니다. 브라우저에서 인증해 주세요.",
      "운영 환경에서는 이 환경 변수를 반드시 설정해야 합니다.",
      "Node 20 이상이어야 합니다.",
      "큰 파일을 다룰 때는 메모리 한도를 늘려야 합니다.",
      "수정은 끝났습니다. 앞으로 새 설정을 추가할 때는 README도 갱신해야 합니다.",
      "배포하려면 관리자 권한이 필요합니다. 권한을 부여해 주실 수 있나요?",
    ],
  },
  {
    "name": "ko1: terse noun notes (elliptical) as the last words (pushed)",
    "push": true,
    "rows": [
      "타입 오류 원인 파악됨. 수정.",
      "컨테이너 정리 끝. 운영 체크리스트 문서 작성.",
      "이제 로그인 폼 검증 추가 + 에러 메시지 정리.",
      "작업 2 완료. 이제 작업 3: 설정 화면에 저장 버튼 추가.",
      "이제 테스트 파일 정리 후 커밋.",
    ],
  },
  {
    "name": "ko1: terse notes that report (must not push) (not pushed)",
    "push": false,
    "rows": [
      "빌드 결과 확인 완료. 산출물 복사됨.",
      "수정 완료.",
      "설치 가이드 문서 작성함.",
      "로그인 폼 검증 추가, 에러 메시지 정리 — 모두 반영됨.",
    ],
  },
  {
    "name": "ko1: plain present of the agent's step with an object (pushed)",
    "push": true,
    "rows": [
      "에디터가 파일을 덮어썼습니다. 내용을 새로 불러온 뒤 고칩니다.",
      "마지막 단계로, 라우터에 헬스 체크 엔드포인트를 붙입니다.",
      "변경이 남은 브랜치들은 먼저 백업 태그를 붙여서 정리합니다.",
    ],
  },
  {
    "name": "ko1: present that describes the code (must not push) (not pushed)",
    "push": false,
    "rows": [
      "이 함수는 빈 배열을 받으면 null을 반환합니다.",
      "워커는 5분마다 실행되어 대기 중인 작업을 처리합니다.",
      "요청이 오면 토큰을 검증하고 사용자 정보를 돌려줍니다.",
    ],
  },
  {
    "name": "ko1: headings that name the next check (pushed)",
    "push": true,
    "rows": [
      "작업 5 — 배포 스크립트 주석 갱신",
    ],
  },
  {
    "name": "ko1: headings that name the next check (not pushed)",
    "push": false,
    "rows": [
      "이슈 6: 캐시 무효화 검증 ✅ 완료",
      "결정이 필요한 부분 2: 패키지 이름 변경 여부",
    ],
  },
  {
    "name": "ko1: a casual -ㅁ / -음 form (not pushed)",
    "push": false,
    "rows": [
      "디렉터리 구조 표도 넣었음.",
    ],
  },
  {
    "name": "ko1: waits near the new rules (must not push) (not pushed)",
    "push": false,
    "rows": [
      "커밋하고 푸시해야 합니다. 진행해도 될까요?",
      "이슈 3: 배포 방식 — 어느 쪽으로 갈지 정해 주세요.",
      "이제 작업 3: 결제 키 등록 — 대시보드에서 직접 등록해 주셔야 합니다.",
      "로그인 후 알려 주시면 수정하겠습니다.",
      "빌드 폴더를 지우고 다시 빌드해야 합니다. 권한이 없어서 직접 실행해 주셔야 합니다.",
    ],
  },
  {
    "name": "ko2: a terse note ending on a verbal noun of work the list did not hold (not pushed)",
    "push": false,
    "rows": [
      "결과 파일을 공유 폴더로 복사 완료.",
      "결과 파일 복사됨.",
      "캐시 폴더는 커밋 대상에서 제외됨.",
      "결과 파일을 공유 폴더로 복사해 주세요.",
      "설정 파일에 새 이름 명시 부탁드립니다.",
    ],
  },
  {
    "name": "ko2: marking a task done as the agent's own step (not pushed)",
    "push": false,
    "rows": [
      "체크리스트 2번 항목 완료 처리했습니다.",
      "체크리스트 2번 항목은 이미 완료 처리되어 있습니다.",
      "체크리스트 2번 항목을 완료 처리해도 될까요?",
    ],
  },
  {
    "name": "ko2: a need-to with an aside in brackets at the end (not pushed)",
    "push": false,
    "rows": [
      "개발 서버를 다시 시작해 주셔야 합니다 (제 권한으로는 재시작이 안 됨).",
      "서버는 설정이 바뀔 때마다 다시 시작해야 합니다 (캐시 때문).",
    ],
  },
  {
    "name": "ko2: issue and item labels at the very end (not pushed)",
    "push": false,
    "rows": [
      "이슈 5: 로그 포맷 통일 ✅",
      "주요 이슈 2: 응답 시간 측정 방식 명시 — 완료",
      "이슈 5: 로그 포맷을 어느 쪽으로 통일할지 정해 주세요.",
      "항목 3은 직접 확인해 주셔야 합니다.",
    ],
  },
  {
    "name":
      "ko3: a topic closed by a reason clause: descriptions of the code (must not push) and the agent's step (push) (not pushed)",
    "push": false,
    "rows": [
      "이 스크립트는 매일 밤 돌기 때문에 오래된 로그를 자동으로 지웁니다.",
      "이 잡은 실패해도 재시도하므로 데이터는 남습니다.",
      "워커는 큐가 비면 잠들기 때문에 CPU를 거의 쓰지 않습니다.",
      "이 작업은 운영에 영향을 주므로 진행해도 될지 확인 부탁드립니다.",
      "이 설정은 팀 전체에 영향을 주므로 변경 여부를 정해 주세요.",
    ],
  },
  {
    "name": "ko3: a tool's name before a topic: descriptions (must not push) (not pushed)",
    "push": false,
    "rows": [
      "lint 명령은 변경된 파일만 검사합니다.",
      "config.ts 파일은 환경 변수를 읽어 기본값을 채웁니다.",
    ],
  },
  {
    "name": "ko3: a tool's name before a topic: descriptions (must not push) (pushed)",
    "push": true,
    "rows": [
      "build 스크립트를 고쳐서 dist 폴더를 비우고 다시 만듭니다.",
    ],
  },
  {
    "name": "ko3: new work nouns as the reader's steps, reports, or later (not pushed)",
    "push": false,
    "rows": [
      "로그 파일을 이 폴더로 복사해 주시겠어요?",
      "설정 파일에 토큰 값 명시 후 알려 주세요.",
      "테스트 픽스처는 이미 복사되어 있습니다.",
      "체크리스트 2번 항목은 직접 완료 처리해 주세요.",
      "체크리스트 2번 항목은 완료 처리했습니다.",
    ],
  },
  {
    "name": "ko3: issue and item labels with the reader, a question or a report (not pushed)",
    "push": false,
    "rows": [
      "이슈 4: 배포 일정 — 언제 진행할지 알려 주세요.",
      "항목 2: 결제 키 — 대시보드에서 직접 발급해 주셔야 합니다.",
      "이슈 4: 배포 일정 조정 (완료)",
      "항목 2: 결제 키 검증 — 문제 없음.",
      "주요 이슈 1: 어떤 방식으로 갈까요?",
    ],
  },
  {
    "name": "ko3: need-to with an aside (not pushed)",
    "push": false,
    "rows": [
      "서버를 다시 시작해야 합니다 (직접 실행해 주셔야 함).",
      "이 설정은 운영 환경에서만 바꿔야 합니다 (개발 환경은 그대로).",
    ],
  },
  {
    "name": "ko4:  (not pushed)",
    "push": false,
    "rows": [
      "이제 작업 3 완료 + 작업 4 완료.",
      "작업 3 완료, 작업 4 진행 완료.",
      "생성된 이미지가 실제로 열리는지 확인 완료.",
      "이미지가 실제로 열리는 것 확인함.",
      "라우터에 새 핸들러 등록을 완료했습니다.",
      "이 스크립트는 설치를 완료합니다.",
      "작업 3 완료. 이제 작업 4 진행해도 될까요?",
      "이미지가 제대로 열리는지 직접 확인해 주세요.",
      "라우터 등록을 완료하려면 관리자 승인이 필요합니다.",
      "배포가 끝나면 라우터 등록을 완료하겠습니다.",
    ],
  },
  {
    "name": "mx1: Korean casual and softened forms (pushed)",
    "push": true,
    "rows": [
      "일단 로그부터 한번 볼게요.",
      "그럼 테스트를 다시 돌려볼게요.",
      "원인이 보이네요. 바로 고쳐볼게요.",
      "설정 파일을 먼저 열어봐야겠습니다.",
      "좋아요, 이제 라우터 쪽을 손볼게요.",
    ],
  },
  {
    "name": "mx1: Korean casual and softened forms (not pushed)",
    "push": false,
    "rows": [
      "원하시면 테스트도 돌려볼게요.",
      "괜찮으시면 바로 고쳐볼게요.",
      "로그를 보내 주시면 한번 볼게요.",
      "로그를 한번 봤는데, 별다른 문제는 없었어요.",
    ],
  },
  {
    "name": "mx1: Japanese softened forms (pushed)",
    "push": true,
    "rows": [
      "とりあえずログを見てみます。",
      "では、テストをもう一度流してみますね。",
      "原因が見えてきました。まず設定ファイルを開いてみます。",
      "まずは依存関係のバージョンから。",
      "ひとまず型エラーを潰していきます。",
    ],
  },
  {
    "name": "mx1: Japanese softened forms (not pushed)",
    "push": false,
    "rows": [
      "よろしければ、テストも流してみます。",
      "ログを送っていただければ、見てみます。",
      "ログを見てみましたが、特に問題はありませんでした。",
      "まずは依存関係のバージョンから確認しましたが、問題ありませんでした。",
    ],
  },
  {
    "name": "mx1: mixed-language lines (English verbs, tool names, code words) (pushed)",
    "push": true,
    "rows": [
      "Now .env 정리 + 환경 변수 테스트 추가:",
      "次に `router.ts` を refactor します。",
      "では lint を fix して、CI を re-run します。",
      "テスト追加 → commit → push の順で進めます。",
      "先に git stash してから pull します。",
    ],
  },
  {
    "name": "mx1: mixed-language lines (English verbs, tool names, code words) (not pushed)",
    "push": false,
    "rows": [
      "`api.ts` fix 완료, re-run 통과.",
      "router.ts の refactor は完了しました。",
      "次に `router.ts` を refactor してもよいですか？",
      "lint を fix したら push してもいいですか？",
      "이제 `api.ts` fix 해도 될까요?",
      "テスト追加 → commit → push まで完了しています。",
    ],
  },
  {
    "name": "w1: a person's event or decision named as the next thing (not pushed)",
    "push": false,
    "rows": [
      "Then the release, after QA signs off.",
    ],
  },
  {
    "name": "w1: a person's event or decision named as the next thing (pushed)",
    "push": true,
    "rows": [
      "Next, the migration for the orders table.",
      "Next: the retry logic in the client.",
    ],
  },
  {
    "name": 'w1: the next step is the reader\'s, said with "yours" or "your turn" (not pushed)',
    "push": false,
    "rows": [
      "Your move: merge #17 and I'll rebase the rest.",
      "Over to you for the DNS change; I'll verify after.",
      "This bit is on you — approve the app in Slack and I'll finish the wiring.",
    ],
  },
  {
    "name": "w1: a check on the reader's intent at the end of the agent's description (not pushed)",
    "push": false,
    "rows": [
      "In this step we're only touching the parser, if that lines up with your plan.",
      "I'm treating the old endpoint as deprecated, assuming that's your intent.",
    ],
  },
  {
    "name": 'w1: a reader-only step after "now" (not pushed)',
    "push": false,
    "rows": [
      "Now scan the QR code with your phone.",
    ],
  },
  {
    "name": 'w1: a reader-only step after "now" (pushed)',
    "push": true,
    "rows": [
      "Now open the config file and add the retry key.",
    ],
  },
  {
    "name": "w1: decisions for the reader in ko and ja (not pushed)",
    "push": false,
    "rows": [
      "決めていただきたい点:\n**1. キャッシュの有効期限**\n**2. 再試行の回数**",
      "다음은 보안팀 승인입니다.",
      "다음: 운영팀이 배포 시간을 정해야 합니다.",
      "次：運用チームがリリース日を決めます。",
    ],
  },
  {
    "name": "w2:  (not pushed)",
    "push": false,
    "rows": [
      "設定ファイルのパスを書き換える必要があります。書き換えてもよろしいですか？",
      "単体テストの書き換えが必要です。ご確認ください。",
      "追加が必要です。どちらのバージョンを入れるか決めていただけますか。",
      "ご指示いただければ、ビルドディレクトリを消してから再ビルドする必要があります。",
      "残りのレビューは reviewer の subagent に回します。その前に、対象ファイルを教えてください。",
      "2-1: 有効期限の設定項目を足す\n\nこの順番でよいか確認をお願いします。",
      "検証1: ログイン画面のリダイレクト\n\n手元で確認していただけますか？",
      "短い名前に変える。問題なければ OK と返信ください。",
      "주요 이슈 2: 응답 시간 측정 방식 명시\n\n이 방향이 맞는지 확인해 주세요.",
      "설정 파일에 새 키 이름 명시. 이름은 정해 주시면 반영하겠습니다.",
      "체크리스트 4번을 완료 처리합니다. 괜찮을까요?",
      "인터페이스에 필드를 추가해야 합니다 (API 응답이 바뀜). 진행해도 될까요?",
      "이제 `api.ts` fix 후 re-run. 권한이 필요하니 승인 부탁드립니다.",
      "Next: the retry logic in the client — your call on the backoff.",
      "We need to see the exact error. Could you paste the log?",
      "## Proposed fixes\n\nI'll apply Fix 1 once you pick one:",
    ],
  },
  {
    "name": "q1:  (not pushed)",
    "push": false,
    "rows": [
      "Before I wire the queue, which would you prefer:",
      "Two ways to store the sessions. Should I go with:",
      "One open point on the schema. What's your preference here:",
      "For the retry budget, would you rather have:",
      "Quick check before the migration — are we keeping the old column:",
      "세션 저장 방식을 골라 주세요:",
      "キャッシュの方式はどちらにしますか：",
      "保存先を選んでください：",
    ],
  },
  {
    "name": "q1:  (pushed)",
    "push": true,
    "rows": [
      "Now wiring the queue into the worker:",
      "Next, the eviction policy in cache.ts:",
      "Let me update the schema:",
      "I'll add the retry budget to the client:",
      "이제 캐시 정책을 수정하겠습니다:",
      "次にキャッシュの方式を修正します：",
    ],
  },
  {
    "name": "w3:  (not pushed)",
    "push": false,
    "rows": [
      "The fix is ready on the branch. Once CI is green on your side, I'll tag the release.",
      "I've drafted the migration. It needs a maintenance window — let me know when one works and I'll run it.",
      "Deploy is blocked on the missing API key. As soon as it's in the vault, I'll redeploy.",
      "I'll hold off on the merge until the design team weighs in.",
      "Waiting on the vendor's sandbox credentials; I'll wire up the webhook after they arrive.",
      'Ready when you are: say "go" and I\'ll start the backfill.',
      "Two paths from here: patch the parser now, or wait for the upstream fix. Your pick.",
      "I can switch the queue to Redis next, if you'd like.",
      "Next step would be to enable the flag in production — that's your call.",
      "The last item needs a human: someone has to rotate the signing key in the HSM.",
      "Let me know which region to deploy to, then I'll proceed.",
      "I'll continue once you've confirmed the schema change with the DBA.",
      "CI에서 승인 대기 중입니다. 승인되면 바로 머지하겠습니다.",
      "배포 창이 정해지면 알려 주세요. 그때 마이그레이션을 실행하겠습니다.",
      "다음은 디자인팀 검토입니다. 의견이 오면 반영하겠습니다.",
      "이 부분은 직접 결정해 주셔야 합니다: 캐시를 유지할지, 끌지.",
      "원하시면 Redis로 바꾸는 작업도 이어서 하겠습니다.",
      "CI での承認待ちです。承認され次第マージします。",
      "メンテナンス枠が決まったら教えてください。そのタイミングでマイグレーションを流します。",
      "API キーが登録され次第、再デプロイします。",
      "次はデザインチームの確認です。フィードバックが来たら反映します。",
      "ここはご判断をお願いしたいです：キャッシュを残すか、外すか。",
      "ご希望があれば、Redis への切り替えも続けて行います。",
    ],
  },
  {
    "name": "w3:  (pushed)",
    "push": true,
    "rows": [
      "CI is green. Tagging the release now.",
      "API 키 등록 확인. 바로 재배포하겠습니다.",
      "API キーの登録を確認しました。続けて再デプロイします。",
    ],
  },
  {
    "name": "w4:  (not pushed)",
    "push": false,
    "rows": [
      "Once you're happy with the wording, I'll squash and merge.",
      "If the numbers look right to you, I'll publish the report.",
      "I'd rather not touch prod without a second pair of eyes, so I'll pause here.",
      "Should the flaky test fail again, ping me and I'll dig in.",
      "マージはお任せします。",
      "あとはよろしくお願いします。",
      "文言に問題がなければ、そのままスカッシュしてマージします。",
      "ステージング環境が空いたら、負荷テストを再実行します。",
      "本番は二人目の確認なしでは触りたくないので、ここで止めます。",
      "お客様側で修正を確認していただけたら、チケットを閉じます。",
      "나머지는 부탁드려요.",
      "문구가 괜찮으시면 스쿼시해서 머지하겠습니다.",
      "스테이징 서버가 비면 부하 테스트를 다시 돌리겠습니다.",
      "운영은 한 명 더 확인하기 전에는 건드리지 않는 게 좋겠어서, 여기서 멈추겠습니다.",
      "고객사에서 수정이 확인되면 티켓을 닫겠습니다.",
      "릴리스 매니저가 태그를 달면 체인지로그를 갱신하겠습니다.",
      "リリースマネージャーがタグを付けたら、変更履歴を更新します。",
    ],
  },
  {
    "name": "w5:  (not pushed)",
    "push": false,
    "rows": [
      "キャッシュの設定を変えました。反映には VS Code の再起動が必要です。",
      "プラグインを入れました。有効にするためにエディタを開き直す必要があります。",
      "原因は証明書の期限切れです。キーチェーンで証明書を入れ替える必要があります。",
      "ビルドは成功しました。Android 実機で通知を確認する必要があります。",
      "ここから先は利用者側の設定です。\n\n1-1: ルーターの管理画面にログイン",
      "導入手順：\n\n設定ファイルのポート番号を自分の環境に合わせて変える",
      "ステージングは共有なので、チームの許可をもらってから再起動します。",
      "이제 팀 리뷰 후 redeploy.",
      "이제 QA 확인 받고 push.",
      "사용자가 다크 모드를 원하는지 확인.",
      "주요 이슈 1: 스토어 관리 화면에서 가격 설정 확인 필요",
      "Option B (optional): switch the cache to Redis:",
      "The rest is manual:\n\n1. Open the store console\n2. Submit the build for review",
      "나머지는 수동 작업입니다.\n\n1. 스토어 관리 화면 열기\n2. 심사 메모 작성",
    ],
  },
  {
    "name": "w5:  (pushed)",
    "push": true,
    "rows": [
      "Next up: the retry logic in the client.",
      "この関数では、未使用の変数を削除します。",
      "원인을 찾았습니다. 설정 파일의 경로를 고쳐야 합니다.",
      "나머지는 제가 바로 정리하겠습니다.",
    ],
  },
];

familyTests(FAMILIES);
