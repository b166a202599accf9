/**
 * `vigil install --plugin DIR`: write the plugin directory (`core/install/plugin.ts`) and note
 * it in the install record, so doctor checks it against the installed Claude Code. A directory
 * that holds anything but a vigil plugin is refused untouched.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { type CommandIo, Refusal } from "../core/command-io.ts";
import { hookCommand, shellWord } from "../core/install/entries.ts";
import { registeredEvents } from "../core/install/handled.ts";
import { inspectSettings } from "../core/install/inspect.ts";
import { parseDoc, valueOf } from "../core/install/json-text.ts";
import { PLUGIN_NAME, pluginFiles } from "../core/install/plugin.ts";
import { afterPlugin, noteClaudeVersion } from "../core/install/record.ts";
import { resolvePaths } from "../edge/paths.ts";
import { decodeSettings, readSettings } from "../edge/settings-file.ts";
import { loadRecord, saveRecord, scopePaths } from "./scope.ts";

/** What the plugin runs and for which Claude Code; `version` is vigil's, for the manifest. */
export interface PluginRequest {
  bin: string;
  claudeVersion: string;
  version: string;
  failClosed: boolean;
  dryRun: boolean;
  cwd: string;
}

/** Write (or with `dryRun` show) the plugin directory `given`; warns when settings register vigil too. */
export function writePlugin(given: string, o: PluginRequest, io: CommandIo): number {
  const dir = resolve(given);
  const files = pluginFiles({
    bin: o.bin,
    claudeVersion: o.claudeVersion,
    version: o.version,
    failClosed: o.failClosed,
  });
  if (existsSync(dir) && readdirSync(dir).length > 0 && !isVigilPlugin(dir)) {
    throw new Refusal(`"${dir}" is not empty and holds no vigil plugin: nothing was written`);
  }
  const events = registeredEvents(o.claudeVersion).events;
  if (o.dryRun) {
    for (const f of files) io.out(`--- ${join(dir, f.path)}\n${f.text}`);
    return 0;
  }
  for (const f of files) {
    mkdirSync(dirname(join(dir, f.path)), { recursive: true });
    writeFileSync(join(dir, f.path), f.text);
  }
  const state = resolvePaths(io.env).stateDir;
  saveRecord(
    state,
    noteClaudeVersion(
      afterPlugin(loadRecord(state), { dir, claudeVersion: o.claudeVersion, at: io.now() }),
      o.claudeVersion,
      io.now(),
    ),
  );
  io.out(
    `vigil: plugin written to "${dir}" for Claude Code ${o.claudeVersion}: ${events.length} events, command hooks running "${o.bin}"\n` +
      `  for one session: claude --plugin-dir ${shellWord(dir)}\n` +
      `  for good: claude plugin marketplace add ${
        shellWord(dir)
      } && claude plugin install ${PLUGIN_NAME}@${PLUGIN_NAME}\n` +
      `  a plugin cannot set the statusLine: run "vigil install --statusline-only" too (vigil then learns each session's window)\n`,
  );
  const settings = scopePaths(false, { env: io.env, cwd: o.cwd }).settings;
  const text = (() => {
    try {
      return decodeSettings(readSettings(settings));
    } catch {
      return null;
    }
  })();
  const doc = text === null ? null : parseDoc(text);
  if (doc?.ok) {
    const facts = inspectSettings(valueOf(doc.value, doc.value.root), { commands: [hookCommand(o.bin)] });
    if (facts.vigilEvents.length > 0) {
      io.err(
        `vigil: warning: "${settings}" registers vigil's hooks too: with the plugin every event runs vigil twice ` +
          `(vigil install --statusline-only removes them and keeps the statusLine)\n`,
      );
    }
  }
  return 0;
}

/** Whether `dir` holds a plugin vigil wrote (its manifest names the vigil plugin). */
function isVigilPlugin(dir: string): boolean {
  try {
    const m: unknown = JSON.parse(readFileSync(join(dir, ".claude-plugin", "plugin.json"), "utf8"));
    return typeof m === "object" && m !== null && "name" in m && m.name === PLUGIN_NAME;
  } catch {
    return false;
  }
}
