/**
 * Strict argument parsing for vigil's own commands. Its own file because node:util is
 * costly to load in a compiled binary (a third of a hook's start-up when it sat in
 * context.ts): the hook and statusline paths never import it.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./context.ts";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** Strict argument parsing with vigil's error style. */
export function parse<O extends Options>(args: string[], options: O, allowPositionals = false) {
  try {
    return parseArgs({
      args,
      options: { ...options, help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals,
    });
  } catch (e) {
    const msg = e instanceof Error ? e.message.split("\n")[0].replace(/\.$/, "") : String(e);
    throw new UsageError(msg.charAt(0).toLowerCase() + msg.slice(1));
  }
}
