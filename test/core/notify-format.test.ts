import { describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  discordBody,
  formatDuration,
  type NotifyEvent,
  renderText,
  slackBody,
  webhookBody,
} from "../../src/core/notify-format.ts";

const GOLDEN = join(import.meta.dir, "goldens", "notify-format");

function golden(name: string, actual: string) {
  const file = join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN === "1") {
    mkdirSync(GOLDEN, { recursive: true });
    writeFileSync(file, actual);
  }
  expect(actual).toBe(readFileSync(file, "utf8"));
}

const AT = Date.UTC(2026, 10, 30, 1, 52, 21);
const down: NotifyEvent = {
  kind: "down",
  at: AT,
  sessionId: "9d219e11-4c1a-4e0b-9a53-0c5f2a7e1d00",
  name: "vinylstudio-70",
  cwd: "/home/dev/work/vinylstudio",
  idleMs: (4 * 60 + 38) * 60_000,
  samples: [
    { at: AT - 600_000, rssBytes: 512 * 1048576, cpuMs: 61_000, ageMs: 5 * 3_600_000 },
    { at: AT - 300_000, rssBytes: 530 * 1048576, cpuMs: 62_000, ageMs: 5 * 3_600_000 + 300_000 },
  ],
  detail: "restart 1 of 3 in 60 min",
};

describe("bodies", () => {
  test.each([
    ["discord.json", () => discordBody(down)],
    ["slack.json", () => slackBody(down)],
    ["webhook.json", () => webhookBody(down)],
    ["stale-unnamed.json", () => webhookBody({ ...down, kind: "stale", name: null, samples: [], detail: null })],
  ])("%s", (name, make) => {
    golden(name, `${JSON.stringify(make(), null, 2)}\n`);
  });

  // known gap 'messages in ko/ja': a person reads the title on a phone, in the configured language
  test.each(
    [
      ["ko", 'vigil: 세션 "vinylstudio-70" — 다운: 프로세스가 사라졌습니다'],
      ["ja", "vigil: セッション「vinylstudio-70」— ダウン: プロセスがなくなりました"],
      ["en", 'vigil: session "vinylstudio-70" is down: its process is gone'],
    ] as const,
  )("the title in %s", (language, title) => {
    expect(renderText({ ...down, language }).title).toBe(title);
    expect(discordBody({ ...down, language }).content).toStartWith(`**${title}**`);
  });

  test("ntfy text, tags and priority", () => {
    const t = renderText(down);
    golden("ntfy.txt", `${t.title}\n${t.tags.join(",")} p${t.priority}\n${t.body}\n`);
    expect(renderText({ ...down, kind: "stale" }).priority).toBe(3);
  });

  test("discord content stays under its 2000 character limit", () => {
    const long = discordBody({ ...down, detail: "x".repeat(5000) });
    expect(String(long.content).length).toBe(2000);
  });
});

test.each([
  [0, "0s"],
  [45_000, "45s"],
  [12 * 60_000, "12m"],
  [61_000, "1m 1s"],
  [(4 * 60 + 38) * 60_000, "4h 38m"],
  [-5, "0s"],
])("formatDuration(%p) = %p", (ms, want) => {
  expect(formatDuration(ms)).toBe(want);
});
