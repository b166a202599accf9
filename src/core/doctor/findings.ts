/**
 * What `vigil doctor` reports: one finding per thing checked, a severity, and for anything
 * wrong the command or edit that fixes it. Only problems fail the run (exit 1); warnings are
 * things a user should know (a version newer than tested, no watch schedule) that do not
 * stop vigil from working.
 */

export type Severity = "ok" | "info" | "warn" | "problem";

export interface Finding {
  /**
   * Which check: binary, settings, claude, envelopes, database, transcripts, permissions, serve,
   * schedule, identity, notify.
   */
  check: string;
  severity: Severity;
  message: string;
  /** How to fix it (null for ok and info). */
  fix: string | null;
}

/** A finding; `fix` only for warnings and problems. */
export function finding(check: string, severity: Severity, message: string, fix: string | null = null): Finding {
  return { check, severity, message, fix };
}

const ORDER: Record<Severity, number> = { problem: 0, warn: 1, info: 2, ok: 3 };

/** Exit code for a set of findings: 1 when any is a problem. */
export function exitCodeOf(findings: readonly Finding[]): number {
  return findings.some((f) => f.severity === "problem") ? 1 : 0;
}

function line(f: Finding): string {
  const label = f.severity === "problem" ? "PROBLEM" : f.severity === "warn" ? "warning" : f.severity;
  return `${label} ${f.check}: ${f.message}${f.fix ? `; fix: ${f.fix}` : ""}`;
}

/**
 * The text report: problems and warnings one per line with their fix, then the ok and info
 * lines when asked (or when nothing is wrong, as the short summary).
 */
export function renderFindings(findings: readonly Finding[], opts: { verbose?: boolean } = {}): string {
  const sorted = [...findings].sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
  const problems = findings.filter((f) => f.severity === "problem").length;
  const warnings = findings.filter((f) => f.severity === "warn").length;
  const bad = sorted.filter((f) => f.severity === "problem" || f.severity === "warn");
  const good = sorted.filter((f) => f.severity === "ok" || f.severity === "info");
  const head = problems > 0
    ? `vigil doctor: ${problems} problem${problems === 1 ? "" : "s"}` +
      (warnings > 0 ? `, ${warnings} warning${warnings === 1 ? "" : "s"}` : "")
    : `vigil doctor: ok${warnings > 0 ? ` (${warnings} warning${warnings === 1 ? "" : "s"})` : ""}`;
  const lines = [head, ...bad.map(line)];
  if (problems === 0 || opts.verbose) lines.push(...good.map(line));
  return lines.join("\n") + "\n";
}

/** The `--json` shape. */
export function findingsJson(findings: readonly Finding[]): { ok: boolean; findings: Finding[] } {
  return { ok: exitCodeOf(findings) === 0, findings: [...findings] };
}
