/**
 * `vigil uninstall`: remove exactly what install added (or restore the file install found,
 * less any vigil registration it held), the skill it wrote, and the serve service it started
 * when this was the last settings file vigil was in.
 */
import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { type CommandIo, Refusal } from "../core/command-io.ts";
import { SKILL_MARKER, SKILL_NAME } from "../core/continuity/skill.ts";
import { settingsDiff } from "../core/install/diff.ts";
import { hookCommand, statuslineCommand, type VigilMarks } from "../core/install/entries.ts";
import { type Change, planUninstall } from "../core/install/plan.ts";
import { afterUninstall, fileRecord, undoPlan } from "../core/install/record.ts";
import { describeChange } from "../core/install/report.ts";
import { resolvePaths } from "../edge/paths.ts";
import {
  assertWritable,
  backupSettings,
  decodeSettings,
  readBackup,
  readSettings,
  sha256,
  writeSettings,
} from "../edge/settings-file.ts";
import { backupTag, guard, loadRecord, saveRecord, scopePaths } from "./scope.ts";
import { type InstallDeps, stopServeService } from "./serve-default.ts";

/** An uninstall, as the command line asked for it. */
export interface UninstallRequest {
  project: boolean;
  /** The vigil binary whose registrations are vigil's (besides those the record names). */
  bin: string;
  dryRun: boolean;
  cwd: string;
}

/** Run the uninstall; what it did goes to `io`. */
export async function uninstall(given: UninstallRequest, io: CommandIo, deps: InstallDeps = {}): Promise<number> {
  const req = { ...given, bin: isAbsolute(given.bin) ? given.bin : resolve(given.cwd, given.bin) };
  const paths = scopePaths(req.project, { env: io.env, cwd: req.cwd });
  const state = resolvePaths(io.env).stateDir;
  const record = loadRecord(state);
  const rec = fileRecord(record, paths.settings);
  const marks: VigilMarks = {
    commands: [...(rec?.commands ?? []), hookCommand(req.bin), statuslineCommand(req.bin)],
  };
  const before = guard(() => readSettings(paths.settings));
  const text = guard(() => decodeSettings(before));
  const original = rec?.original && existsSync(rec.original)
    ? new TextDecoder().decode(readBackup(rec.original))
    : null;
  const removal = planUninstall(text, marks, original);
  if (!removal.ok) {
    throw new Refusal(`cannot uninstall from "${paths.settings}": ${removal.error}; nothing was written`);
  }
  let change: Change = removal.value;
  let restored: string | null = null;
  const undo = undoPlan(rec, before.bytes === null ? null : sha256(before.bytes));
  let bytes: Uint8Array | null = change.text === null ? null : new TextEncoder().encode(change.text);
  if (undo.kind === "restore" && (undo.original === null || existsSync(undo.original))) {
    bytes = undo.original === null ? null : withoutVigil(readBackup(undo.original), marks);
    restored = undo.original ?? "(no file before install)";
    change = { ...change, text: bytes === null ? null : new TextDecoder().decode(bytes), changed: true };
  }
  if (req.dryRun) {
    const diff = settingsDiff(paths.settings, text, change.text);
    io.out(diff ? diff.trimEnd() + "\n" : `no change to "${paths.settings}"\n`);
    return 0;
  }
  let backup: string | null = null;
  if (change.changed && before.bytes !== null) {
    guard(() => assertWritable(paths.settings));
    backup = backupSettings(paths.settings, join(state, "backups"), io.now(), backupTag(req.project, paths.settings));
    guard(() => writeSettings(paths.settings, bytes));
  }
  const skill = removeSkill(paths.skills);
  const left = afterUninstall(record, paths.settings);
  // The serve service install started by default goes with the last settings file vigil was in.
  const stopServe = record.serve === true && left.files.length === 0;
  saveRecord(state, stopServe ? { ...left, serve: undefined } : left);
  io.out(describeChange("uninstall", change, { path: paths.settings, version: null, backup, http: null, restored }));
  if (skill) io.out(`skill removed: ${skill}\n`);
  if (stopServe) await stopServeService(req.bin, deps, io);
  return 0;
}

/** Remove the skill install wrote (only a SKILL.md carrying vigil's marker). */
function removeSkill(skills: string): string | null {
  const dir = join(skills, SKILL_NAME);
  const file = join(dir, "SKILL.md");
  if (!existsSync(file) || !readFileSync(file, "utf8").includes(SKILL_MARKER)) return null;
  rmSync(file);
  if (readdirSync(dir).length === 0) rmdirSync(dir);
  return file;
}

/**
 * The bytes from before install, less any vigil registration they held: an earlier vigil's
 * (WorktreeCreate included) that install repaired must not come back with the restore. A file
 * with nothing of vigil's keeps its bytes exactly; otherwise only vigil's entries are cut.
 */
function withoutVigil(original: Uint8Array, marks: VigilMarks): Uint8Array {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(original);
  } catch {
    return original; // not text vigil could have edited
  }
  const strip = planUninstall(text, marks, null);
  return strip.ok && strip.value.changed && strip.value.text !== null
    ? new TextEncoder().encode(strip.value.text)
    : original;
}
