/**
 * The evaluation's split into a tuning half and a sealed half (issue 31): the recorded file
 * covers every owner, the rule is deterministic and never moves an owner, and no reserved
 * repository is referenced. Runs on the committed files only (no network, no cached texts).
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { assign, halfOf, ownerOf, readSplit, type Split } from "../../eval/stop-gate/split.ts";
import { parseRefs, type Ref } from "../../eval/stop-gate/refs.ts";

const ROOT = join(import.meta.dir, "..", "..");
const refsText = readFileSync(join(ROOT, "eval/stop-gate/refs.jsonl"), "utf8");
const parsed = parseRefs(refsText);
const refs: Ref[] = parsed.ok ? parsed.refs : [];

/** Repositories reserved for independent measurement (issue 31), and the fork named with them. */
const RESERVED = [
  "entireio/cli",
  "entireio/git-sync",
  "entireio/entire-sem",
  "tielec/infrastructure-as-code",
  "hudy-team/hudy_frontend",
  "yutakobayashidev/repiq",
  "charlesoon/everything",
  "dOwOd/exvs2-cost-calculator",
  "ujuc/agent-stuff",
  "daaain/claude-code-log",
  "Doarakko/dotfiles",
  "DRMacIver/claude-reliability",
  "d-kimuson/claude-code-viewer",
  "Soph/energy-import-export",
];

function ref(repo: string, kind: Ref["kind"], lang: Ref["lang"], record: string): Ref {
  return { repo, path: "p", commit: "c", record, block: 0, kind, lang, label: "report", note: "" };
}

describe("the recorded split", () => {
  test("every owner of refs.jsonl has exactly one half", () => {
    expect(parsed.ok).toBe(true);
    const split = readSplit(join(ROOT, "eval/stop-gate/split.json"));
    const unassigned = [...new Set(refs.filter((r) => halfOf(split, r) === null).map((r) => ownerOf(r.repo)))];
    expect(unassigned).toEqual([]);
  });

  test("owners already tuned on are never sealed, owners of reserved repositories never tuning", () => {
    const split = readSplit(join(ROOT, "eval/stop-gate/split.json"));
    for (const o of split.seen) expect(split.owners[o] ?? "tuning").toBe("tuning");
    for (const o of split.reservedOwners.filter((o) => !split.seen.includes(o))) {
      expect(split.owners[o] ?? "sealed").toBe("sealed");
    }
  });

  test("owners of a spent sealed half, folded into tuning, stay tuning and count as seen", () => {
    // Their errors were read (round 12) or their half was run once on final rules (rounds 13, 14 and 15).
    const split = readSplit(join(ROOT, "eval/stop-gate/split.json"));
    expect(split.folded.length).toBeGreaterThan(0);
    for (const o of split.folded) {
      expect(split.seen).toContain(o);
      expect(split.owners[o]).toBe("tuning");
    }
  });

  test("no reference points into a reserved repository or a fork named after one", () => {
    // daaain/claude-code-log is reserved with its forks, which keep the repository's name.
    const hits = refs.filter((r) => RESERVED.includes(r.repo) || r.repo.split("/")[1] === "claude-code-log");
    expect(hits.map((r) => r.repo)).toEqual([]);
  });
});

describe("assign", () => {
  const base = (): Split => ({ seed: "s", seen: ["old"], reservedOwners: ["res"], folded: [], owners: {} });

  test("is deterministic for the same references and seed", () => {
    const rs = [
      ref("a/x", "end-turn", "en", "1"),
      ref("b/x", "end-turn", "en", "2"),
      ref("c/x", "end-turn", "ja", "3"),
    ];
    const one = base();
    const two = base();
    assign(one, rs);
    assign(two, rs);
    expect(one.owners).toEqual(two.owners);
  });

  test("forces seen owners to tuning and reserved-repository owners to sealed", () => {
    const s = base();
    assign(s, [ref("old/x", "end-turn", "en", "1"), ref("res/y", "end-turn", "en", "2")]);
    expect(s.owners).toEqual({ old: "tuning", res: "sealed" });
  });

  test("never moves an owner that already has a half", () => {
    const s = base();
    s.owners.a = "sealed";
    const rs = Array.from({ length: 50 }, (_, i) => ref("a/x", "end-turn", "en", String(i)));
    const fresh = assign(s, [...rs, ref("b/x", "end-turn", "en", "b")]);
    expect(fresh).toEqual(["b"]);
    expect(s.owners.a).toBe("sealed");
    // The sealed half already holds a's 50 English items, so the next English owner balances it.
    expect(s.owners.b).toBe("tuning");
  });
});
