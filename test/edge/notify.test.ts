import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Notifier } from "../../src/core/config.ts";
import type { NotifyEvent } from "../../src/core/notify-format.ts";
import { type DeliveryOutcome, redactUrl, sendNotifications } from "../../src/edge/notify.ts";

interface Seen {
  path: string;
  headers: Record<string, string>;
  body: string;
}

const SECRET = "s3cr3t-T0KEN-abc";
const seen: Seen[] = [];
const hits = new Map<string, number>();
let server: ReturnType<typeof Bun.serve>;
let base = "";

/** Each path scripts a sequence of statuses: the nth request gets the nth (last repeats). */
const SCRIPT: Record<string, { status: number; headers?: Record<string, string> }[]> = {
  "/ok": [{ status: 204 }],
  "/flaky": [{ status: 500 }, { status: 200 }],
  "/bad": [{ status: 400 }],
  "/down": [{ status: 503 }],
  "/limited": [{ status: 429, headers: { "retry-after": "7" } }, { status: 200 }],
};

beforeAll(() => {
  server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      const key = Object.keys(SCRIPT).find((p) => url.pathname.startsWith(p)) ?? "/ok";
      const n = hits.get(url.pathname) ?? 0;
      hits.set(url.pathname, n + 1);
      seen.push({ path: url.pathname, headers: Object.fromEntries(req.headers), body: await req.text() });
      const step = SCRIPT[key][Math.min(n, SCRIPT[key].length - 1)];
      return new Response(step.status === 204 ? null : "x", { status: step.status, headers: step.headers });
    },
  });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.stop(true));

const EVENT: NotifyEvent = {
  kind: "down",
  at: Date.UTC(2026, 10, 30, 1, 52, 21),
  sessionId: "9d219e11-4c1a-4e0b-9a53-0c5f2a7e1d00",
  name: "vinylstudio-70",
  cwd: "/home/dev/work/vinylstudio",
  idleMs: 16_680_000,
  samples: [{ at: Date.UTC(2026, 10, 30, 1, 47, 21), rssBytes: 1048576, cpuMs: 1000, ageMs: 60_000 }],
  detail: null,
};

async function send(notifiers: Notifier[], env: Record<string, string> = {}) {
  const waits: number[] = [];
  const before = seen.length;
  const out = await sendNotifications(EVENT, notifiers, { env, sleep: async (ms) => void waits.push(ms) });
  return { out, waits, requests: seen.slice(before) };
}

describe("request bodies and headers", () => {
  test("discord posts {content}", async () => {
    const { out, requests } = await send([{ kind: "discord", url: `${base}/ok/discord/123/${SECRET}` }]);
    expect(out[0].result).toBe("sent");
    expect(requests[0].headers["content-type"]).toBe("application/json");
    expect(Object.keys(JSON.parse(requests[0].body))).toEqual(["content"]);
    expect(JSON.parse(requests[0].body).content).toContain('"vinylstudio-70" is down');
  });

  test("slack posts {text}", async () => {
    const { requests } = await send([{ kind: "slack", url: `${base}/ok/slack/T0/B0/${SECRET}` }]);
    expect(JSON.parse(requests[0].body).text).toStartWith('*vigil: session "vinylstudio-70" is down');
  });

  test("generic webhook posts the documented body with a bearer token from env", async () => {
    const { requests } = await send([{ kind: "webhook", url: `${base}/ok/hook`, token: "env:HOOK_TOKEN" }], {
      HOOK_TOKEN: SECRET,
    });
    const body = JSON.parse(requests[0].body);
    expect([body.schema, body.event, body.session.id, body.idle_ms, body.samples.length]).toEqual([
      "vigil.notify/1",
      "down",
      EVENT.sessionId,
      16_680_000,
      1,
    ]);
    expect(requests[0].headers.authorization).toBe(`Bearer ${SECRET}`);
  });

  test("ntfy posts text with Title, Priority and Tags; a non-ASCII title is RFC 2047 encoded", async () => {
    const { requests } = await send([{ kind: "ntfy", url: `${base}/ok/vigil-topic`, token: SECRET }]);
    const r = requests[0];
    expect([r.path, r.headers.priority, r.headers.tags, r.headers.authorization]).toEqual([
      "/ok/vigil-topic",
      "4",
      "warning,vigil",
      `Bearer ${SECRET}`,
    ]);
    expect(r.headers.title).toBe('vigil: session "vinylstudio-70" is down: its process is gone');
    expect(r.body).toStartWith(`session ${EVENT.sessionId}\n`);
    const ko = await sendNotifications({ ...EVENT, name: "바이닐-70" }, [{ kind: "ntfy", url: `${base}/ok/t2` }], {});
    expect(ko[0].result).toBe("sent");
    const title = seen.at(-1)!.headers.title;
    expect(Buffer.from(title.slice(10, -2), "base64").toString("utf8")).toContain("바이닐-70");
  });

  test("URL from the default environment variable", async () => {
    const { out } = await send([{ kind: "discord" }], { VIGIL_DISCORD_URL: `${base}/ok/d2/${SECRET}` });
    expect(out[0].result).toBe("sent");
  });

  test("several notifiers at once, one outcome each in order", async () => {
    const { out } = await send([
      { kind: "slack", url: `${base}/ok/a` },
      { kind: "discord" },
      { kind: "webhook", url: `${base}/bad/b` },
    ]);
    expect(out.map((o) => o.result)).toEqual(["sent", "skipped", "failed"]);
  });
});

describe("retries", () => {
  test.each(
    [
      ["500 then success: one retry after 0.5 s", "/flaky/x", "sent", 2, [500]],
      ["400: no retry", "/bad/x", "failed", 1, []],
      ["503 every time: 3 tries, 0.5 s then 1 s", "/down/x", "failed", 3, [500, 1000]],
      ["429 honours Retry-After", "/limited/x", "sent", 2, [7000]],
    ] as const,
  )("%s", async (_name, path, result, attempts, waits) => {
    const r = await send([{ kind: "webhook", url: `${base}${path}/${SECRET}` }]);
    expect([r.out[0].result, r.out[0].attempts, r.requests.length, r.waits]).toEqual([result, attempts, attempts, [
      ...waits,
    ]]);
  });

  test("network errors retry and never show the secret", async () => {
    const closed = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("") });
    const port = closed.port;
    const url = `http://127.0.0.1:${port}/api/webhooks/123456/${SECRET}`;
    closed.stop(true);
    const r = await send([{ kind: "discord", url }]);
    const o: DeliveryOutcome = r.out[0];
    expect([o.result, o.attempts, r.waits]).toEqual(["failed", 3, [500, 1000]]);
    expect(o.target).toBe(`http://127.0.0.1:${port}/api/webhooks/***`);
    expect(o.error).not.toBeNull();
    expect(JSON.stringify(r.out)).not.toContain(SECRET);
    expect(JSON.stringify(r.out)).not.toContain("123456");
  });
});

describe("secrets never in outcomes", () => {
  test.each([
    ["https://discord.com/api/webhooks/1234567890/abcDEF-token", "https://discord.com/api/webhooks/***"],
    ["https://hooks.slack.com/services/T000/B000/XXXXXXXX", "https://hooks.slack.com/services/***"],
    ["https://ntfy.sh/my-secret-topic", "https://ntfy.sh/***"],
    ["https://example.com/hook?token=abc", "https://example.com/hook/***"],
    ["https://user:pass@example.com/", "https://example.com"],
    ["not a url", "***"],
  ])("redactUrl(%p)", (url, want) => {
    expect(redactUrl(url)).toBe(want);
  });

  test("outcomes of every kind carry no URL path or token", async () => {
    const { out } = await send([
      { kind: "discord", url: `${base}/bad/api/webhooks/99/${SECRET}` },
      { kind: "ntfy", url: `${base}/down/${SECRET}`, token: SECRET },
    ]);
    expect(JSON.stringify(out)).not.toContain(SECRET);
  });
});

describe("desktop", () => {
  const dir = mkdtempSync(join(tmpdir(), "vigil-notify-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("notify-send gets the title and body as arguments", async () => {
    const log = join(dir, "argv.txt");
    writeFileSync(join(dir, "notify-send"), `#!/bin/sh\nprintf '%s\\n' "$@" > '${log}'\n`);
    chmodSync(join(dir, "notify-send"), 0o755);
    const out = await sendNotifications(EVENT, [{ kind: "desktop" }], { env: { PATH: dir }, platform: "linux" });
    expect(out[0].result).toBe("sent");
    const argv = readFileSync(log, "utf8").split("\n");
    expect(argv.slice(0, 5)).toEqual([
      "-a",
      "vigil",
      "-u",
      "critical",
      'vigil: session "vinylstudio-70" is down: its process is gone',
    ]);
  });

  test("skipped when the binary is absent", async () => {
    const out = await sendNotifications(EVENT, [{ kind: "desktop" }], {
      env: { PATH: join(dir, "none") },
      platform: "darwin",
    });
    expect([out[0].result, out[0].error]).toEqual(["skipped", "no osascript on PATH"]);
  });
});
