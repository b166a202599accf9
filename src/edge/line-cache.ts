/**
 * The statusLine's last good line, kept in small files so it can still be printed when the
 * database is locked or broken.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LineCache } from "../app/run-statusline.ts";

const SAFE = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * A cache under `<stateDir>/<folder>/` (vigil's own lines in `lines/`, a wrapped user command's
 * in `user-lines/`); ids that are not plain file names use the shared slot.
 */
export function fileLineCache(stateDir: string, folder = "lines"): LineCache {
  const dir = join(stateDir, folder);
  const file = (id: string | null) => join(dir, id && SAFE.test(id) ? id : "_last");
  return {
    read(id) {
      try {
        return readFileSync(file(id), "utf8");
      } catch {
        return null;
      }
    },
    write(id, line) {
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        for (const f of [file(id), file(null)]) {
          writeFileSync(f + ".tmp", line, { mode: 0o600 });
          renameSync(f + ".tmp", f);
        }
      } catch {
        // A cache that cannot be written only costs the fallback line.
      }
    },
  };
}
