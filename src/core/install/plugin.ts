/**
 * `vigil install --plugin DIR`: vigil as a Claude Code plugin. The same hooks the settings
 * install registers (one matcher-`*` group, with its timeout, per event vigil handles that the
 * installed Claude Code knows: `registeredEvents`, `vigilGroup`), calling the binary by absolute
 * path, in `hooks/hooks.json`; the manifest in `.claude-plugin/plugin.json`; and a one-plugin
 * marketplace in `.claude-plugin/marketplace.json`, so the same directory can be added with
 * `claude plugin marketplace add DIR` and installed from there. A plugin cannot set the
 * statusLine: `vigil install --statusline-only` does that part in settings.json. Pure.
 */
import { vigilGroup } from "./entries.ts";
import { registeredEvents } from "./handled.ts";

/** The plugin's (and its marketplace's) name: installed as `vigil@vigil`. */
export const PLUGIN_NAME = "vigil";

export interface PluginSpec {
  /** Absolute path of the vigil binary the hooks run. */
  bin: string;
  /** The installed Claude Code version: it decides the events. */
  claudeVersion: string;
  /** vigil's own version (the plugin's version). */
  version: string;
  /** `--fail-closed`: PreToolUse and PreSkillShellCommand with `onFailure: "block"`. */
  failClosed?: boolean;
}

export interface PluginFile {
  /** Relative to the plugin directory. */
  path: string;
  text: string;
}

const DESCRIPTION = "Keeps long-running Claude Code agents inside rules that prompts cannot enforce: " +
  "context limits, compaction continuity, the unattended Stop gate";

const json = (v: unknown) => JSON.stringify(v, null, 2) + "\n";

/** The hooks object of `hooks/hooks.json` (event → vigil's one group). */
export function pluginHooks(spec: PluginSpec): Record<string, ReturnType<typeof vigilGroup>[]> {
  const events = registeredEvents(spec.claudeVersion).events;
  return Object.fromEntries(events.map((e) => [e, [vigilGroup(e, spec.bin, null, { failClosed: spec.failClosed })]]));
}

/** Every file of the plugin directory, in the order they are written. */
export function pluginFiles(spec: PluginSpec): PluginFile[] {
  const readme = `# vigil (Claude Code plugin)

This plugin registers vigil's hooks: one command hook per event vigil handles on Claude Code
${spec.claudeVersion}, each with its timeout, running the vigil binary at \`${spec.bin}\`. vigil measures
each session's context, enforces the SOFT and HARD limits on workers, saves and restores what
compaction loses, and holds unattended sessions to their word at Stop.

A plugin cannot set the statusLine, so run \`vigil install --statusline-only\` once as well:
vigil then learns each session's real context window (your own statusLine stays on screen).

Load it for one session with \`claude --plugin-dir <this directory>\`, or install it with
\`claude plugin marketplace add <this directory>\` and \`claude plugin install ${PLUGIN_NAME}@${PLUGIN_NAME}\`.
After a Claude Code upgrade, run \`vigil install --plugin <this directory>\` again (then
\`claude plugin update ${PLUGIN_NAME}@${PLUGIN_NAME}\`); \`vigil doctor\` says when it is due.
`;
  return [
    {
      path: ".claude-plugin/plugin.json",
      text: json({
        name: PLUGIN_NAME,
        version: spec.version,
        description: DESCRIPTION,
        author: { name: "vigil" },
        keywords: ["hooks", "context", "compaction", "unattended"],
      }),
    },
    {
      path: ".claude-plugin/marketplace.json",
      text: json({
        name: PLUGIN_NAME,
        owner: { name: "vigil" },
        // 2.1.88 refuses a top-level "description"; "metadata" is where both versions read it.
        metadata: { description: "vigil, written on this machine by vigil install --plugin" },
        plugins: [{ name: PLUGIN_NAME, source: "./", description: DESCRIPTION, version: spec.version }],
      }),
    },
    {
      path: "hooks/hooks.json",
      text: json({
        description: `vigil's hooks for Claude Code ${spec.claudeVersion} (vigil install --plugin)`,
        hooks: pluginHooks(spec),
      }),
    },
    { path: "README.md", text: readme },
  ];
}
