/**
 * Japanese Stop-gate patterns. "〜ます" is both the plain present of a description ("このスクリプトは
 * ビルドを実行します") and the announcement of one's own next step ("次は debts.js に進みます"),
 * so a bare "ます" needs a sequencing marker, a continuation verb, or a する-verb with an object
 * and no third-person topic. Passive, potential, existential and negative endings never count.
 */
import type { LangPatterns } from "./pattern-types.ts";

const r = String.raw;

/** A sentence end; a colon ends the line that introduces what the agent is about to do. */
/** A sentence end; a colon ends the line that introduces what the agent is about to do; ね / よ soften it. */
const STOP =
  r`(?:ね|よ|ねー|よね)?(?:[（(][^）)]*[）)])?[。．!！:：]?(?:\s*[\p{Extended_Pictographic}\uFE0F\u200D]+)?\s*$`;
/** A topic marked with は after a noun, other than sequencing topics (次は, 今回は). */
const TOPIC = r`[\u4E00-\u9FFF\u30A0-\u30FFA-Za-z0-9\uE000)）](?<!次|今回|今日|今|最後) ?は(?![いじ])`;
/** Passive, potential, existential, negative and question endings, and requests to the reader. */
/**
 * An either-or step of the agent's own under a case on the code or a tool, not on the reader and not later
 * ("ツールが使える場合は、スキップするか別のテストに切り替えます。"): the step is taken now, one way or the other.
 */
const CASE_EITHER =
  // The case is a state now, in the non-past ("使える場合", "失敗する場合", "使用中のとき"): a case in the past form
  // ("レビューが通った場合", "もらえた場合") is an event still to come, often a person's, so it stays a condition; so is a
  // failure that comes back after the fix ("それでも失敗する場合", "エラーが続く場合", round 20: advice for that case).
  r`^(?![^。]*(?:いただ|頂|ください|下さい|もら|くれ|ご[\u4E00-\u9FFF]|承認|許可|権限|了承|OK|次回|今後|将来|あとで|後で|お客様|ユーザー|レビュー|返信|返事|回答|指示|決ま|判断|それでも|続く|続け|再発|再び|頻発|頻繁|繰り返|もし|万一|万が一|可能性|かもしれ))` +
  r`[^、。]*?(?<![ただ])(?:場合|とき|時)(?:に)?は[、,]?[^。]*?(?<!ま)[うくすつぬむぶぐる]か[、,]?[^。]*?ます[。．]?\s*$`;
/** A reassurance with its reason ("…を返すので、こちらは問題ありません。"): it judges a case, the sentence before decides. */
const REASSURANCE =
  r`^[^。]*(?:ので|から)[、,]?[^。]{0,20}?(?:問題|影響|心配)(?:は|も)?(?:ありません|ない|なし)[。．!！]?\s*$`;
const NOT_ACTION =
  r`(?:されます|られます|(?<!入)れます|あります|(?<![行使])います|なります|できます|ません|ますか|お願いします|お願いいたします|(?:終了|完了|終わりに)します)` +
  STOP;
const MARKERS =
  r`(?:では|それでは|次に|次は|次の作業として|次のステップとして|これから|今から|続いて|続けて|引き続き|まずは?|このまま|早速|すぐに|ここから|先に)`;
/** Work verbs that are not する-verbs but announce the agent's own next step with an object. */
const WORK_VERB =
  r`(?:します|(?:して)?(?:いきます|みます|おきます)|行います|書きます|作ります|入れます|変えます|組み込みます|片付けます|進めます|まとめます|直します|調べます|確かめます|見直します|試します|動かします|回します|流します|消します|読みます|探します|見ます|開きます|書き換えます|置き換えます|立ち上げます|足します|切り替えます|替えます|戻します|外します|加えます|揃えます|付けます|分けます|載せます|渡します|走らせます)`;
/** する-nouns whose "します" explains, reports or describes rather than does work. */
const NOT_WORK_NOUN =
  r`(?:説明|紹介|解説|報告|要約|意味|該当|存在|発生|成功|失敗|完了|終了|動作|機能|一致|依存|関係|推奨|提案|共有|連絡|判断|完結|成立|両立|共存|作動|連動)(?:いた)?します`;
/**
 * A が inside a noun modifier ("ストアが参照する型定義ファイルを作成します") belongs to the modifier:
 * a verb ending (る, た, い) right before a noun, or the nominaliser こと/の, and then を.
 */
const RELATIVE = r`(?:[るたい](?:こと|の|[\u4E00-\u9FFF\u30A0-\u30FFA-Za-z\uE000])[^、。]*を|` +
  // …and one inside a case ("設定ファイルがない場合のフォールバックも修正"): the case names the object.
  r`(?:場合|とき|時)の[^、。]*[をも])`;
/** A subject marked with が: the final clause describes something else acting. */
const SUBJECT = r`[^\s、。]が(?![^、。]*?` + RELATIVE + r`)`;

/**
 * Round 19: the reader's own step in a terse note — a place, a device or an account only a person reaches, someone
 * else, or an act only a person does (a click, a scan, typing a value in, a choice, posting to people):
 * "スクリプト作成完了。ターミナルで実行。", "フック設定完了。新しいセッションで確認。". A terse note has no subject, so where
 * and how the step is done is the only mark of whose step it is.
 */
const READER_STEP =
  r`ターミナル|端末で|シミュレータ|エミュレータ|実機|ブラウザ|Chrome|Safari|エディタ|IDE|VS\s?Code|Cursor|Xcode|` +
  r`Claude\s?Code|新しい\s?セッション|セッション(?:を)?再起動|ホームディレクトリ|キーチェーン|[Kk]eychain|Secrets?|シークレット|` +
  r`管理画面|コンソール|ダッシュボード|Apple\s?Developer|App\s?Store|TestFlight|ストア|手動|手作業|手元|ご自身|各自|` +
  r`ユーザー(?:側|自身|の手|に|が)|お客様|レビュアー|承認(?!フロー|処理|ロジック|機能|画面|API|テスト)|許可を|クリック|タップ|スキャン|読み取り|(?:値|キー|トークン|パスワード|コード)を入力|に入力|(?:を|の)(?:選択|判断|決定)[。．]?\s*$|投稿|` +
  r`ログイン|支払い|決済|カード|OTP|2FA|[\u4E00-\u9FFF\u30A0-\u30FF](?:さん|様)|チャンネル|社内`;

export const JA: LangPatterns = {
  lang: "ja",
  flags: "u",
  patterns: [
    { id: "ja.escape.approval", kind: "escape", source: r`承認待ち\s*[:：]` },
    { id: "ja.escape.end", kind: "escape", source: r`無人モード終了\s*[:：]` },
    {
      id: "ja.approval.approve",
      kind: "approval",
      source: r`承認(?:を|が)?(?:お願い|ください|待|必要|いただ|後|され次第)`,
    },
    {
      id: "ja.approval.request",
      kind: "approval",
      source:
        r`(?:ご確認|ご判断|ご指示|ご意見|ご返信|ご回答|ご検討|更新|確認|対応|レビュー)(?:を)?(?:お願い|ください|いただ)`,
    },
    // "いただければ" hangs the next step on something the reader gives.
    {
      id: "ja.approval.ask",
      kind: "approval",
      source: r`(?:教えて|お知らせ|ご連絡)(?:ください|いただ)|いただ(?:ければ|けたら|き次第|けますか)`,
    },
    // Honorific or reader-judgement conditionals hang the next step on the reader.
    {
      id: "ja.approval.offer",
      kind: "approval",
      source:
        r`(?:ご希望|必要)(?:であれば|でしたら|なら)|よろしければ|よければ|(?:思われ|感じられ|お思いになっ)たら|お望み(?:なら|でしたら)`,
    },
    { id: "ja.approval.human", kind: "approval", source: r`人(?:間)?の(?:確認|判断)が必要` },
    { id: "ja.approval.blocked", kind: "approval", source: r`これ以上進められません|進めることができません` },
    {
      id: "ja.wait",
      kind: "wait",
      source:
        r`待って(?:います|おります)|待ちます|お待ちしております|(?:来たら|出たら|終わったら|完了したら|届いたら|戻ったら|終わり次第|完了し次第)|` +
        // "返事を待ってから次に進みます。": the next step comes after a reply or a result (round 17).
        r`(?:返事|返信|回答|結果|報告|完了|反応)を待って(?:から|、)` +
        // "返事をもらってから進めます", "許可をもらってから再起動します": after a person gives it (round 17).
        r`|(?:返事|返信|回答|許可|承認|OK|権限|レビュー|確認|了承|同意)を?(?:もらって|いただいて|得て|受けて)から`,
    },
    // Round 18: a promise to ask the reader first ("まず方針をご相談してから進めます", "以降は…前に必ず確認を取ります",
    // "判断を仰いでから", "OKが出てから"): the next step is the reader's answer.
    {
      id: "ja.wait.ask-first",
      kind: "wait",
      scope: "tail",
      source:
        r`ご?相談(?:して|の上|させて|します)|確認を(?:取|と)(?:り|って|ります|る)|お?伺い(?:します|して|を立て)|伺って|(?:判断|指示|決裁)を仰|(?:OK|許可|承認|ゴーサイン|了承)が(?:出て|出たら|下りて|下りたら)|聞いてから|聞くように`,
    },
    // "レビュー後にマージします": the next step waits on someone else's review, approval or meeting.
    {
      id: "ja.wait.after-event",
      kind: "wait",
      scope: "tail",
      source:
        r`(?:レビュー|承認|会議|ミーティング|打ち合わせ|フィードバック|リリース|ご確認)(?:の)?(?:後|あと)(?:に|で|、|,)`,
    },
    {
      id: "ja.handoff",
      kind: "handoff",
      source:
        r`新しいセッションが必要|ハンドオフ文書に(?:まとめ|記載|書き)ました|コンテキストの?上限に達|ソフト上限を超え`,
    },
    // The message turns to the reader (issue 31): a request, an honorific for the reader's action,
    // a condition on it, a choice offered.
    // The rest is the reader's side of the work ("残りは手作業になります", "ここから先は利用者側の設定です", round 17).
    {
      id: "ja.reader.side",
      kind: "approval",
      source:
        r`(?:残り|ここから(?:先)?|以下|あと|この先)は[^。]{0,15}?(?:手作業|手動|ユーザー側|利用者側|お客様側|手元|ご自身|実機)`,
    },
    {
      id: "ja.reader.plan-ok",
      kind: "approval",
      scope: "tail",
      // "方針に問題がなければ実装に進みます": the next step hangs on the reader's judgement of the plan.
      source:
        r`(?:方針|提案|計画|設計|内容|方向性|この案|プラン|進め方|対応方針)(?:に|で|が|は|について)?(?:問題|異論|異存|ご意見)(?:が|は)?(?:なければ|ないようでしたら|ないようなら|なさそうなら)|(?:方針|提案|計画|内容|進め方)(?:で|が)(?:よければ|良ければ|よろしければ|OKなら|問題なければ)|(?:^|[、\s])(?:OKなら|オーケーなら|大丈夫(?:そう)?なら|よさそうなら|問題なさそうなら)`,
    },
    {
      id: "ja.reader.request",
      kind: "approval",
      scope: "tail",
      source:
        // What the reader already did ("ご指摘いただいた点", "共有いただきありがとうございます") asks nothing.
        // Asking leave to look ("確認させてください", "拝見させていただきます") is the agent's own step.
        r`(?<!させて)いただ(?!いた(?![らり])|き(?:ました|まして|あり))|頂(?:け|き(?!ました|まして|あり)|い(?!た))|(?<!させて)ください|下さい|(?<!させて)くださ(?!った(?!ら)|り)|お願い|もらえ(?:ますか|れば|たら|ると)|くれ(?:れば|たら|ますか)|なさ(?:っ(?!た)|れ|い)`,
    },
    // Round 19: a favour the reader is to do first ("確認してもらって、…", "見てもらったら", "目を通してもらいたい"); not
    // one asked of the agent's own subagent ("サブエージェントにレビューしてもらって、…を反映します").
    {
      id: "ja.reader.favour",
      kind: "approval",
      scope: "tail",
      source: r`[てで]もらって(?=[、,\s])|[てで]もらった(?:ら|上で|後)|[てで]もらい(?:たい|ます)`,
      unless:
        r`(?:エージェント|[Aa]gent|サブエージェント|[Ss]ubagent|Codex|Gemini|Claude)[^。]{0,20}?(?:に|へ)[^。]*?[てで]もら`,
    },
    {
      id: "ja.reader.honorific",
      kind: "approval",
      scope: "tail",
      source:
        r`ご(?:確認|対応|検討|判断|指示|連絡|返信|承認|協力|選択|設定|用意|準備|提供|共有|教示|入力|実行|登録|希望|意見|一報|了承)(?!(?:を|の)?(?:いただいた|いただき(?:ました|まして|あり)|くださった|くださり|ありがとう))|お(?:知らせ|待ち|試し|手数|選び|伝え|手元|使いの|持ち)|あなた(?!の(?:変更|編集|修正|コード|コミット|作業|設定)(?:は|を|に|も)?(?:そのまま|残|維持|保持|活か))`,
    },
    {
      id: "ja.reader.need",
      kind: "approval",
      scope: "tail",
      source:
        r`(?:キー|トークン|パスワード|権限|アクセス|認証|承認|判断|回答|シークレット|認証情報)(?:が|の)?(?:必要です|必要になります|必要となります)`,
    },
    {
      id: "ja.reader.choice",
      kind: "approval",
      scope: "tail",
      source:
        r`(?:方法|案|選択肢|やり方|アプローチ|方針)(?:は|が|として)?\s?(?:[2-4２-４二三四]|いくつか)(?:つ|通り)|(?:案|オプション|選択肢|方法)\s?[A-DＡ-Ｄ1-4１-４]|どちら(?:でも|か|に)|いずれ(?:か|でも)`,
    },
    // "確認ですが:" at the very end introduces a question to the reader.
    {
      id: "ja.question.label",
      kind: "question",
      source:
        r`(?:確認(?:です|なのです|なんです)が|質問(?:です|があります)?|(?:確認|お聞き)したい(?:点|こと)(?:が(?:あります|[0-9０-９一二三]点あります))?|お聞きしたいのですが)\s*[:：]?\s*$` +
        // "実装前に決めておきたい点が3つあります:": decisions listed for the reader.
        r`|(?:決め(?:て(?:おき)?たい|る必要がある|なければならない|るべき)|決定が必要な|判断が必要な|選ぶ必要がある)(?:点|こと|事項|項目)[^:：\n]*[:：]\s*$`,
    },
    {
      id: "ja.question.end",
      kind: "question",
      source: r`[?？]\s*$|(?:ますか|ですか|でしょうか|ましょうか|ませんか)[。．]?\s*$`,
    },
    // Japanese writes ？ for questions only: a casual one near the end ("このUXでOK？") asks the reader.
    // (Not a URL's query string: "/api/search?q=term".)
    {
      id: "ja.question.tail",
      kind: "question",
      scope: "window",
      source: r`[？?](?![^\s「」]*[」』])(?![\w\-.\[\]]+=)`,
    },
    {
      id: "ja.question.addressed",
      kind: "question",
      scope: "window",
      source: r`(?:ますか|ですか|でしょうか|ましょうか|ませんか|ないか|よいか|いいか)[?？]`,
    },
    // gate 5
    {
      id: "ja.continue",
      kind: "announce",
      source:
        r`(?:続けます|進みます|進めます|開始します|始めます|取り掛かります|取りかかります|着手します|移ります|[てで]いきます|[てで]みます|参ります|まいります)(?=(?:ね|よ)?(?:[。．!！\s]|$))`,
      // Round 19: a topic in the first clause that is not the agent says what something else goes on to do ("CI はこのまま
      // デプロイのステップに進みます", "このフックはレンダリングごとに購読をやり直していきます").
      unlessSentence: r`^(?:[^（(、。]|[（(][^）)]*[）)])*?(?!私\s?は|僕\s?は|我々\s?は|こちら\s?は)` + TOPIC,
      // (round 20: going on watching a job is waiting, "バックグラウンドジョブの監視を続けます")
      unless: r`(?:監視|見守り|待機|様子見)を?(?:続け|継続し)ます`,
    },
    { id: "ja.marker", kind: "announce", source: r`^` + MARKERS + r`[、,]?.*ます` + STOP, unless: NOT_ACTION },
    {
      id: "ja.marker.inside",
      kind: "announce",
      source: r`(?:今から|引き続き|これから|早速|すぐに?|この後|このあと|続けて|続いて)[^。]*ます` + STOP,
      // (round 19: or a subject that is someone else, "この後、レビューエージェントが差分を確認します")
      unless: NOT_ACTION + "|" + TOPIC + "|" + SUBJECT,
    },
    {
      id: "ja.next",
      kind: "announce",
      source: r`^次(?:は|の作業は|のステップは)[^。]*です` + STOP,
      // "次はセキュリティチームの承認です。": someone else's step (round 16).
      unless: r`承認|了承|許可|レビュー|判断|チーム|担当者|お客様|ユーザー|あなた|皆様`,
    },
    { id: "ja.case.either", kind: "announce", source: CASE_EITHER },
    // A count of the places still to change, as the message's last words ("修正箇所は2つあります。"): the edits come next.
    // (Past or done forms, "修正した箇所は…", report; a question after it is a wait.)
    {
      id: "ja.count-to-change",
      kind: "announce",
      last: true,
      source:
        r`^(?:修正|変更|対応|編集|直す|書き換える)(?:が必要な|する|すべき|の必要な)?(?:箇所|ところ|所|点|ファイル)は[、,]?\s?(?:\d+|[０-９]+|[一二三四五六七八九十])\s?(?:つ|か所|箇所|カ所|ヶ所|ケ所|点|ファイル)(?:あります|です)` +
        STOP,
    },
    { id: "ja.volitional", kind: "announce", source: r`ましょう(?!か)` + STOP },
    // Asking leave to look or check: "現在のファイルを確認させてください。", "拝見させていただきます。"
    {
      id: "ja.leave",
      kind: "announce",
      // (Only verbs of looking or working: "今回は見送らせていただきます" declines.)
      source:
        r`(?:確認|調査|拝見|チェック|検証|調べ|見|読ま|試|修正|実行|テスト|ビルド)させて(?:ください|下さい|いただきます|もらいます)` +
        STOP,
      // "実行してよいか確認させてください。" asks the reader's leave (round 17).
      // (round 20: so do points or premises to confirm with the reader, "いくつか確認させてください。", "念のため、前提を確認
      // させてください。"; taking it back defers, "一度持ち帰って調査させてください。")
      unless: r`(?:てよい|ていい|て良い|でよい|でいい|てもよい|ても良い|てもいい|で問題ない|で大丈夫)か|` +
        r`(?:いくつか|何点か|数点|[一1１]点|念のため|前提|認識|意図|方針|ご[\u4E00-\u9FFF])[^。]*確認させて|持ち帰`,
    },
    // The final clause is a bare work verb: "…ので、コミットします", "…か確認します", "README も更新します".
    {
      id: "ja.suru.final",
      kind: "announce",
      clause: "final",
      // (and its causative, "サブエージェントに確認させます": the agent dispatches the work now).
      source: r`^[^は。]*?(?:[\u30A0-\u30FF\u4E00-\u9FFFA-Za-z\uE000]{2,}\s?(?:(?:いた)?します|させます)|` +
        WORK_VERB +
        r`)` +
        STOP,
      unless: SUBJECT + "|" + NOT_ACTION + "|" + NOT_WORK_NOUN,
      // A topic inside a parenthetical aside ("（設定ファイルは別のPRなので含めません）") governs only the aside.
      unlessSentence: r`^(?:[^（(]|[（(][^）)]*[）)])*?` + TOPIC,
    },
    // A terse action note that introduces the tool call: "`app.go` を UseCase 経由に変更し、… を追加:".
    {
      id: "ja.noun-colon",
      kind: "announce",
      source: r`(?:を|も)[^。]*?[\u4E00-\u9FFF\u30A0-\u30FF]{2,}\s*[:：]\s*$`,
      unless: TOPIC + "|" + NOT_ACTION,
    },
    // Rule-outs: the announcing sentence is something else.
    {
      id: "ja.ruleout.condition",
      kind: "ruleout",
      why: "conditional",
      terminal: true,
      // A condition inside a reason clause ("…すれば終わりなので、すぐやります") does not reach the verb.
      source:
        r`^[^、。]*?(?:(?<!それ|これ|そう)なら(?:ば)?|[ただ]ら|れば|場合(?:に)?は|次第)(?![^。]*(?:ので|ため|けど|から[、,]))`,
      // A case the change handles, in the plain form of a spec ("タグが閉じていない場合は、テキストとして扱う。",
      // "…した場合は、3回まで再試行する形にします") after a step: it describes the step, the step still decides.
      unless:
        r`^[^、。]*?(?:場合|とき|時)(?:に)?は[、,]?[^。]*?(?:(?<!ま)[うくすつぬむぶぐる]|として扱います|(?:よう|形)に(?:します|する)|とします)[。．]?\s*$|` +
        // An either-or step of the agent's own under a case on the code or a tool (see CASE_EITHER).
        CASE_EITHER,
    },
    // Round 20: the step waits on an event of a job's ("チェック通過後にマージします", "ビルド成功後に…", "エージェントの作業
    // 終了後に…", "通った瞬間に…", "CIの結果を見てから…", "デプロイが落ち着いてから…"): the turn ends waiting on it.
    {
      id: "ja.ruleout.event",
      kind: "ruleout",
      why: "conditional",
      source: r`(?:通過|成功|グリーン化)(?:した|して)?(?:後|あと)(?:に|で|、|,)?|^(?:完了|終了)(?:した)?(?:後|あと)|` +
        r`(?:CI|ビルド|チェック|テスト|ジョブ|エージェント|スキャン|パイプライン|ワークフロー|ベンチマーク|デプロイ|実行|処理|作業|[Aa]gent|[Jj]ob)[^、。]{0,4}?(?:完了|終了|完走)(?:した|して)?(?:後|あと)|` +
        r`瞬間に|(?:結果|CI|ステータス|チェック)を(?:見て|確認して)から|(?:落ち着いて|安定して)から|` +
        // (… or someone else's, with its own subject: "デザインが確定した後、…", "ベンダーが…を公開した後で…")
        // (one clause: not across a reason, "エラーが出たので修正した後に…")
        r`[^\s、。]が(?:(?!ので|から|ため|けど|けれど|て(?:から)?[、,])[^、。:：])*?(?:した|された|[いっ]た|んだ)(?:後|あと)(?:に|で|、|,)?`,
      // What code does after an event is a change to make now ("…期限切れになった後にリダイレクトされる不具合を修正します").
      unless: r`不具合|バグ|問題|現象|エラー|ように(?:する|します|修正|変更)|処理を(?:追加|修正|実装)`,
    },
    // Round 20: after saying its own agents, scans or CI are still running, a step that consolidates their results or goes
    // on through the pipeline ("セキュリティスキャンがまだ実行中です。その後、集約して対応します。", "残りはトレーサー1つだけです。
    // その後まとめて対応します。") waits on them; not a step taken meanwhile ("その間に …").
    {
      id: "ja.ruleout.after-running",
      kind: "ruleout",
      why: "conditional",
      source: r`集約|取りまとめ|統合して|→|その結果|(?:続けて|引き続き)進め|その後[、,]?\s?まとめ|` +
        // (… or works on their output: "結果をレポートにまとめます", "数値をPRに要約します")
        r`(?:結果|数値|回答|出力)を[^。]*?(?:まとめ|統合|整理|要約|反映)`,
      unless: r`その間|間に|並行して|先に|今すぐ`,
      context:
        r`(?:エージェント|スキャン|スカウト|トレーサー|CI|ビルド|テスト|ベンチマーク|ジョブ|パイプライン|レビュー|監査)[^。]*?(?:まだ|実行中|作業中|進行中|走って|動いて|バックグラウンド)|(?:エージェント|スキャン|トレーサー|スカウト)[^。]*?残り|残りは[^。]*?(?:エージェント|スキャン|トレーサー|スカウト)`,
    },
    // Round 20: a then-step after a step that waits ("CIが通ったらマージします。その後、ドキュメントに移ります。").
    {
      id: "ja.ruleout.then-after-wait",
      kind: "ruleout",
      why: "conditional",
      afterCondition: true,
      source: r`^(?:その後|そのあと|それから|続けて|そして)`,
    },
    {
      id: "ja.ruleout.recommend",
      kind: "ruleout",
      terminal: true,
      why: "recommendation",
      source:
        r`推奨(?:します|です|いたします)|(?:お|オ)(?:すすめ|勧め|ススメ)(?:します|です|いたします)|提案(?:します|いたします)|べきです|(?:した|する)(?:方|ほう)が(?:良い|よい|いい)`,
    },
    // Agreeing to keep things as they are ("今の30秒のままでいきましょう", "据え置きにしておきましょう",
    // "その方針でいきましょう"): the reader proposed, the agent agrees; it is no step of the agent's.
    {
      id: "ja.ruleout.agree",
      kind: "ruleout",
      why: "state",
      source:
        r`(?:まま|据え置き|現状維持|現状)で(?:いき|行き|よし|いい|OK|ok|オーケー|大丈夫|問題(?:なし|ない))|(?:現状|今の(?:構成|設定|形|まま))を(?:維持|保持|キープ)しましょう|(?:まま|据え置き)に(?:して)?(?:おき|し)ましょう|(?:その|この)(?:方針|案|方向|方向性|設定|値|形|やり方)で(?:いき|行き)ましょう|それで(?:いき|行き)ましょう|様子を見(?:ましょう|ます)`,
    },
    // Advice for a setting ("本番に入れる前に、ステージングで一度動かしておきましょう", "デプロイの際は…しましょう"): a
    // recommendation to the reader, not the agent's step.
    {
      id: "ja.ruleout.advice",
      kind: "ruleout",
      why: "recommendation",
      source: r`(?:前に|前は|際(?:に)?は|ときは|時は)[、,][^。]*ましょう`,
    },
    // What the message ends on is already so, or needs nothing ("設定はすでにその値になっています",
    // "変更は不要です"): a state, not a step.
    {
      id: "ja.end.already",
      kind: "ruleout",
      why: "result",
      terminal: true,
      source:
        r`(?:すでに|既に)[^。]*(?:ています|てあります|っています|ってます|なっています|済みです)(?:[（(][^）)]*[）)])?[。．]?\s*$|(?:変更|修正|対応|作業|追加|設定)(?:は|も)?(?:不要|必要ありません|要りません)(?:です)?[。．]?\s*$`,
    },
    // A summary opener with the summary under it ("変更内容をまとめます。" and a list): the summary
    // is given already. As the message's last words it is still a step.
    {
      id: "ja.ruleout.summary-opener",
      kind: "ruleout",
      why: "report",
      scope: "tail",
      followed: true,
      source:
        r`^[^。]*?(?:変更(?:内容|点)?|作業(?:内容)?|今回の(?:作業|対応|変更|修正)|ここまで(?:の(?:内容|作業|対応|経緯))?|結果|対応(?:内容)?|修正(?:内容)?|調査結果|進捗|状況|経緯)(?:を|について)?(?:簡単に|以下に)?(?:まとめ|整理し|要約し|報告し|振り返り|共有し)(?:ます|ましょう|ておきます)|` +
        r`^(?:以下に|下記に|簡単に|最後に)?(?:まとめ|整理し|要約し)(?:ます|ておきます)[。．]?\s*$`,
    },
    {
      id: "ja.ruleout.later",
      kind: "ruleout",
      terminal: true,
      why: "later",
      source:
        // (round 20: and a stretch of time run or waited out first, "カナリアを1日運用してから …")
        r`[\d１-９一二三]+\s?(?:日|時間|週間)(?:ほど|くらい|程度)?(?:運用|様子を見|待って|置いて|経って|寝かせて)|` +
        r`\d+\s?(?:秒|分|時間)(?:後|ほど後|経ったら)|数(?:秒|分|時間|日)(?:後|ほど後|経ったら)|\d+\s?(?:分|時間|日)(?:ほど|くらい|ぐらい|程度)?で(?:結果|終わ|完了|出)|明日|明朝|今夜|来週|翌日|後で|後ほど|しばらく(?:して|後|経って)|少し(?:して|後|経って)|のちほど|次回|今後|以後は|以後、|将来|別途|別の(?:PR|チケット|タスク|セッション)で|次の(?:フェーズ|段階|工程|スプリント|PR|セッション)|^次の(?:ステップ|フェーズ|段階)は|` +
        // "次にcronが動いたときに…": the next time something happens, not the next step.
        r`次に[^、。]{1,30}?(?:とき|時|際|たび)(?:に|は|、)|次に[^、。]{1,30}?[うくすつぬむぶぐるた]と[、,]|次の[^、。]{1,30}?(?:とき|時|際)(?:に|は|、)`,
    },
    // Casual plain forms of the agent's own step: "テストを走らせてみる。", "差分を確認する。", "ビルドしてみよう。".
    {
      id: "ja.plain",
      kind: "announce",
      clause: "final",
      // (not on list items: "1. 鍵を発行する" under a heading is a step written for the reader, round 17)
      subjectless: true,
      source:
        r`(?:[\u4E00-\u9FFF\u30A0-\u30FF]{2,}(?:する|しよう|してみる|してみよう|していく|しておく)|[A-Za-z]{2,}\s?(?:する|しよう|してみる)|(?:見る|[てで]みる|試す|直す|直していく|調べる|確かめる|書く|作る|進める|読む|探す|開く|回す|走らせる|走らせてみる|やってみる|みよう|いこう|しよう|任せる|潰す|に入る|揃える|そろえる|合わせる|消す|戻す|外す|足す|加える|置き換える|書き換える|切り替える|分ける|まとめる|片付ける))[。．!！]?\s*$`,
      unless: SUBJECT + "|" + TOPIC + "|" +
        r`(?:ことが|ように|ために|場合(?!の)|とき(?!の)|時に|必要|べき|たびに|ごとに|毎回)|` +
        r`[うくすつぬむぶぐる]と[、,]`,
      // "トークンは24時間で失効し、再ログインを要求する。": a topic over the sentence makes it a description (a spec);
      // so does a case in "…すると、" ("ボタンを押すと、内容を検証してから送信する。", round 17).
      unlessSentence: TOPIC + r`|[うくすつぬむぶぐる]と[、,]`,
    },
    // The agent's own action under way as the turn ends: "型エラーを修正中です", "…をインストール中...". (Not
    // "…を追加しています": ている is as often the state the change left.)
    {
      id: "ja.doing",
      kind: "announce",
      // Bounded between を and the noun, so a long sentence is not scanned from every を.
      source: r`を[^。]{0,60}?[\u4E00-\u9FFF\u30A0-\u30FF]{2,}中(?:です)?(?:\.{2,}|…|。)?\s*$`,
      // (round 20: nor watching a job, "パイプラインを監視中です")
      unless: SUBJECT + "|" + TOPIC + "|" + r`(?:待|ビルドが|CIが|テストが|監視|見守)`,
    },
    // A note that names the next step by its noun after a sequencing word: "次はAPIクライアントの実装。", "まずは現状把握から。".
    // (A bare "…を更新。" is as often a terse report: not pushed.)
    {
      id: "ja.next-note",
      kind: "announce",
      subjectless: true,
      source:
        r`^(?:次は|次に|次[、,]|まずは|まず|続いて|では|それでは|最後に)[、,]?[^。]{1,60}?(?:から|へ|の[\u4E00-\u9FFF\u30A0-\u30FF]{2,}|[\u4E00-\u9FFF\u30A0-\u30FF]{2,})[。．!！]?\s*$`,
      unless: r`(?:です|でした|ました|ません|済み|完了|以上)|` + READER_STEP,
    },
    // A terse note of the next step the message ends on, standing alone: "設定ファイルを確認。",
    // "古いキャッシュを削除してから再ビルド。" (an object, then a verbal noun of looking or running; a change noun,
    // "…を60秒に変更。", reports a change as often as it plans one).
    {
      id: "ja.wo-note",
      kind: "announce",
      last: true,
      subjectless: true,
      // (on the final clause: "…が原因っぽいので、設定値を確認。" is the check after its reason)
      clause: "final",
      // Also a dispatch in parallel ("3つの観点で並列レビュー。").
      source:
        r`^[^。\n]{0,80}?を[^。\n]{0,40}?(?:確認|調査|依頼|検証|再ビルド|実行|実施|起動|委譲|委任|レビュー)[。．]?\s*$|` +
        // A dispatch to an agent: "backend-devエージェントに委譲。", "…をreviewerエージェントでレビュー。"
        r`^[^。\n]{0,60}?(?:エージェント|agent)[^。\n]{0,20}?(?:に|へ|で)\s?(?:委譲|委任|依頼|実装|調査|レビュー|確認|実行|修正)[。．]?\s*$|` +
        r`^[^。\n]{0,60}?(?:並列|並行|一括)\s?(?:で\s?)?(?:レビュー|調査|確認|実行|検証|修正|テスト|実装)[。．]?\s*$`,
      // "…ことを確認。" reports a verification.
      unless: SUBJECT + "|" + TOPIC + "|" +
        r`(?:済み|完了|した|ました|です|でした|ている|てある|ことを確認|のを確認)|` +
        READER_STEP,
    },
    // A terse line of the next step, standing alone at the very end and ending on a work noun: "まとめて修正。",
    // "コンフリクト解消。", "念のため全体テスト。" (a report says 済み, 完了, 通過 or を確認した).
    {
      id: "ja.terse-noun",
      kind: "announce",
      last: true,
      subjectless: true,
      source: r`^[^。\n]{0,40}?(?:実行|修正|対応|確認|着手|解消|テスト|プッシュ|コミット)[。．]?\s*$`,
      unless: SUBJECT + "|" + TOPIC + "|" +
        r`(?:済み|完了|通過|成功|失敗|した|ました|です|でした|ている|てある|ことを確認|のを確認|[:：])|` + READER_STEP,
    },
    // "…も修正。", "…のエラー処理も追加。": one more fix named at the very end, standing alone ("also fix X"); a
    // report says 済み, した or 完了.
    {
      id: "ja.also-note",
      kind: "announce",
      last: true,
      subjectless: true,
      source:
        r`^[^。\n]{0,60}?も(?:あわせて|併せて|一緒に|ついでに)?\s?(?:修正|追加|更新|対応|削除|直す|修正する|追加する|対応する)[。．]?\s*$`,
      unless: SUBJECT + "|" + TOPIC + "|" + r`(?:済み|完了|した|ました|です|でした|ている|てある)`,
    },
    // A dispatch to a subagent at the very end, after an arrow or standing alone: "レビュー subagent dispatch (Sonnet)。",
    // "一次レビュー完了 → 検証 subagent を dispatch。" (済み or 完了 after the last arrow reports).
    {
      id: "ja.dispatch",
      kind: "announce",
      last: true,
      subjectless: true,
      source:
        r`(?:^|→)[^。→\n]{0,60}?(?:subagent|サブエージェント|agent|エージェント)s?\s?(?:を\s?)?(?:dispatch|起動|投入|spawn)(?:\s?[（(][^）)]*[）)])?[。．]?\s*$`,
      unless: r`(?:済み|完了|した|ました|です|でした)[^→]*$`,
    },
    // A numbered step's label the message ends on, standing alone, with its title after it ("**ステップ2:** …の作成").
    {
      id: "ja.step-label",
      kind: "announce",
      last: true,
      subjectless: true,
      source:
        r`^(?=[^\n]*[\u3040-\u30FF\u4E00-\u9FFF])(?![^\n]*[\uAC00-\uD7A3])(?:ステップ|手順|フェーズ|タスク|修正|テスト|確認|対応|作業|変更|編集|Step|Phase|Task|Fix|Test|Edit)\s*[0-9０-９]+[A-Za-z]?(?:\s*(?:&|and|,|・|、)\s*[0-9０-９]+)*\s*[:：.．—–-]\s*\S`,
      unless: r`完了|済み|ました|でした|です|[✅✓]|` + READER_STEP,
    },
    // "ビルドが通るか確認。": checking whether, standing alone at the very end ("…ことを確認。" is the report); the
    // embedded question's subject is not the sentence's.
    {
      id: "ja.check-whether",
      kind: "announce",
      last: true,
      subjectless: true,
      source: r`^[^。\n]{0,80}?[^こ]か(?:どうか)?を?(?:確認|チェック|検証)[。．]?\s*$`,
      unless: TOPIC + "|" + r`(?:済み|完了|した|ました|です|でした)`,
    },
    // A message that ends on a step heading with nothing under it ("### ステップ3: テストの追加").
    {
      id: "ja.heading.step",
      kind: "announce",
      scope: "heading",
      source:
        r`^(?:(?:ステップ|手順|フェーズ|段階|修正|テスト|編集|変更|作業)\s*[0-9０-９]|第?\d+\s*(?:ステップ|フェーズ|段階)|[0-9０-９]{1,2}[.)．）]\s*\S|次(?:の(?:作業|ステップ))?\s*[:：])`,
    },
    // The very last words open on a colon with nothing after them ("…に update 実装:").
    // A colon that introduces content for the reader ("以下の通りです:", "まとめ:") is no step.
    {
      id: "ja.colon-end",
      kind: "announce",
      last: true,
      source: r`^(?=[^\n]*[\u3040-\u30FF\u4E00-\u9FFF])(?![^\n]*[\uAC00-\uD7A3])[^\n]*[:：]\s*$`,
      unless: r`(?:です|ました|通り|まとめ|結果|変更点|変更内容|概要|内容|状況|一覧|以下|下記)\s*[:：]\s*$|` +
        // (round 20: a finding stated before its evidence, "気になった点が一つあります:", "URLがまだ旧バケットを指しています:")
        r`(?:(?<!必要が)あります|ありました|でした|ません)\s*[:：]\s*$|が[^:：。]*(?:ています|ていました)\s*[:：]\s*$|` +
        // (a fix marked as a proposal, "修正3（任意）: …:", "対策案（オプション）: …:", is offered for a decision; round 17)
        r`[（(][^）)]*(?:任意|オプション|optional|提案|推奨)[^）)]*[）)]|(?:修正案|対策案|改善案|提案)`,
    },
    // A chain that opens on the agent's own work with an object ("…を…に置き換え、…は…のまま維持します"):
    // the later clause's topic does not make the sentence a description.
    {
      id: "ja.chain",
      kind: "announce",
      source: r`^[^。]*?を[^、。]*?(?:し|え|け|め|せ|き|げ|て)、[^。]*ます` + STOP,
      unless: r`^[^、。を]*?[\u4E00-\u9FFF\u30A0-\u30FFA-Za-z0-9\uE000)）](?<!次|今回|今日|今|最後)は|` + NOT_ACTION,
    },
    // The heading a message's last paragraph sits under sums it up ("Summary", "まとめ", "결론"): a report.
    {
      id: "ja.section.summary",
      kind: "ruleout",
      why: "report",
      scope: "section",
      source: r`^(?:まとめ|要約|結論|一言で(?:まとめると|言うと|いうと)|総括|概要)`,
      unless: r`^(?:次は|次に|続いて|続けて|これから|では|それでは|引き続き)`,
    },
    // A section of proposals ("## 推奨修正", "### 修正案（優先度順）", "## 対策案"): its last line offers a fix for a
    // decision, unless it opens on the agent's own では, 次に or これから (round 17).
    {
      id: "ja.section.proposal",
      kind: "ruleout",
      why: "recommendation",
      scope: "section",
      source: r`^(?:推奨(?:される)?(?:修正|対策|対応|変更)|修正案|対策案|改善案|解決案|提案|選択肢|代替案)`,
      unless: r`^(?:次は|次に|続いて|これから|今から|では|それでは|まず)`,
    },
    // "Found it! The cache key is missing the locale:" with nothing after: the agent stopped just before the fix.
    {
      id: "ja.found-it",
      kind: "announce",
      colonEnd: true,
      source: r`^(?:見つけました|見つかりました|(?:原因が)?(?:分かり|わかり|判明し)ました|特定しました)[!！]`,
    },
    // What a pushed message may not end on (issue 31): tried on every sentence from the end.
    // A fix plan's label over its steps, the message ending on the steps ("修正方針:" and "1. … 2. …", after "found it"):
    // the agent's own plan about to be carried out. (A plan offered for a choice or an OK asks, and is a wait.)
    {
      id: "ja.plan-label",
      kind: "announce",
      source: r`^(?:修正|対応|実装|作業|改修)(?:方針|計画|手順|プラン)\s*[:：]\s*$`,
    },
    // A label naming the files made or changed, above their list, reports whatever sentence came before it.
    {
      id: "ja.end.files-label",
      kind: "ruleout",
      why: "report",
      terminal: true,
      above: true,
      // (変更ファイル alone is as often the files about to change: only made files, or a done form.)
      source:
        r`(?:(?:作成|生成)(?:した|された|済み)?|(?:変更|追加|更新|修正|削除)(?:した|された|済み))(?:の)?ファイル(?:一覧)?\s*[:：]\s*$`,
    },
    // An "also" note takes its tense from the sentence before it: after a result it continues the report.
    {
      id: "ja.ruleout.also-after-result",
      kind: "ruleout",
      why: "result",
      afterResult: true,
      // (a terse noun only: "…も修正します。" after a result is one more step)
      source: r`も(?:あわせて|併せて|一緒に|ついでに)?\s?[\u4E00-\u9FFF\u30A0-\u30FF]{2,}[。．]?\s*$`,
      unless: r`^(?:次に|次は|続いて|これから|今から|では|それでは)`,
    },
    // What the new code does, after the report of making it: "キャッシュ層を実装しました。リクエストごとにまずRedisを確認し、
    // なければDBから読み込みます。" A present sentence under a generic condition (ごとに, たびに, "…を押すと") is the code's
    // behaviour, not the agent's next step (round 15 cycle 2).
    {
      id: "ja.ruleout.describes-after-result",
      kind: "ruleout",
      why: "result",
      afterResult: true,
      source: r`^[^。]*?(?:ごとに|たびに|毎回|(?<!ま)[うくすつぬむぶぐる]と[、,]?)[^。]*ます[。．]?\s*$`,
      // (A change made to the code is the agent's step: "テストごとに別のディレクトリを使うように変更します。")
      unless:
        r`^(?:次に|次は|続いて|これから|今から|では|それでは)|(?:してみます|[てで]みます|確認します|調べます)[。．]?\s*$|` +
        r`(?:変更|修正|追加|更新|削除|実装|対応|作成|改修|書き換え|置き換え|切り替え|移行|分割|統合|導入)(?:し)?ます[。．]?\s*$|(?:よう|形)に(?:変更)?します`,
    },
    {
      id: "ja.end.label",
      kind: "ruleout",
      why: "label",
      terminal: true,
      above: true,
      source: r`[:：]\s*$`,
      unless: r`(?:ます|ましょう)\s*[:：]\s*$|(?:修正|対応|実装|作業|改修)(?:方針|計画|手順|プラン)\s*[:：]\s*$`,
    },
    {
      id: "ja.end.past",
      kind: "ruleout",
      why: "result",
      terminal: true,
      source:
        r`(?:ました|でした|ません(?:でした)?|済み(?:です)?|完了(?:です|しました)?|以上です|終わりです|ここまでです|通っています|動いています|成功しています)(?:[（(][^）)]*[）)])?[。．!！]?\s*$`,
      // A reassurance with its reason ("…を返すので、こちらは問題ありません。") judges a case, it reports nothing: the
      // sentence before it decides (a step there is still the last step; a result there still reports).
      unless: REASSURANCE,
    },
    {
      id: "ja.end.consequence",
      kind: "ruleout",
      why: "result",
      terminal: true,
      // "これで…します": what the change now makes happen, not the agent's next step.
      source:
        r`^(?:これで|これにより|この(?:変更|修正|対応|設定|仕組み|フック|スクリプト)(?:で|により|によって)|今回の(?:変更|修正|対応)(?:で|により|によって))`,
      unless: r`ましょう|(?:次に|続いて|では)`,
    },
    // What a hook, a job or the system then does by itself ("フックが次回のapply後に自動で実行されます",
    // "以後は自動的にバックアップを取得します"): a description of what the change makes happen.
    {
      id: "ja.end.auto",
      kind: "ruleout",
      why: "state",
      terminal: true,
      source:
        r`(?:自動(?:で|的に|実行|起動|発火|更新|反映|再起動|生成|適用)|勝手に|ひとりでに)[^。]*(?:ます|る)(?:[（(][^）)]*[）)])?[。．]?\s*$`,
      unless:
        r`ましょう|よう(?:に)?(?:します|する|しておきます)|^(?:今から|これから|では|次は)|を[^。]*(?:追加|作成|実装|修正|導入)します`,
    },
    // How a framework, a library or the code behaves, in the polite present (round 17): a frame it holds in ("React では
    // 状態を useState で持ち、変更時に再描画します。", "Svelte では状態を let で宣言し、…"), a generic time ("変更時に", "毎回";
    // after a result, "…ごとに" is ja.ruleout.describes-after-result's), or what the code returns ("…を読み取り、文字列に
    // して返します。"). An answer's recap, not the agent's step, unless a change verb, a "…ように" or a marker of the agent's
    // own next step is in it; a frame closed by a concessive or reason clause ("設計では…となっていますが、") governs that
    // clause only.
    {
      id: "ja.end.describes",
      kind: "ruleout",
      why: "state",
      terminal: true,
      source:
        r`^[^、。]{0,30}?[\u4E00-\u9FFF\u30A0-\u30FFA-Za-z0-9\uE000)）](?<![次今]|今回|最初|最後|ここ|そこ)\s?では(?!な|あり)(?![^。]*(?:が|けど|けれど|ので|ため|から)[、,])[^。]*ます[。．]?\s*$|` +
        r`(?:時|とき|際)に[^。]*ます[。．]?\s*$|(?:毎回|都度|常に)[^。]*ます[。．]?\s*$|` +
        r`(?:を|で|に)\s?返(?:します|ります)[。．]?\s*$|返却します[。．]?\s*$`,
      unless:
        r`(?:修正|変更|追加|削除|実装|書き換え|置き換え|直し|対応|作成|更新|確認|調査|テスト|検証|導入|設定|移行|拡張|整理|統一)(?:いた)?します|` +
        r`ように|形に|これから|今から|次に|次は|まず|しましょう|してみます|ておきます|いきます|` +
        // (a causative is the agent making the code do it: "…検出時に例外を投げさせます", a change; round 18)
        r`させます`,
    },
    // Round 19: what the code does each time it loops, retries, renders or is called ("ループのたびに…で上書きしていきます",
    // "リトライごとに待ち時間を倍にしていきます"): the code's behaviour, explained; not the agent's step.
    {
      id: "ja.end.per-event",
      kind: "ruleout",
      why: "state",
      terminal: true,
      source:
        r`(?:ループ|反復|繰り返し|イテレーション|リトライ|再試行|呼び出し|リクエスト|レンダリング|レンダー|描画|ターン|ラウンド|[0-9０-９]+回目)(?:の|する)?(?:たび|度|ごと|毎)に[^。]*ます[。．]?\s*$`,
      // (a change made per event is the agent's: "リクエストごとに別のキーを使うように変更します", round 15's rows)
      unless:
        r`(?:修正|変更|追加|削除|実装|書き換え|置き換え|直し|対応|作成|更新|導入|設定|移行|統一)(?:いた)?します|ように|形に|これから|今から|次に|次は|まず`,
    },
    // Round 19: an opinion on the best way, "…するのが最も効果的だと考えます", "…のが一番早いと思います": a
    // recommendation, whatever work its clause names.
    {
      id: "ja.end.opinion",
      kind: "ruleout",
      why: "recommendation",
      terminal: true,
      source: r`のが[^。]*(?:だと|と)(?:考えます|思います|考えています|思っています|判断します)[。．]?\s*$`,
    },
    {
      id: "ja.end.verdict",
      kind: "ruleout",
      why: "verdict",
      terminal: true,
      source:
        r`承認(?:します|いたします|とします)|LGTM|マージ(?:可能|可|して(?:問題|大丈夫))|(?:問題|異常)(?:は)?(?:ありません|なし)|(?:判断|判定)(?:します|いたします)|合格(?:です|とします)`,
      unless: REASSURANCE,
    },
    {
      id: "ja.end.workflow",
      kind: "ruleout",
      why: "workflow",
      terminal: true,
      // A named phase of a workflow: "実装フェーズで…を検証します", "レビューフェーズに進みます".
      source:
        r`(?:フェーズ|工程|段階|ステージ|Phase|Stage)\s*[0-9０-９]*\s*(?:[（(][^）)]*[）)])?\s*(?:で|では|において|にて|に|へ|を開始|を始め)|(?:ステップ|Step)\s*[0-9０-９]+\s*(?:で|では|に|へ)`,
      // "…、これから Step 3 のレビューを実行します": the phase begun now is the agent's step.
      unless: r`これから|今から|ここから|これより`,
    },
    {
      id: "ja.ruleout.report-item",
      kind: "ruleout",
      why: "report",
      source:
        r`(?:ています|ていました|ていません|ました|ません|です|でした|あります|ありません|います|済み|問題なし)[。．]?\s*$|[（(](?:完了|済み|対応済み|修正済み|done|DONE)[）)]\s*$|[✅✓❌]`,
    },
    {
      id: "ja.intent",
      kind: "announce",
      source: r`(?:予定|つもり)です|(?:しよう|よう)と(?:思います|考えています)`,
      // "本番は土曜日に実施予定です。": a plan with its own day, under a topic (round 16).
      unless: TOPIC + "|" + r`曜日|明日|明後日|来週|来月|後日|次回|今後|午後|今夜|[0-9０-９]+\s?(?:日|時)`,
    },
  ],
};
