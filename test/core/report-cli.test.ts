/** `vigil report` through the compiled binary, on the seeded store. */
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { vigil } from "../support/vigil.ts";
import { MIN, seedStore, T0, W1, W2 } from "./report-seed.ts";

const { home, store } = seedStore();
store.close();
afterAll(() => rmSync(home, { recursive: true, force: true }));
const env = {
  PATH: process.env.PATH ?? "/usr/bin",
  HOME: home,
  VIGIL_HOME: home,
  TZ: "UTC",
  NO_COLOR: "1",
  VIGIL_NOW: String(T0 + 360 * MIN),
};
const report = (...args: string[]) => vigil(["report", ...args], "", env);

describe("vigil report", () => {
  test("--since 6h --json: the whole seeded range", () => {
    const r = report("--since", "6h", "--json");
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect([json.since, json.until]).toEqual([new Date(T0).toISOString(), new Date(T0 + 360 * MIN).toISOString()]);
    expect(json.sessions).toHaveLength(3);
  });

  test("the default range is the last 12 hours", () => {
    const json = JSON.parse(report("--json").stdout);
    expect(json.since).toBe(new Date(T0 + 360 * MIN - 12 * 60 * MIN).toISOString());
  });

  test("--session takes a unique prefix", () => {
    const json = JSON.parse(report("--since", "6h", "--session", "w2bb", "--json").stdout);
    expect(json.sessions.map((s: { session_id: string }) => s.session_id)).toEqual([W2]);
  });

  test("text is the default", () => {
    const r = report("--since", "2026-01-10T00:00:00Z", "--until", "2026-01-10T01:00:00Z");
    expect(r.stdout).toStartWith("vigil report 2026-01-10T00:00:00Z .. 2026-01-10T01:00:00Z: 3 sessions");
    expect(r.stdout).toContain(`session ${W1}`);
  });

  test("--html FILE writes one page, 0600", () => {
    const file = join(home, "report.html");
    const r = report("--since", "6h", "--html", file);
    expect(r.stdout).toBe(`wrote ${file} (3 sessions, 34 events)\n`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8").match(/<g class="row"/g)).toHaveLength(3);
  });

  test.each([
    [["--json", "--html", "x.html"], "vigil: choose one of --json and --html\n"],
    [["--since", "soon"], `vigil: cannot read time "soon": expected a duration like "12h" or an ISO 8601 time\n`],
    [["--since", "1h", "--until", "2h"], `vigil: "--until" is before "--since"\n`],
    [["--session", "w"], `vigil: session prefix "w" matches 2 sessions\n`],
    [["--session", "zzz"], `vigil: no session matches "zzz"\n`],
  ])("%j exits 2 with one line", (args, stderr) => {
    const r = report(...args);
    expect([r.code, r.stderr, r.stdout]).toEqual([2, stderr, ""]);
  });
});
