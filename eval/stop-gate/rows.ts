/**
 * How the Stop gate decides rows of our own phrasing kept as data, per family: a file of JSON lines
 * `{"family","push","text"}` (push: the gate should block the message; otherwise it should let the turn end at the
 * wait or announcement gate). `round16-rows.jsonl` holds the rows the rules on main decided wrong when round 16's rules
 * lost their sealed run (docs/stop-gate.md, "Round 16's sealed run"): next round's material, measured before any rule
 * is written for them; `round17-rows.jsonl` the same for round 17, and `round18-rows.jsonl` the rows of round 18's
 * batches main decided wrong when round 18's rules tied it on the sealed half; `round19-rows.jsonl` the rows of round
 * 19's batches its rules decide wrong (docs/stop-gate.md, "Round 19: …").
 *
 *   bun eval/stop-gate/rows.ts [FILE]   (default eval/stop-gate/round16-rows.jsonl)
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { decideStop } from "../../src/core/stop/gate.ts";
import { patternSet } from "../../src/core/stop/patterns.ts";

type Row = { family: string; push: boolean; text: string };

/** Whether the gate decides a row as its family says (a let-through row must stop at gate 4 or 5). */
export function decidedRight(row: Row): boolean {
  const d = decideStop({
    stopHookActive: false,
    night: { on: true, scope: [], until: null },
    cwd: "/work/proj",
    message: row.text,
    stopBlocks: 0,
    cap: 40,
    now: 0,
    patterns: patternSet({ continuation: [], approval: [] }),
    todo: null,
  });
  if (row.push) return d.decision === "block";
  return d.decision === "pass" && (d.gate === "approval" || d.gate === "announcement");
}

if (import.meta.main) {
  const file = process.argv[2] ?? join(dirname(new URL(import.meta.url).pathname), "round16-rows.jsonl");
  const rows: Row[] = readFileSync(file, "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
  const fams = new Map<string, { push: boolean; n: number; right: number }>();
  for (const r of rows) {
    const f = fams.get(r.family) ?? { push: r.push, n: 0, right: 0 };
    f.n++;
    if (decidedRight(r)) f.right++;
    fams.set(r.family, f);
  }
  for (const [name, f] of fams) console.log(`${f.right}/${f.n}\t${f.push ? "push" : "let stop"}\t${name}`);
  const right = [...fams.values()].reduce((s, f) => s + f.right, 0);
  const waits = rows.filter((r) => !r.push);
  const waitsRight = waits.filter(decidedRight).length;
  console.log(
    `\n${right}/${rows.length} decided right; rows that must not be pushed: ${
      waits.length - waitsRight
    } pushed of ${waits.length}`,
  );
}
