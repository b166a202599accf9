/**
 * What the hook reads of a prompt before it loads the handoff judges (round 20, bench/RESULTS.md "Hook peak RSS"):
 * whether the prompt may name the handoff at all, and whether it is a pass command. The judges (handoff-request.ts,
 * handoff-mood.ts with their patterns and both clause models' weight tables) are their own chunk; a prompt that names
 * nothing, the hook's common case, never loads them (classify-core.ts `mayAskHandoff`, src/app/hook-parts.ts).
 *
 * `mayName` holds what every text the clause judge reads as naming the handoff holds (handoff-request.ts
 * `namesHandoff`: DOC_NOUN, NEXT_PARTY, each lexicon's `mayRequest`), so that judge, which tests it first, and the hook
 * agree by construction: a name either judge reads that `mayName` misses is read by neither
 * (test/core/handoff-precheck.test.ts checks it covers each of them).
 */
import { normalizeNames } from "./handoff-names.ts";
import { HANDOFF_WINDOW, trimStart } from "./handoff-text.ts";

/**
 * English: the letters of every spelling of the name (EN_NOUN_LETTERS, "hndoff") and NEXT_PARTY's words (next worker,
 * whoever picks up, a fresh session, a successor, next.md); Korean and Japanese: the script (MAY_KO, MAY_JA). No
 * anchor and no look-around at either end, so what it matches in a window of a text it matches in the text.
 */
const MAY_NAME =
  /h(?:and|nad|adn)|hndoff|\bnext[\s.]|\bwhoever\s|\bfresh\s+session|\bsuccessor|[\u3131-\u318E\uAC00-\uD7A3\u3040-\u30FF\u4E00-\u9FFF]/i;

/** Whether a window of a prompt (names already normalised) may name the handoff: false, and no judge reads a name in it. */
export function mayName(window: string): boolean {
  return MAY_NAME.test(window);
}

/**
 * Whether the judges may read a name in this prompt: as judgeHandoffRequest reads it (misspelt names rewritten, on a
 * prompt up to twice the window). False: they judge it as asking for nothing (no request, nothing asked).
 */
export function mayNameHandoff(raw: string): boolean {
  return mayName(raw.length <= 2 * HANDOFF_WINDOW ? normalizeNames(raw) : raw);
}

/** Whether the prompt opens with one of the configured pass commands (args allowed). */
export function isPassCommand(text: string, passCommands: readonly string[]): boolean {
  const first = trimStart(text).split(/\s/, 1)[0].toLowerCase();
  if (!first.startsWith("/")) return false;
  return passCommands.some((c) => {
    const cmd = c.toLowerCase();
    // A plugin-installed skill is invoked as "/plugin:name".
    return first === cmd || first.endsWith(":" + cmd.replace(/^\//, ""));
  });
}
