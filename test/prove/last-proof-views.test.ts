/**
 * Where the last proof shows and what keeps it current: `vigil watch` proves again only when
 * the claude binary changed to a new version (or says the proof is stale when that is off),
 * `status`, `report`, `doctor` and the dashboard's /api/proof say how it stands. A stand-in
 * `claude` script answers `--version`; the binaries are the compiled vigil.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HookOutcome } from "../../src/app/run-hook.ts";
import type { LastProof } from "../../src/core/prove/last-proof.ts";
import { createApp } from "../../src/serve/app.ts";
import { openStore } from "../../src/edge/store.ts";
import { proveAfterUpdate } from "../../src/prove/after-update.ts";
import { binaryStamp, readLastProof } from "../../src/prove/proof-file.ts";
import type { Proof, ProveOptions } from "../../src/prove/run.ts";
import { testEnv, vigil } from "../support/vigil.ts";

const AT = Date.UTC(2026, 11, 1, 19, 40);
const env = testEnv();
afterAll(() => rmSync(env.HOME, { recursive: true, force: true }));

/** A `claude` that says it is `version`; each call gets a new file (a new stamp). */
let seq = 0;
function fakeClaude(version: string): string {
  const dir = join(env.HOME, `claude-${++seq}`);
  mkdirSync(dir, { recursive: true });
  const bin = join(dir, "claude");
  writeFileSync(bin, `#!/bin/sh\necho "${version} (Claude Code)"\n`);
  chmodSync(bin, 0o755);
  return bin;
}

function stateDir(name: string): string {
  const d = join(env.HOME, name);
  mkdirSync(d, { recursive: true });
  return d;
}

function recordProof(dir: string, over: Partial<LastProof>): void {
  const last: LastProof = {
    version: "2.1.332",
    at: AT,
    ok: true,
    failed: [],
    durationMs: 20_000,
    binary: null,
    ...over,
  };
  writeFileSync(join(dir, "proof.json"), JSON.stringify(last));
}

function standIn(version: string, ok: boolean, calls: ProveOptions[]): (o: ProveOptions) => Promise<Proof> {
  return (o) => {
    calls.push(o);
    const checks = ok ? [] : [{ id: "stop-block", status: "fail" as const, evidence: "e", fix: "f" }];
    return Promise.resolve({
      version,
      claude: o.env.CLAUDE_BIN ?? "",
      at: AT + 1,
      durationMs: 1,
      source: "user",
      settingsPath: "",
      checks,
      ok,
    });
  };
}

interface Update {
  /** The version proven last (its binary is another file), or null: never proven. */
  proven: string | null;
  /** The version installed now, and whether it is the very file proven. */
  installed: string;
  sameFile?: boolean;
  proveOnUpdate: boolean;
  /** Whether the (stand-in) proof passes, if it runs. */
  ok?: boolean;
}

/** One watch pass's look at the proof, in a fresh state dir. */
async function update(u: Update) {
  const dir = stateDir(`w-${++seq}`);
  const bin = fakeClaude(u.installed);
  if (u.proven !== null) {
    recordProof(dir, { version: u.proven, binary: binaryStamp(u.sameFile ? bin : fakeClaude(u.proven)) });
  }
  const calls: ProveOptions[] = [];
  const r = await proveAfterUpdate({
    now: () => AT + 1,
    cwd: env.HOME,
    vigil: "/opt/vigil",
    env: { ...env, CLAUDE_BIN: bin },
    stateDir: dir,
    proveOnUpdate: u.proveOnUpdate,
    run: standIn(u.installed, u.ok ?? true, calls),
  });
  return { r, calls, last: readLastProof(dir), bin };
}

describe("watch: prove after an update", () => {
  test.each([
    ["never proven: no first proof from watch", { proven: null, installed: "2.1.332", proveOnUpdate: true }],
    ["the binary proven: nothing runs", {
      proven: "2.1.332",
      installed: "2.1.332",
      sameFile: true,
      proveOnUpdate: true,
    }],
  ])("%s", async (_name, u) => {
    const { r, calls } = await update(u);
    expect([r.kind, calls.length]).toEqual(["unchanged", 0]);
  });

  test("same version in a new file: the proof holds and follows the file", async () => {
    const { r, calls, last, bin } = await update({ proven: "2.1.332", installed: "2.1.332", proveOnUpdate: true });
    expect([r.kind, calls.length, last?.binary?.path]).toEqual(["unchanged", 0, bin]);
  });

  test("a new version is proven and recorded; a failure names its checks", async () => {
    const { r, calls, last, bin } = await update({
      proven: "2.1.332",
      installed: "2.1.333",
      proveOnUpdate: true,
      ok: false,
    });
    expect(r).toEqual({
      kind: "proven",
      ok: false,
      line:
        "vigil watch: Claude Code 2.1.333 is new since the last proof: NOT proven (stop-block); run `vigil doctor --prove`",
    });
    expect(calls.map((c) => c.vigil)).toEqual(["/opt/vigil"]);
    expect(last).toMatchObject({ version: "2.1.333", ok: false, failed: ["stop-block"], binary: { path: bin } });
  });

  test("prove_on_update off: stale, nothing runs", async () => {
    const { r, calls, last } = await update({ proven: "2.1.332", installed: "2.1.333", proveOnUpdate: false });
    expect(r).toEqual({
      kind: "stale",
      line:
        "vigil watch: proof stale: last proven on Claude Code 2.1.332 at 2026-12-01 19:40 UTC, 2.1.333 is installed",
    });
    expect([calls.length, last?.version]).toEqual([0, "2.1.332"]);
  });
});

describe("the commands", () => {
  // One state dir whose proof was taken of another claude binary than the one installed now.
  const proven = fakeClaude("2.1.332");
  const installed = fakeClaude("2.1.333");
  const e: Record<string, string> = { ...env, CLAUDE_BIN: installed, VIGIL_PROVE_ON_UPDATE: "0" };
  mkdirSync(e.VIGIL_HOME, { recursive: true });
  recordProof(e.VIGIL_HOME, { binary: binaryStamp(proven) });
  // watch runs its pass on the database: make one
  openStore(join(e.VIGIL_HOME, "vigil.db")).close();

  test("watch --once says the proof is stale when proving on update is off", () => {
    const r = vigil(["watch", "--once"], "", e);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      "vigil watch: proof stale: last proven on Claude Code 2.1.332 at 2026-12-01 19:40 UTC, 2.1.333 is installed",
    );
    expect(readLastProof(e.VIGIL_HOME)?.version).toBe("2.1.332");
  });

  test("status, report and doctor say so too", () => {
    const status = vigil(["status"], "", e);
    expect(status.stdout).toContain(
      "proof: stale: last proven on Claude Code 2.1.332 at 2026-12-01 19:40 UTC, the claude binary has changed since",
    );
    const report = vigil(["report"], "", e);
    expect(report.stdout).toContain("proof: stale: last proven on Claude Code 2.1.332");
    const json = JSON.parse(vigil(["report", "--json"], "", e).stdout);
    expect(json.proof).toMatchObject({ state: "stale", version: "2.1.332", at: AT, failed: [] });
    const doctor = JSON.parse(vigil(["doctor", "--json"], "", e).stdout);
    expect(doctor.findings.find((f: { check: string }) => f.check === "proof")).toEqual({
      check: "proof",
      severity: "warn",
      message: "stale: last proven on Claude Code 2.1.332 at 2026-12-01 19:40 UTC, 2.1.333 is installed",
      fix: "run `vigil doctor --prove`",
    });
  });

  test("the dashboard's /api/proof", async () => {
    const store = openStore(join(e.VIGIL_HOME, "vigil.db"));
    try {
      const quiet = (): HookOutcome => ({ stdout: "", error: null });
      const app = createApp({ store: () => store, runHook: quiet, clock: () => AT, version: "test" });
      const body = await (await app.request("/api/proof")).json();
      expect(body).toEqual({
        state: "fresh",
        text: "proven on Claude Code 2.1.332 at 2026-12-01 19:40 UTC",
        version: "2.1.332",
        at: AT,
        failed: [],
      });
      const html = await (await app.request("/")).text();
      expect(html).toContain(`id="proof"`);
    } finally {
      store.close();
    }
  });

  test("doctor --prove without a claude to prove: exit 1 with the reason", () => {
    const r = vigil(["doctor", "--prove"], "", { ...env, PATH: "/nonexistent", CLAUDE_BIN: "" });
    expect([r.code, r.stderr.trim()]).toEqual([
      1,
      'vigil: Claude Code not found: no "claude" on PATH (set CLAUDE_BIN to its path)',
    ]);
  });
});
