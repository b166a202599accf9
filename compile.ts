/**
 * Builds the single-file executables: `bun run compile.ts` for every target, `--single` for
 * the host only. Bytecode + ESM for start-up time; `.env` and `bunfig.toml` autoloading off
 * so a hook never picks up files from the directory it runs in. Writes dist/SHA256SUMS and
 * dist/install.sh beside the binaries (the release directory; `npm run pack` makes the npm
 * packages from it: packaging/pack.ts).
 */
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readFileSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { BUNDLE } from "./bundle-options.ts";
import { hostTarget, suffixOf, TARGETS } from "./packaging/targets.ts";

const { values } = parseArgs({ args: Bun.argv.slice(2), options: { single: { type: "boolean" } }, strict: true });
const host = hostTarget();
const chosen = values.single ? [host] : TARGETS;

/**
 * The build's identity (src/cli/version.ts): a digest of every source file the bundle can
 * read, the lockfile and the Bun that compiles it. Forwarded hook calls are answered only by
 * a server of the same build.
 */
function buildId(): string {
  const h = createHash("sha256").update(Bun.version);
  const files = [
    ...new Bun.Glob("{src,machines}/**/*").scanSync({ onlyFiles: true }),
    "package-lock.json",
    "bundle-options.ts",
  ].sort();
  for (const f of files) h.update(f).update("\0").update(readFileSync(f)).update("\0");
  return h.digest("hex").slice(0, 16);
}
const BUILD_ID = buildId();

mkdirSync("dist", { recursive: true });
const sums: string[] = [];
for (const t of chosen) {
  const outfile = `dist/vigil-${suffixOf(t)}`;
  const result = await Bun.build({
    ...BUNDLE,
    conditions: [...BUNDLE.conditions],
    define: { ...BUNDLE.define, VIGIL_BUILD_ID: JSON.stringify(BUILD_ID) },
    entrypoints: [...BUNDLE.entrypoints],
    bytecode: true,
    compile: { target: t.bun, outfile, autoloadDotenv: false, autoloadBunfig: false },
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    process.exit(1);
  }
  sums.push(`${createHash("sha256").update(readFileSync(outfile)).digest("hex")}  vigil-${suffixOf(t)}`);
  console.log(`built ${outfile}`);
}
writeFileSync("dist/SHA256SUMS", sums.join("\n") + "\n");
// dist/ is the release directory: the binaries, SHA256SUMS and the script that checks them.
copyFileSync("packaging/install.sh", "dist/install.sh");
// dist/vigil always names the host binary, so tests and the README have one path.
if (chosen.includes(host)) {
  try {
    unlinkSync("dist/vigil");
  } catch {
    // not there yet
  }
  symlinkSync(`vigil-${suffixOf(host)}`, "dist/vigil");
}
