/**
 * The shipped Prometheus rules: `promtool check rules` accepts them, every alert says whom it
 * concerns and what to do, and `promtool test rules` (rules-cases.yml) shows each alert firing
 * on its case and silent on the near misses. promtool comes from the distribution's
 * `prometheus` package (.ci/run installs it).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEPLOY, promtool, shippedRules } from "./prometheus.ts";

const dir = mkdtempSync(join(tmpdir(), "vigil-rules-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("deploy/prometheus/vigil-rules.yml", () => {
  test("promtool check rules accepts it", () => {
    const r = promtool(["check", "rules", join(DEPLOY, "vigil-rules.yml")]);
    expect([r.code, r.stdout.match(/SUCCESS: (\d+) rules found/)?.[1]]).toEqual([0, "10"]);
  });

  test("every alert has a severity to route on, a summary and what to do", () => {
    const alerts = shippedRules().groups.flatMap((g) => g.rules).filter((r) => r.alert !== undefined);
    expect(alerts.map((a) => a.alert).sort()).toEqual([
      "VigilHooksFailingOpen",
      "VigilProofFailed",
      "VigilServeUnreachable",
      "VigilSessionDown",
      "VigilSessionStale",
      "VigilStopPushesWithoutProgress",
      "VigilWatchSilent",
      "VigilWorkerHardNoHandoff",
    ]);
    for (const a of alerts) {
      expect([a.alert, ["page", "ticket"].includes(a.labels?.severity ?? "")]).toEqual([a.alert, true]);
      expect([a.alert, (a.annotations?.summary ?? "").length > 10]).toEqual([a.alert, true]);
      // What to do: every description names a command to run.
      expect([a.alert, /`[^`]+`/.test(a.annotations?.description ?? "")]).toEqual([a.alert, true]);
    }
  });

  test("promtool test rules: each alert on its case, none on the near misses", () => {
    const rules = shippedRules();
    for (const g of rules.groups) for (const r of g.rules) delete r.annotations;
    writeFileSync(join(dir, "rules.yml"), JSON.stringify(rules));
    copyFileSync(join(import.meta.dir, "rules-cases.yml"), join(dir, "rules-cases.yml"));
    const r = promtool(["test", "rules", join(dir, "rules-cases.yml")]);
    expect([r.code, r.stdout + r.stderr]).toEqual([0, expect.stringContaining("SUCCESS")]);
  });
});

describe("docs/metrics.md", () => {
  const doc = readFileSync(join(import.meta.dir, "..", "..", "docs", "metrics.md"), "utf8");
  const documented = new Set(doc.match(/`(vigil_[a-z_]+)`/g)?.map((m) => m.slice(1, -1)));

  test("names every metric the shipped rules read", () => {
    const used = new Set(
      shippedRules().groups.flatMap((g) => g.rules).flatMap((r) => r.expr.match(/\bvigil_[a-z_]+/g) ?? []),
    );
    expect([...used].filter((m) => !documented.has(m))).toEqual([]);
    expect(used.size).toBeGreaterThan(8);
  });
});
