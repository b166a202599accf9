/**
 * Doctor's checks of vigil's own state: the database (integrity, WAL growth, recoveries and
 * hook errors recorded), the state directory's permissions (0700, files 0600: webhook URLs and
 * transcripts' contents live there), and prompt envelopes the classifier did not know.
 */
import { type Finding, finding } from "./findings.ts";

/** WAL size past which a checkpoint is overdue (something keeps a reader open). */
export const WAL_WARN_BYTES = 64 * 1024 * 1024;

export interface DatabaseInput {
  path: string;
  exists: boolean;
  /** Could not open or query it. */
  error: string | null;
  /** `PRAGMA integrity_check` rows ("ok" alone when healthy). */
  integrity: string[];
  walBytes: number;
  /** `store_recovered` events in the window: when, and where the broken file went. */
  recovered: { at: number; movedTo: string | null }[];
  /**
   * `hook_error` events in the window; `unmeasured`: the sessions whose transcript could not be
   * read (`unreadableTranscript`), newest first: never measured, so never limited.
   */
  hookErrors: { count: number; last: string | null; unmeasured?: readonly string[] };
  /** How far back `recovered` and `hookErrors` look, for the message. */
  window: string;
}

/**
 * Whether a hook error says the session's transcript is there but cannot be read (a FIFO, a
 * folder, no permission: edge/transcript.ts words them so); a transcript not written yet is no
 * error.
 */
export function unreadableTranscript(error: string): boolean {
  return /^(?:cannot open transcript "|cannot read transcript "|transcript ".*" is not a file$)/.test(error);
}

const iso = (at: number) => new Date(at).toISOString().replace(/\.\d{3}Z$/, "Z");

/** Database health. */
export function checkDatabase(d: DatabaseInput): Finding[] {
  if (!d.exists) return [finding("database", "info", `no database yet at "${d.path}" (the first hook creates it)`)];
  if (d.error !== null) {
    return [
      finding(
        "database",
        "problem",
        `cannot read "${d.path}": ${d.error}`,
        `move it aside (mv "${d.path}" "${d.path}.bad"); vigil creates a new one`,
      ),
    ];
  }
  const out: Finding[] = [];
  const bad = d.integrity.filter((r) => r !== "ok");
  if (bad.length > 0 || d.integrity.length === 0) {
    out.push(finding(
      "database",
      "problem",
      `"${d.path}" fails its integrity check: ${bad.slice(0, 2).join("; ") || "no answer"}`,
      `move it aside (mv "${d.path}" "${d.path}.bad"); vigil creates a new one`,
    ));
  }
  if (d.walBytes > WAL_WARN_BYTES) {
    out.push(finding(
      "database",
      "warn",
      `the write-ahead log is ${
        Math.round(d.walBytes / 1024 / 1024)
      } MiB: a long-lived reader keeps it from being checkpointed`,
      "restart vigil serve (and anything else holding vigil.db open)",
    ));
  }
  for (const r of d.recovered) {
    out.push(finding(
      "database",
      "warn",
      `the database was corrupt and was recreated at ${iso(r.at)}${
        r.movedTo ? `; the broken one is "${r.movedTo}"` : ""
      }`,
      "nothing to do unless it recurs (then check the disk); delete the broken copy when done with it",
    ));
  }
  if (d.hookErrors.count > 0) {
    out.push(finding(
      "database",
      "warn",
      `${d.hookErrors.count} hook error${d.hookErrors.count === 1 ? "" : "s"} in the ${d.window} (hooks failed open)${
        d.hookErrors.last ? `; latest: ${d.hookErrors.last}` : ""
      }`,
      `vigil report --since 24h --json shows them (kind "hook_error")`,
    ));
  }
  const unmeasured = d.hookErrors.unmeasured ?? [];
  if (unmeasured.length > 0) {
    const n = unmeasured.length;
    const ids = unmeasured.slice(0, 3).join(", ") + (n > 3 ? `, and ${n - 3} more` : "");
    out.push(finding(
      "transcripts",
      "warn",
      `${n} session${n === 1 ? "" : "s"} could not be measured in the ${d.window}: ${
        n === 1 ? "its transcript" : "their transcripts"
      } could not be read, so no limit applied to ${n === 1 ? "it" : "them"} (${ids})`,
      `make each transcript_path a readable file; vigil report --since 24h --json names them (kind "hook_error")`,
    ));
  }
  if (out.length === 0) out.push(finding("database", "ok", `"${d.path}" is healthy`));
  return out;
}

export interface PermissionInput {
  path: string;
  kind: "dir" | "file";
  /** The permission bits (`mode & 0o777`). */
  mode: number;
}

const octal = (m: number) => m.toString(8).padStart(3, "0");

/** The state directory 0700 and its files 0600 (group and others get nothing). */
export function checkPermissions(entries: readonly PermissionInput[]): Finding[] {
  const open = entries.filter((e) => (e.mode & 0o077) !== 0);
  if (entries.length === 0) return [];
  if (open.length === 0) return [finding("permissions", "ok", "the state directory and its files are private")];
  return open.map((e) =>
    finding(
      "permissions",
      "problem",
      `"${e.path}" is ${octal(e.mode)}: others can read vigil's state`,
      `chmod ${e.kind === "dir" ? "700" : "600"} "${e.path}"`,
    )
  );
}

export interface EnvelopeInput {
  /** Since when (the last Claude Code upgrade vigil knows of; 0: ever). */
  since: number;
  count: number;
  /** Distinct tags, most frequent first. */
  tags: { tag: string; count: number }[];
}

/** Prompts in shapes the classifier did not know: passed as harness-injected, worth a look. */
export function checkEnvelopes(e: EnvelopeInput): Finding[] {
  const when = e.since > 0 ? `since ${iso(e.since)} (the last Claude Code upgrade)` : "so far";
  if (e.count === 0) return [finding("envelopes", "ok", `no unknown prompt envelopes ${when}`)];
  const tags = e.tags.slice(0, 5).map((t) => `"${t.tag}" ×${t.count}`).join(", ");
  return [finding(
    "envelopes",
    "warn",
    `${e.count} prompt${
      e.count === 1 ? "" : "s"
    } in shapes vigil does not know ${when}: ${tags}; they were passed as harness-injected, not refused`,
    `vigil report --json shows them (kind "unknown_envelope"); a new Claude Code envelope needs a classifier rule`,
  )];
}
