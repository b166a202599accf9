/**
 * Doctor's check of the DOWN check's process identity: for each running Claude Code session in
 * its registry, vigil's probe of the pid must name the process the registry's `procStart` names
 * (`sameProcess`, the watch's own comparison). On Linux both sides are /proc's start time in
 * clock ticks; on macOS both are `ps -o lstart` (Claude Code writes it trimmed, vigil parses
 * `ps` output). A format that drifted on either side would make the watch report every session
 * DOWN, or miss a reused pid: this is where a user sees it before a night does.
 */
import { type ProcessView, sameProcess } from "../liveness.ts";
import { type Finding, finding } from "./findings.ts";

export interface IdentityInput {
  platform: string;
  /** The platform has no process probe: the watch cannot tell a dead session there. */
  unprobed: boolean;
  /** Registry entries whose pid is alive, each with what vigil's probe read of that pid. */
  live: {
    pid: number;
    registered: { procStart: string | null; startedAt: number | null };
    probed: ProcessView;
  }[];
}

const FIX = "report it with the output of `vigil doctor --json` (Claude Code's registry and vigil's probe disagree)";

/** One finding: ok, or what the watch would get wrong and for which pid. */
export function checkIdentity(i: IdentityInput): Finding[] {
  if (i.unprobed) {
    return [
      finding(
        "identity",
        "info",
        `no process probe on ${i.platform}: the watch cannot tell a dead or restarted session there`,
      ),
    ];
  }
  if (i.live.length === 0) {
    return [
      finding(
        "identity",
        "info",
        "no running Claude Code session in its registry to check the DOWN check's identity on",
      ),
    ];
  }
  const verdicts = i.live.map((s) => ({ ...s, verdict: sameProcess(s.registered, s.probed) }));
  const other = verdicts.filter((s) => s.verdict === "other");
  const unknown = verdicts.filter((s) => s.verdict === "unknown");
  const n = i.live.length;
  const sessions = `${n} running session${n === 1 ? "" : "s"}`;
  if (other.length > 0) {
    const [o] = other;
    const example = `pid ${o.pid}: the registry says it started "${o.registered.procStart ?? "?"}", ` +
      `vigil's probe reads "${o.probed.procStart ?? "?"}"`;
    // Every one disagreeing is a format neither side shares; one among agreeing ones can be a
    // registry file a crashed session left behind, its pid now another process's.
    if (other.length === n && n >= 2) {
      return [
        finding(
          "identity",
          "problem",
          `none of the ${sessions} in Claude Code's registry is the process its entry names (${example}): ` +
            `the watch would report every session DOWN`,
          FIX,
        ),
      ];
    }
    return [
      finding(
        "identity",
        "warn",
        `${other.length} of the ${sessions} in Claude Code's registry ${other.length === 1 ? "is" : "are"} ` +
          `not the process ${other.length === 1 ? "its entry names" : "their entries name"} (${example}): ` +
          `a registry file left by a session that died, or a start time vigil does not read the same way; ` +
          `the watch reports such a session DOWN`,
        FIX,
      ),
    ];
  }
  if (unknown.length > 0) {
    return [
      finding(
        "identity",
        "warn",
        `${unknown.length} of the ${sessions} in Claude Code's registry carry no start time vigil can compare ` +
          `(pid ${unknown[0].pid}): a reused pid would be taken for that session`,
        FIX,
      ),
    ];
  }
  return [
    finding(
      "identity",
      "ok",
      `the DOWN check's process identity matches Claude Code's registry for ${sessions} (${i.platform})`,
    ),
  ];
}
