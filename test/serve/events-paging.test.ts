/** `/api/events` keyset paging: `after_id` + `limit` walk the whole log once, rows streamed. */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/serve/app.ts";
import { iterateEvents } from "../../src/edge/store/event-pages.ts";
import { openStore } from "../../src/edge/store.ts";
import { seedDetail } from "../support/audit-seed.ts";

const home = mkdtempSync(join(tmpdir(), "vigil-paging-"));
const store = openStore(join(home, "vigil.db"));
const T0 = Date.UTC(2026, 0, 1);
const N = 2_345;
store.transaction(() => {
  // Times out of id order (a clock step back): the id, not the time, is the cursor.
  for (let i = 0; i < N; i++) {
    store.appendEvent(T0 + ((i * 7919) % N) * 1000, `s${i % 5}`, "hook", seedDetail("hook", { tokens: i }));
  }
});
afterAll(() => {
  store.close();
  rmSync(home, { recursive: true, force: true });
});
const app = createApp({
  store: () => store,
  runHook: () => ({ stdout: "", error: null }),
  clock: () => T0,
  version: "test",
});

async function page(query: string): Promise<{ id: number; detail: { n: number } }[]> {
  const res = await app.request(`/api/events?${query}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("application/json");
  return JSON.parse(await res.text());
}

describe("/api/events paging", () => {
  test("after_id pages cover every event once, in id order", async () => {
    const seen: number[] = [];
    let after = 0;
    for (;;) {
      const rows = await page(`after_id=${after}&limit=500`);
      if (rows.length === 0) break;
      seen.push(...rows.map((r) => r.id));
      after = rows[rows.length - 1].id;
    }
    expect(seen).toEqual(Array.from({ length: N }, (_, i) => i + 1));
  });

  test("after_id with since and session keeps the cursor order", async () => {
    const rows = await page(`after_id=100&since=${new Date(T0 + 1000_000).toISOString()}&session=s2&limit=50`);
    expect(rows.length).toBe(50);
    const ids = rows.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBeGreaterThan(100);
  });

  test("an empty page is an empty array; a limit past the cap is clamped, not refused", async () => {
    expect(await page(`after_id=${N}`)).toEqual([]);
    expect((await page("after_id=0&limit=999999")).length).toBe(N);
  });

  test("forward pages come from a cursor, not a loaded array", () => {
    const it = iterateEvents(store, { after: 0, limit: 10 });
    expect(Array.isArray(it)).toBe(false);
    expect(it.next().value?.id).toBe(1);
    it.return?.();
  });
});
