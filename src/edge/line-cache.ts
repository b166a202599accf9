/**
 * The statusLine's last good line, kept in small files so it can still be printed when the
 * database is locked or broken. Written with Bun's own writes, so a render never loads
 * node:fs; read (node:fs) only when a render has nothing better to print. A write replaces the
 * file in place: a reader racing it may see a cut line once, which only that fallback prints.
 */
import { joinPath } from "../core/posix-path.ts";
import type { LineCache } from "../app/run-statusline.ts";
import { nodeFs } from "./node-fs.ts";

const SAFE = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * A cache under `<stateDir>/<folder>/` (vigil's own lines in `lines/`, a wrapped user command's
 * in `user-lines/`); ids that are not plain file names use the shared slot. `settled` waits for
 * the writes made so far (a command awaits it before it exits).
 */
export function fileLineCache(stateDir: string, folder = "lines"): LineCache & { settled: () => Promise<void> } {
  const dir = joinPath(stateDir, folder);
  const file = (id: string | null) => joinPath(dir, id && SAFE.test(id) ? id : "_last");
  // Writes not yet settled; each leaves the set when done (a long-lived server writes many).
  const pending = new Set<Promise<unknown>>();
  return {
    read(id) {
      try {
        return nodeFs().readFileSync(file(id), "utf8");
      } catch {
        return null;
      }
    },
    write(id, line) {
      // Bun.write makes the folder when it is missing. A cache that cannot be written only
      // costs the fallback line.
      for (const f of [file(id), file(null)]) {
        const w: Promise<unknown> = Bun.write(f, line).catch(() => {}).finally(() => pending.delete(w));
        pending.add(w);
      }
    },
    settled: () => Promise.all([...pending]).then(() => {}),
  };
}
