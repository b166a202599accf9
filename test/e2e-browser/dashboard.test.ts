/**
 * The dashboard in a real browser (Debian's chromium driven by playwright-core): it shows the
 * sessions of a seeded store, updates live when a separate `vigil hook` process writes an
 * event, and the printable report renders. Screenshots go to test-results/ (gitignored).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { MIN, P1, seedStore, W1, W2 } from "../core/report-seed.ts";
import { allPayloads } from "../support/fixtures.ts";
import { startServe, testEnv, vigil } from "../support/vigil.ts";

const CHROMIUM = "/usr/bin/chromium";
const RESULTS = join(import.meta.dir, "..", "..", "test-results");
const present = existsSync(CHROMIUM);
if (!present) console.warn(`skipping the dashboard browser test: no ${CHROMIUM} (apt-get install chromium)`);

const env = testEnv();
let server: ReturnType<typeof Bun.spawn> | null = null;
let browser: Browser | null = null;
let url = "";

beforeAll(async () => {
  if (!present) return;
  // The seed's last activity lands an hour ago, inside the dashboard's last-day view.
  seedStore(env.VIGIL_HOME, Date.now() - 360 * MIN).store.close();
  const started = await startServe(env);
  server = started.proc;
  url = started.url;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--headless",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  mkdirSync(RESULTS, { recursive: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  server?.kill("SIGTERM");
  await server?.exited;
  rmSync(env.HOME, { recursive: true, force: true });
});

async function open(path: string): Promise<Page> {
  if (!browser) throw new Error("no browser");
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url + path);
  page.on("close", () => expect(errors).toEqual([]));
  return page;
}

describe.skipIf(!present)("dashboard in chromium", () => {
  test("shows the seeded sessions, then a hook event from another process, live", async () => {
    const page = await open("/");
    await page.locator("#live[data-state='live']").waitFor();
    expect(await page.locator("#sessions tbody tr").evaluateAll((rows) => rows.map((r) => r.dataset.session)))
      .toEqual(expect.arrayContaining([W1, W2, P1]));
    expect(await page.locator(`tr[data-session='${W2}'] .state`).textContent()).toBe("restoring");
    expect(await page.locator("#timeline svg g.row").count()).toBe(3);
    expect(await page.locator("#events li").count()).toBeGreaterThan(10);

    const fixture = allPayloads().find((p) => p.name.startsWith("2.1.328/basic/PreToolUse"));
    if (!fixture) throw new Error("no PreToolUse fixture");
    const id = String(fixture.stdin.session_id);
    expect(await page.locator(`tr[data-session='${id}']`).count()).toBe(0);
    expect(vigil(["hook"], JSON.stringify(fixture.stdin), env).code).toBe(0);

    await page.locator(`tr[data-session='${id}']`).waitFor();
    await page.locator("#events li.new[data-kind='hook']").first().waitFor();
    expect(await page.locator("#events li").first().textContent()).toContain("PreToolUse");
    expect(await page.locator("#timeline svg g.row").count()).toBe(4);
    await page.screenshot({ path: join(RESULTS, "dashboard.png"), fullPage: true });
    await page.close();
  }, 60_000);

  test("the printable report renders one timeline row per session, with print styles", async () => {
    const page = await open("/report.html?since=12h");
    expect(await page.locator("svg.timeline g.row").count()).toBe(4);
    await page.emulateMedia({ media: "print" });
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe("0px");
    await page.screenshot({ path: join(RESULTS, "report-print.png"), fullPage: true });
    await page.close();
  }, 60_000);
});
