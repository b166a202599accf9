/**
 * Doctor's version checks: vigil's own binary, and the installed Claude Code against the one
 * vigil is tested with. Older versions lose things vigil cannot make up for; doctor says so
 * instead of letting vigil guess (product.md section 7a).
 */
import { AGENT_FIELDS_SINCE, compareVersions, E2E_VERSIONS, eventsFor, TESTED_VERSION } from "../install/events.ts";
import { type Finding, finding } from "./findings.ts";

export interface BinaryInput {
  /** This binary and its version. */
  self: string;
  version: string;
  /** `vigil` on PATH (null: none) and what it says its version is (null: could not tell). */
  onPath: string | null;
  onPathVersion: string | null;
  /** Whether the one on PATH is this very file. */
  onPathIsSelf: boolean;
}

/** vigil on PATH, and the same version as this one. */
export function checkBinary(b: BinaryInput): Finding[] {
  if (b.onPath === null) {
    return [finding(
      "binary",
      "warn",
      `vigil ${b.version} ("${b.self}") is not on PATH: hooks use its full path, but you and the agents cannot type "vigil"`,
      `ln -s "${b.self}" ~/.local/bin/vigil (or any directory on PATH)`,
    )];
  }
  if (!b.onPathIsSelf && b.onPathVersion !== b.version) {
    return [finding(
      "binary",
      "warn",
      `"vigil" on PATH is "${b.onPath}" (version ${b.onPathVersion ?? "unknown"}), not this vigil ${b.version}`,
      `point PATH at one vigil, then run vigil install from it`,
    )];
  }
  return [finding("binary", "ok", `vigil ${b.version} at "${b.onPath}"`)];
}

export interface ClaudeInput {
  /** The installed version, or null with the reason. */
  version: string | null;
  error: string | null;
  /** Version and since-when from vigil's record (null: never seen before). */
  previous: { version: string; since: number } | null;
}

/** The installed Claude Code: found, tested, and what an older one cannot tell vigil. */
export function checkClaude(c: ClaudeInput): Finding[] {
  if (c.version === null) {
    return [finding("claude", "problem", c.error ?? "Claude Code not found", "install Claude Code, or set CLAUDE_BIN")];
  }
  const v = c.version;
  const out: Finding[] = [];
  const cmp = compareVersions(v, TESTED_VERSION);
  const basis = eventsFor(v).basis;
  if (cmp === 0) out.push(finding("claude", "ok", `Claude Code ${v}, the version vigil is tested with`));
  else if (E2E_VERSIONS.some((t) => compareVersions(v, t) === 0)) {
    out.push(finding("claude", "ok", `Claude Code ${v}, tested end to end (the newest tested is ${TESTED_VERSION})`));
  } else if (cmp > 0) {
    out.push(finding(
      "claude",
      "warn",
      `Claude Code ${v} is newer than the tested ${TESTED_VERSION}: events it added are not registered, and new prompt shapes show up below as unknown envelopes`,
      "update vigil when a release tested with this version exists",
    ));
  } else {
    out.push(finding(
      "claude",
      basis === "older" ? "warn" : "info",
      `Claude Code ${v} is older than the tested ${TESTED_VERSION}${
        basis === "older" ? "; its hook events are not known to vigil (the 2.0.76 set is registered)" : ""
      }`,
      basis === "older" ? "upgrade Claude Code" : null,
    ));
  }
  if (compareVersions(v, AGENT_FIELDS_SINCE) < 0) {
    out.push(finding(
      "claude",
      "warn",
      `Claude Code ${v} sends no agent_type or agent_id: vigil cannot tell a subagent's tool calls from its main session, nor a worker from a person, so limits apply only where VIGIL_ROLE says "worker"`,
      `upgrade Claude Code to ${AGENT_FIELDS_SINCE} or later, or launch workers with VIGIL_ROLE=worker`,
    ));
  }
  if (compareVersions(v, "2.1.76") < 0) {
    out.push(
      finding(
        "claude",
        "info",
        `Claude Code ${v} has no PostCompact event: restore relies on SessionStart "compact" alone`,
      ),
    );
  }
  if (c.previous !== null && c.previous.version !== v) {
    out.push(
      finding("claude", "info", `Claude Code changed from ${c.previous.version} to ${v} since vigil last looked`),
    );
  }
  return out;
}
