/** What install and uninstall tell the user: what changed, and what still keeps hooks off. */
import { checkEvents } from "./inspect.ts";
import type { Change } from "./plan.ts";

export interface ReportContext {
  path: string;
  /** Claude Code version the events were chosen for (install only). */
  version: string | null;
  /** Where the bytes before this write went (null: nothing written or no file before). */
  backup: string | null;
  http: number | null;
  /** vigil's statusLine asks serve over HTTP too (the bash client of an `--http` install). */
  statusViaServe?: boolean;
  /** `--statusline-only`: the hooks come from the plugin. */
  statusLineOnly?: boolean;
  /** Uninstall restored the original bytes from this backup. */
  restored?: string | null;
}

const STATUS_LINE: Record<Change["statusLine"], string> = {
  added: "statusLine: vigil's",
  unchanged: "statusLine: vigil's (unchanged)",
  updated: "statusLine: vigil's, updated to this binary",
  wrapped: "statusLine: yours, shown unchanged; vigil records its numbers (--statusline keep leaves it alone)",
  replaced: "statusLine: vigil's, in place of yours (uninstall puts yours back)",
  "left-user": "statusLine: yours, left alone",
  removed: "statusLine: removed",
  unwrapped: "statusLine: yours again",
  restored: "statusLine: yours again, as it was before install",
  absent: "statusLine: none",
};

function list(events: string[]): string {
  return events.length <= 6 ? events.join(", ") : `${events.slice(0, 6).join(", ")} and ${events.length - 6} more`;
}

/** A few lines saying what happened to the file. */
export function describeChange(action: "install" | "uninstall", c: Change, r: ReportContext): string {
  const lines: string[] = [];
  if (!c.changed) {
    lines.push(
      action === "install"
        ? `vigil: already installed in "${r.path}"; nothing changed`
        : `vigil: not in "${r.path}"; nothing changed`,
    );
  } else if (action === "install" && r.statusLineOnly) {
    lines.push(`vigil: installed in "${r.path}": the statusLine only (the plugin registers the hooks)`);
    if (c.removed.length > 0) lines.push(`  removed vigil's hooks (the plugin has them): ${list(c.removed)}`);
  } else if (action === "install") {
    const how = r.http === null
      ? "command hooks"
      : `HTTP hooks to 127.0.0.1:${r.http} (SessionStart and Setup as commands)` +
        (r.statusViaServe
          ? "; the statusLine asks serve there too, and renders itself when serve does not answer"
          : "");
    lines.push(
      `vigil: installed in "${r.path}" for Claude Code ${r.version}: ${c.facts.vigilEvents.length} events, ${how}`,
    );
    if (c.added.length > 0) lines.push(`  added: ${list(c.added)}`);
    if (c.updated.length > 0) lines.push(`  updated: ${list(c.updated)}`);
    if (c.removed.length > 0) {
      lines.push(`  removed (not handled by vigil, or unknown to ${r.version}): ${list(c.removed)}`);
    }
  } else {
    lines.push(`vigil: removed from "${r.path}"${c.removed.length > 0 ? `: ${c.removed.length} events` : ""}`);
    if (r.restored) lines.push(`  restored the bytes from before install: ${r.restored}`);
  }
  if (c.changed || action === "install") lines.push(`  ${STATUS_LINE[c.statusLine]}`);
  if (r.backup) lines.push(`  backup: ${r.backup}`);
  return lines.join("\n") + "\n";
}

/** What still stands between vigil and the hooks running, after an install. */
export function warningsFor(c: Change, version: string, path: string): string[] {
  const out: string[] = [];
  const ev = checkEvents(c.facts, version);
  if (ev.unknown.length > 0) {
    out.push(
      `"${path}" names ${ev.unknown.map((e) => `"${e}"`).join(", ")}, which Claude Code ${version} does not know: ` +
        `every hook in this file is disabled until ${ev.unknown.length === 1 ? "it is" : "they are"} removed`,
    );
  }
  if (c.facts.disableAllHooks) {
    out.push(`"${path}" sets "disableAllHooks": true: no hook and no statusLine runs until it is removed`);
  }
  if (c.statusLine === "left-user" && c.userStatusLine !== null) {
    out.push(
      `your statusLine "${c.userStatusLine}" was left alone: vigil never learns the session's window ` +
        `(a 1M-window session is judged against the 200k default) and measures one response late ` +
        `(vigil install --statusline wrap keeps your line on screen and records the numbers)`,
    );
  }
  if (ev.basis === "older") {
    out.push(`Claude Code ${version} is older than any version vigil knows; registered the 2.0.76 events`);
  }
  if (ev.basis === "newer") {
    out.push(
      `Claude Code ${version} is newer than any version vigil knows; registered the events of the newest one vigil knows`,
    );
  }
  return out;
}

/**
 * What install says about where the hooks will run, from whether a serve answers now: HTTP
 * hooks with nothing listening guard nothing (Claude Code runs the tool call; the e2e test
 * test/e2e/http-hooks.e2e.test.ts shows it), so that is a warning; command hooks with no
 * serve work, in their own process, so that is a note of what serve would change.
 */
export function servingNote(
  http: number | null,
  answering: boolean,
): { warning: string } | { note: string } | null {
  if (answering) return null;
  if (http !== null) {
    return {
      warning:
        `nothing answers on 127.0.0.1:${http}: no HTTP hook guards anything until \`vigil serve\` listens there ` +
        `(\`vigil serve --install --listen 127.0.0.1:${http}\` keeps it running); until then every tool call runs unchecked`,
    };
  }
  return {
    note: "hooks: each runs in its own process; with `vigil serve --install` a running serve takes them over, " +
      "in about half the time (bench/RESULTS.md)",
  };
}
