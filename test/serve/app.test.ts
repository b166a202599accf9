import { afterAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import type { HookOutcome } from "../../src/app/run-hook.ts";
import { reportJson } from "../../src/core/report/json.ts";
import { closedReason, FAIL_CLOSED_HEADER } from "../../src/core/fail-closed.ts";
import { createApp } from "../../src/serve/app.ts";
import { LOOPBACK_HOSTS, sameSecret } from "../../src/serve/auth.ts";
import { MAX_HOOK_BYTES } from "../../src/serve/hook-route.ts";
import { MAX_STATUS_BYTES } from "../../src/serve/statusline-route.ts";
import { loadReport } from "../../src/serve/report-rows.ts";
import { MIN, P1, SEED_EVENTS, seedStore, T0, W1, W2 } from "../core/report-seed.ts";
import { vigil } from "../support/vigil.ts";

const NOW = T0 + 360 * MIN;
const { home, store } = seedStore();
afterAll(() => {
  store.close();
  rmSync(home, { recursive: true, force: true });
});

const quiet = (): HookOutcome => ({ stdout: "", error: null });
const app = createApp({ store: () => store, runHook: quiet, clock: () => NOW, version: "test" });
const get = async (path: string) => {
  const res = await app.request(path);
  return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text() };
};
const ids = (events: { id: number }[]) => events.map((e) => e.id);
const lastSeed = SEED_EVENTS.length;

describe("read routes", () => {
  test("/healthz", async () => {
    const r = await get("/healthz");
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text)).toEqual({ ok: true, version: "test", head: lastSeed });
  });

  test("/api/sessions gives the same objects as `vigil status --json`", async () => {
    const env = { PATH: process.env.PATH ?? "/usr/bin", HOME: home, VIGIL_HOME: home, TZ: "UTC", VIGIL_NOW: `${NOW}` };
    const cli = vigil(["status", "--json"], "", env);
    expect(cli.code).toBe(0);
    const api = JSON.parse((await get("/api/sessions")).text);
    expect(api).toEqual(JSON.parse(cli.stdout));
    expect(api.map((s: { session_id: string }) => s.session_id).sort()).toEqual([P1, W1, W2].sort());
  });

  test.each<[string, number[] | string]>([
    ["/api/events?limit=3", [lastSeed - 2, lastSeed - 1, lastSeed]],
    [`/api/events?since=${new Date(T0 + 170 * MIN).toISOString()}&limit=2`, [23, 24]],
    [`/api/events?session=${P1}`, [3, lastSeed]],
    ["/api/events?after=30&limit=2", [31, 32]],
    [`/api/events?since=${T0 + 299 * MIN}`, [lastSeed]],
    ["/api/events?since=yesterday", `cannot read time "yesterday"`],
    ["/api/events?after=x", `"after" must be an event id`],
  ])("%s", async (path, want) => {
    const r = await get(path);
    if (typeof want === "string") {
      expect(r.status).toBe(400);
      expect(JSON.parse(r.text).error).toContain(want);
    } else {
      expect(r.status).toBe(200);
      expect(ids(JSON.parse(r.text))).toEqual(want);
    }
  });

  test("events keep the report's event shape", async () => {
    const [e] = JSON.parse((await get(`/api/events?after=22&limit=1`)).text);
    expect(e).toEqual({
      id: 23,
      at: new Date(T0 + 170 * MIN).toISOString(),
      session_id: W2,
      kind: "down",
      detail: { last_seen: new Date(T0 + 160 * MIN).toISOString(), reason: "process gone" },
    });
  });

  test("/api/report is `vigil report --json` for the same range", async () => {
    const q = `since=${new Date(T0).toISOString()}&until=${new Date(NOW).toISOString()}`;
    const api = JSON.parse((await get(`/api/report?${q}`)).text);
    expect(api).toEqual(JSON.parse(JSON.stringify(reportJson(loadReport(store, { since: T0, until: NOW })))));
  });

  test("/api/timeline.svg and /report.html draw one row per session", async () => {
    const svg = await get(`/api/timeline.svg?since=${new Date(T0).toISOString()}`);
    expect(svg.type).toBe("image/svg+xml");
    expect(svg.text.match(/<g class="row"/g)).toHaveLength(3);
    expect(svg.text).toContain(">stop block</text>"); // the legend, for the dashboard
    expect((await get(`/api/timeline.svg?legend=0`)).text).not.toContain(">stop block</text>");
    const html = await get(`/report.html?since=${new Date(T0).toISOString()}`);
    expect(html.type).toContain("text/html");
    expect(html.text.match(/<g class="row"/g)).toHaveLength(3);
  });

  test("the dashboard and its assets are served from the binary", async () => {
    const page = await get("/");
    expect(page.text).toContain(`<table id="sessions">`);
    expect(page.text).toContain(`src="/assets/dashboard.js"`);
    const css = await get("/assets/dashboard.css");
    expect(css.type).toContain("text/css");
    const js = await get("/assets/dashboard.js");
    expect(js.type).toContain("text/javascript");
    expect(() => new Function(js.text)).not.toThrow(); // parses; runs only in the browser test
  });
});

describe("POST /statusline", () => {
  const seen: string[] = [];
  const withLine = createApp({
    store: () => store,
    runHook: quiet,
    clock: () => NOW,
    renderStatusline: (input) => (seen.push(input), "vigil normal │ 12k/200k\n"),
  });

  test("answers the line for the payload, byte for byte both ways", async () => {
    const payload = JSON.stringify({ session_id: "s", cwd: "/tmp/한국어" });
    const res = await withLine.request("/statusline", { method: "POST", body: payload });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(await res.text()).toBe("vigil normal │ 12k/200k\n");
    expect(seen.at(-1)).toBe(payload);
  });

  test("refuses a page in a browser and an oversized body, and is absent without a renderer", async () => {
    const cross = await withLine.request("/statusline", {
      method: "POST",
      body: "{}",
      headers: { origin: "http://evil.example" },
    });
    expect(cross.status).toBe(403);
    const big = await withLine.request("/statusline", { method: "POST", body: "x".repeat(MAX_STATUS_BYTES + 1) });
    expect(big.status).toBe(413);
    expect((await app.request("/statusline", { method: "POST", body: "{}" })).status).toBe(404);
  });

  test("a renderer that throws is a 500, which the client takes as its cue to render itself", async () => {
    const broken = createApp({
      store: () => store,
      runHook: quiet,
      renderStatusline: () => {
        throw new Error("boom");
      },
    });
    expect((await broken.request("/statusline", { method: "POST", body: "{}" })).status).toBe(500);
  });
});

describe("POST /hook fails open", () => {
  const calls: string[] = [];
  const hookApp = (runHook: (input: string) => HookOutcome) =>
    createApp({ store: () => store, runHook: (i) => (calls.push(i), runHook(i)), clock: () => NOW });
  const post = (a: ReturnType<typeof createApp>, body: string, headers: Record<string, string> = {}) =>
    a.request("/hook", { method: "POST", body, headers });
  const errorsAfter = (id: number) =>
    store.events({}).filter((e) => e.id > id && e.kind === "hook_error").map((e) => JSON.parse(e.detail).error);
  const head = () => store.events({}).at(-1)?.id ?? 0;

  test.each<[string, HookOutcome, string, string | null]>([
    ["no decision: 200 with an empty body", { stdout: "", error: null }, "", null],
    ["a decision: 200 with the JSON", { stdout: `{"x":1}`, error: null }, `{"x":1}`, "application/json"],
    [
      "PreCompact text: 200 with the text",
      { stdout: "Keep constraints", error: null },
      "Keep constraints",
      "text/plain",
    ],
    ["a pipeline error: 200 with an empty body", { stdout: "", error: "boom" }, "", null],
  ])("%s", async (_name, outcome, body, type) => {
    const res = await post(hookApp(() => outcome), "{}");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(body);
    if (type) expect(res.headers.get("content-type")).toContain(type);
  });

  test("a pipeline that throws still answers 200, empty, and the error is recorded", async () => {
    const before = head();
    const res = await post(
      hookApp(() => {
        throw new Error("disk on fire");
      }),
      "{}",
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
    expect(errorsAfter(before)).toEqual(["disk on fire"]);
  });

  test("a body over 10 MiB is not parsed: 200, empty, recorded", async () => {
    const before = head();
    calls.length = 0;
    const res = await post(hookApp(quiet), " ".repeat(MAX_HOOK_BYTES + 1));
    expect([res.status, await res.text(), calls.length]).toEqual([200, "", 0]);
    expect(errorsAfter(before)).toEqual([`hook input exceeds ${MAX_HOOK_BYTES} bytes`]);
  });

  test("a browser page on another origin cannot post hooks", async () => {
    calls.length = 0;
    const res = await post(hookApp(quiet), "{}", { Origin: "http://evil.example" });
    expect([res.status, calls.length]).toEqual([403, 0]);
  });
});

// Issue 33: with `install --http --fail-closed` a pipeline error answered 200 with an empty
// body, so Claude Code ran the tool. The registration's header now makes serve refuse the call.
describe("POST /hook of a fail-closed registration fails closed", () => {
  const closed = { [FAIL_CLOSED_HEADER]: "10" };
  const failing = (): HookOutcome => ({ stdout: "", error: "database is locked" });
  const call = (event: string) => JSON.stringify({ hook_event_name: event, session_id: "s", tool_name: "Bash" });
  const post = (a: ReturnType<typeof createApp>, body: string, headers: Record<string, string>) =>
    a.request("/hook", { method: "POST", body, headers });
  const closedCount = async (a: ReturnType<typeof createApp>) =>
    /vigil_http_hook_requests_total\{outcome="closed"\} (\d+)/.exec(await (await a.request("/metrics")).text())?.[1];

  test.each(["PreToolUse", "PreSkillShellCommand"])("a pipeline error on %s: a deny naming the failure", async (ev) => {
    const a = createApp({ store: () => store, runHook: failing, clock: () => NOW });
    const res = await post(a, call(ev), closed);
    expect(res.status).toBe(200);
    const out = (await res.json()).hookSpecificOutput;
    expect(out).toMatchObject({ hookEventName: ev, permissionDecision: "deny" });
    expect(out.permissionDecisionReason).toBe("vigil: failed closed, the tool call is blocked: database is locked");
    expect(await closedCount(a)).toBe("1");
  });

  // known gap 'messages in ko/ja': the refusal speaks the language serve resolves for the request.
  test("the refusal is in the request's language; English when that cannot be resolved", async () => {
    const reason = async (language: (h: (n: string) => string | undefined) => "en" | "ko" | "ja") => {
      const a = createApp({ store: () => store, runHook: failing, clock: () => NOW, language });
      const res = await post(a, call("PreToolUse"), { ...closed, "x-vigil-env-lang": "ja_JP.UTF-8" });
      return (await res.json()).hookSpecificOutput.permissionDecisionReason;
    };
    expect(await reason((h) => h("x-vigil-env-lang")?.startsWith("ja") ? "ja" : "en")).toBe(
      closedReason("ja", "database is locked"),
    );
    expect(
      await reason(() => {
        throw new Error("config.toml: bad value");
      }),
    ).toBe(closedReason("en", "database is locked"));
  });

  test("a pipeline that throws is refused too; a body naming no event gets an error status", async () => {
    const a = createApp({
      store: () => store,
      runHook: () => {
        throw new Error("disk on fire");
      },
      clock: () => NOW,
    });
    const res = await post(a, call("PreToolUse"), closed);
    expect((await res.json()).hookSpecificOutput.permissionDecision).toBe("deny");
    expect((await post(a, "{not json", closed)).status).toBe(503);
    expect(await closedCount(a)).toBe("2");
  });

  test("without the header the same error fails open; with it a good answer passes unchanged", async () => {
    const a = createApp({ store: () => store, runHook: failing, clock: () => NOW });
    const res = await post(a, call("PreToolUse"), {});
    expect([res.status, await res.text()]).toEqual([200, ""]);
    const fine = createApp({ store: () => store, runHook: quiet, clock: () => NOW });
    const ok = await post(fine, call("PreToolUse"), closed);
    expect([ok.status, await ok.text()]).toEqual([200, ""]);
    expect(await closedCount(a)).toBe("0");
  });
});

describe("access", () => {
  const TOKEN = "s3cret-token-0123456789";
  const locked = createApp({ store: () => store, runHook: quiet, clock: () => NOW, token: TOKEN });

  test.each<[string, string, Record<string, string>, number]>([
    ["no token", "/healthz", {}, 401],
    ["a wrong token", "/healthz", { Authorization: "Bearer nope" }, 401],
    ["a token of another length", "/metrics", { Authorization: `Bearer ${TOKEN}x` }, 401],
    ["the token", "/healthz", { Authorization: `Bearer ${TOKEN}` }, 200],
    ["the token, lower-case scheme", "/api/sessions", { Authorization: `bearer ${TOKEN}` }, 200],
    ["the token as a cookie", "/", { Cookie: `vigil_token=${TOKEN}` }, 200],
    ["a wrong cookie", "/", { Cookie: "vigil_token=nope" }, 401],
    ["a wrong token in the URL", "/?token=nope", {}, 401],
  ])("%s", async (_name, path, headers, status) => {
    const res = await locked.request(path, { headers });
    expect(res.status).toBe(status);
    if (status === 401) expect(res.headers.get("www-authenticate")).toBe('Bearer realm="vigil"');
  });

  test("hooks need the token too", async () => {
    const res = await locked.request("/hook", { method: "POST", body: "{}" });
    expect(res.status).toBe(401);
  });

  test("opening /?token=… once sets a cookie and drops the token from the URL", async () => {
    const res = await locked.request(`/?token=${TOKEN}&x=1`);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/?x=1");
    expect(res.headers.get("set-cookie")).toMatch(/^vigil_token=[^;]+; Path=\/; HttpOnly; SameSite=Strict$/);
  });

  test.each([
    ["http://127.0.0.1:8787/healthz", 200],
    ["http://localhost:8787/healthz", 200],
    ["http://[::1]:8787/healthz", 200],
    ["http://rebound.example:8787/healthz", 403],
  ])("without a token only loopback Host names are served: %s", async (url, status) => {
    const open = createApp({ store: () => store, runHook: quiet, allowedHosts: LOOPBACK_HOSTS });
    expect((await open.request(url)).status).toBe(status);
  });

  test.each([
    ["abc", "abc", true],
    ["abc", "abd", false],
    ["abc", "abcd", false],
    ["", "", true],
  ])("sameSecret(%j, %j) = %s", (a, b, want) => {
    expect(sameSecret(a, b)).toBe(want);
  });
});
