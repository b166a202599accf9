/**
 * The pre-compaction state file (product.md section 5), as `vigil state` reads and writes it:
 * `save` refuses (exit 1) and writes nothing when the Markdown is incomplete or the session id
 * cannot be determined exactly; otherwise it writes a new version atomically and reads it back.
 * Format in core, files and the session gate in the edge.
 */
import { type CommandIo, Refusal, UsageError } from "../core/command-io.ts";
import { DRAFT_MARKER, isSessionId, validateState } from "../core/continuity/state-format.ts";
import { resolvePaths } from "../edge/paths.ts";
import { claudeConfigDir } from "../edge/registry.ts";
import { resolveSessionId } from "../edge/session-id.ts";
import {
  listVersions,
  readStates,
  saveStateVersion,
  sessionStateDir,
  STATE_CAP,
  writeSkillFile,
} from "../edge/state-files.ts";
import { readStdin } from "../edge/stdin.ts";

/** What these need of the command: its environment, clock and stdout. */
export type StateIo = Pick<CommandIo, "env" | "now" | "out">;

function sessionOf(io: StateIo, given: string | undefined): string {
  if (given !== undefined) {
    if (!isSessionId(given)) throw new UsageError(`"${given}" is not a valid session id`);
    return given;
  }
  const r = resolveSessionId(io.env);
  if (!r.ok) throw new Refusal(r.error);
  return r.sessionId;
}

/** `state save`: the Markdown on stdin, checked, as the session's new version; refuses a draft or an incomplete file. */
export async function saveState(io: StateIo): Promise<number> {
  const input = await readStdin(STATE_CAP);
  if (!input.ok) throw new Refusal(`state not saved: ${input.error}`);
  const text = input.text;
  if (text.trimStart().startsWith(DRAFT_MARKER)) {
    throw new Refusal(
      `state not saved: this is vigil's draft; check it, then remove its first line to save it as yours`,
    );
  }
  const v = validateState(text);
  if (!v.ok) throw new Refusal(`state not saved: ${v.error}`);
  const sid = sessionOf(io, undefined);
  const dir = sessionStateDir(resolvePaths(io.env).stateDir, sid);
  const r = saveStateVersion(dir, text, { at: io.now() });
  io.out(`state saved: ${r.current}\nversion: ${r.version}\n`);
  return 0;
}

/** `state show [--session ID] [--list]`: the current state file, or every version. */
export function showState(io: StateIo, session: string | undefined, list: boolean): number {
  const sid = sessionOf(io, session);
  const dir = sessionStateDir(resolvePaths(io.env).stateDir, sid);
  if (list) {
    const versions = listVersions(dir);
    if (versions.length === 0) throw new Refusal(`no state saved for session "${sid}"`);
    for (const v of versions) {
      io.out(`${new Date(v.at).toISOString()}  ${v.draft ? "draft" : "saved"}  ${v.path}\n`);
    }
    return 0;
  }
  const { state } = readStates(dir);
  if (!state) throw new Refusal(`no state saved for session "${sid}"`);
  io.out(state.text.endsWith("\n") ? state.text : state.text + "\n");
  return 0;
}

/** `state skill [--dir D] [--bin B]`: write the /pre-compact-save skill. */
export function writeStateSkill(io: StateIo, dir: string | undefined, bin: string | undefined): number {
  const skills = dir ?? `${claudeConfigDir({ env: io.env, home: io.env.HOME })}/skills`;
  const r = writeSkillFile(skills, { bin });
  if (!r.ok) throw new Refusal(r.error);
  io.out(`${r.changed ? "skill written" : "skill up to date"}: ${r.path}\n`);
  return 0;
}
