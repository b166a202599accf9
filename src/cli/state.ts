/**
 * `vigil state save|show|skill`: the pre-compaction state file (product.md section 5).
 * `save` refuses (exit 1) and writes nothing when the Markdown is incomplete or the session
 * id cannot be determined exactly; otherwise it writes a new version atomically and reads it
 * back. Wiring only: format in core, files and the session gate in the edge.
 */
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
import { parse } from "./args.ts";
import { type Ctx, Refusal, UsageError } from "./context.ts";
import { HELP } from "./help.ts";

function sessionOf(ctx: Ctx, given: string | undefined): string {
  if (given !== undefined) {
    if (!isSessionId(given)) throw new UsageError(`"${given}" is not a valid session id`);
    return given;
  }
  const r = resolveSessionId(ctx.env);
  if (!r.ok) throw new Refusal(r.error);
  return r.sessionId;
}

async function save(ctx: Ctx): Promise<number> {
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
  const sid = sessionOf(ctx, undefined);
  const dir = sessionStateDir(resolvePaths(ctx.env).stateDir, sid);
  const r = saveStateVersion(dir, text, { at: ctx.now() });
  ctx.out(`state saved: ${r.current}\nversion: ${r.version}\n`);
  return 0;
}

function show(ctx: Ctx, session: string | undefined, list: boolean): number {
  const sid = sessionOf(ctx, session);
  const dir = sessionStateDir(resolvePaths(ctx.env).stateDir, sid);
  if (list) {
    const versions = listVersions(dir);
    if (versions.length === 0) throw new Refusal(`no state saved for session "${sid}"`);
    for (const v of versions) {
      ctx.out(`${new Date(v.at).toISOString()}  ${v.draft ? "draft" : "saved"}  ${v.path}\n`);
    }
    return 0;
  }
  const { state } = readStates(dir);
  if (!state) throw new Refusal(`no state saved for session "${sid}"`);
  ctx.out(state.text.endsWith("\n") ? state.text : state.text + "\n");
  return 0;
}

function skill(ctx: Ctx, dir: string | undefined, bin: string | undefined): number {
  const skills = dir ?? `${claudeConfigDir({ env: ctx.env, home: ctx.env.HOME })}/skills`;
  const r = writeSkillFile(skills, { bin });
  if (!r.ok) throw new Refusal(r.error);
  ctx.out(`${r.changed ? "skill written" : "skill up to date"}: ${r.path}\n`);
  return 0;
}

export async function stateCommand(args: string[], ctx: Ctx): Promise<number> {
  const { values, positionals } = parse(args, {
    session: { type: "string" },
    list: { type: "boolean" },
    dir: { type: "string" },
    bin: { type: "string" },
  }, true);
  if (values.help) return (ctx.out(HELP.state + "\n"), 0);
  const [sub, ...extra] = positionals;
  if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`);
  switch (sub) {
    case "save":
      if (values.session !== undefined) {
        throw new UsageError(`"state save" takes no --session: the session id comes from Claude Code`);
      }
      return await save(ctx);
    case "show":
      return show(ctx, values.session, values.list === true);
    case "skill":
      return skill(ctx, values.dir, values.bin);
    case undefined:
      throw new UsageError(`missing subcommand: save, show or skill (see vigil state --help)`);
    default:
      throw new UsageError(`unknown subcommand "${sub}": save, show or skill (see vigil state --help)`);
  }
}
