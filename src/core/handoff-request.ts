/**
 * The requests that still pass the SOFT guard (product.md section 4): asking for the handoff
 * document, and the slash commands that save state or compact. Whoever sent the work is told
 * these pass, so they are how an orchestrator gets a handoff from a worker over its limit.
 */

/** Leading whitespace, BOM and zero-width characters are not part of the opening. */
function trimStart(s: string): string {
  return s.replace(/^[\s\uFEFF\u200B]+/, "");
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

const HANDOFF: readonly RegExp[] = [
  /\bhand[-\s]?(?:off|over)s?\b/i,
  /인계\s*(?:서|문서|노트|메모|파일|자료|해|하)|인수인계|핸드오프|핸드오버|(?:넘김|이관)\s*문서/,
  /引き?継ぎ|引継(?:書|資料|文書|メモ)|ハンドオ(?:フ|ーバー)/,
];
/** A handoff request names the handoff at its opening; a ticket that mentions one at the end is work. */
const HANDOFF_WINDOW = 240;

/** Whether the text asks for the handoff (English, Korean, Japanese). */
export function isHandoffRequest(text: string): boolean {
  const head = trimStart(text).slice(0, HANDOFF_WINDOW);
  return HANDOFF.some((re) => re.test(head));
}
