/**
 * Audit kinds are a closed set (src/core/audit-kinds.ts): `Store.appendEvent` and
 * `AuditRecord` take only those names, so tsc refuses a kind nobody declared. This keeps the
 * list itself honest: no name twice, none declared that no source writes.
 */
import { expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { AUDIT_KINDS, isAuditKind } from "../src/core/audit-kinds.ts";

const SRC = join(import.meta.dir, "..", "src");
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") && !p.endsWith("audit-kinds.ts") ? [p] : [];
  });
}
const sources = files(SRC).map((f) => readFileSync(f, "utf8")).join("\n");

test("each kind is declared once", () => {
  expect(new Set(AUDIT_KINDS).size).toBe(AUDIT_KINDS.length);
});

test("each declared kind is written by some source", () => {
  expect(AUDIT_KINDS.filter((k) => !sources.includes(`"${k}"`))).toEqual([]);
});

test("isAuditKind tells this version's kinds from an older row's", () => {
  expect(AUDIT_KINDS.every(isAuditKind)).toBe(true);
  expect(isAuditKind("restart_attempt")).toBe(false);
});
