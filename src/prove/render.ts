/** The proof as text (one line per check) and as the `--json` object. */
import type { CheckResult } from "./checks.ts";
import type { Proof } from "./run.ts";

const LABEL: Record<CheckResult["status"], string> = { pass: "pass", fail: "FAIL", "n/a": "n/a " };

/** One line per check, with the fix for a failure; a head and a count line. */
export function renderProof(p: Proof): string {
  const from = p.source === "user"
    ? `vigil's entries from "${p.settingsPath}"`
    : `the settings \`vigil install\` would write (vigil is not in "${p.settingsPath}")`;
  const head = `vigil doctor --prove: Claude Code ${p.version} ("${p.claude}"), ${from}`;
  const lines = p.checks.map((c) => `${LABEL[c.status]} ${c.id}: ${c.evidence}${c.fix ? `; fix: ${c.fix}` : ""}`);
  const n = (s: CheckResult["status"]) => p.checks.filter((c) => c.status === s).length;
  const tail = `${p.ok ? "proven" : "NOT proven"}: ${n("pass")} passed, ${n("fail")} failed, ${n("n/a")} n/a in ${
    (p.durationMs / 1000).toFixed(1)
  } s`;
  return [head, ...lines, tail].join("\n") + "\n";
}
