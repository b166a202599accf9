/**
 * `npm run pack`: the npm packages, from the binaries compile.ts wrote, as tarballs in
 * dist/npm/. The main package (`NPM_NAME`) holds only a shell launcher (packaging/launcher.sh)
 * that execs the platform binary; each platform package holds one binary and says where it
 * runs (`os`, `cpu`, `libc`), so npm installs only the one that fits. All share one version,
 * and the main package pins each platform package exactly in `optionalDependencies`, the way
 * Claude Code ships its native builds. `--host` packs only the main package and this machine's
 * (what the tests need; a release packs all); `--out DIR` writes the tarballs there.
 */
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { VERSION } from "../src/cli/version.ts";
import { hostTarget, suffixOf, type Target, TARGETS } from "./targets.ts";

/** The name on the registry (the plain `vigil` belongs to an unrelated project). */
export const NPM_NAME = "claude-vigil";

const ROOT = join(import.meta.dir, "..");
const DEFAULT_OUT = join(ROOT, "dist", "npm");

const root: { version: string; description: string; license?: string } = JSON.parse(
  readFileSync(join(ROOT, "package.json"), "utf8"),
);
if (root.version !== VERSION) {
  throw new Error(`package.json says ${root.version} but the binary says ${VERSION}: make them one version`);
}

/** The platform package's manifest. */
function platformManifest(t: Target): Record<string, unknown> {
  return {
    name: `${NPM_NAME}-${suffixOf(t)}`,
    version: VERSION,
    description: `vigil's binary for ${suffixOf(t)} (installed by ${NPM_NAME})`,
    os: [t.os],
    cpu: [t.arch],
    ...(t.libc ? { libc: [t.libc] } : {}),
    files: ["vigil"],
    preferUnplugged: true,
  };
}

/** The main package's manifest: the launcher and every platform pinned exactly. */
function mainManifest(): Record<string, unknown> {
  return {
    name: NPM_NAME,
    version: VERSION,
    description: root.description,
    bin: { vigil: "bin/vigil" },
    files: ["bin/vigil", "README.md"],
    optionalDependencies: Object.fromEntries(TARGETS.map((t) => [`${NPM_NAME}-${suffixOf(t)}`, VERSION])),
  };
}

/** `npm pack` one staged directory into dist/npm/; returns the tarball's path. */
function npmPack(dir: string, out: string): string {
  const p = Bun.spawnSync(["npm", "pack", "--json", "--pack-destination", out], {
    cwd: dir,
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, npm_config_loglevel: "error" },
  });
  if (p.exitCode !== 0) throw new Error(`npm pack in ${dir}: ${p.stderr.toString()}`);
  const packed: { filename: string }[] = JSON.parse(p.stdout.toString());
  return join(out, packed[0].filename);
}

function stage(at: string, name: string, manifest: Record<string, unknown>, files: [string, string, number][]): string {
  const dir = join(at, name);
  rmSync(dir, { recursive: true, force: true });
  for (const [from, to, mode] of files) {
    mkdirSync(join(dir, to, ".."), { recursive: true });
    copyFileSync(from, join(dir, to));
    chmodSync(join(dir, to), mode);
  }
  writeFileSync(join(dir, "package.json"), JSON.stringify(manifest, null, 2) + "\n");
  return dir;
}

/**
 * Pack the main package and the platform packages of `targets` (binaries from `dist`) into
 * `out`; returns the tarballs' paths, the main package's last.
 */
export function pack(targets: readonly Target[], out = DEFAULT_OUT, dist = join(ROOT, "dist")): string[] {
  const staging = join(out, ".stage");
  mkdirSync(staging, { recursive: true });
  const made: string[] = [];
  try {
    for (const t of targets) {
      const bin = join(dist, `vigil-${suffixOf(t)}`);
      if (!existsSync(bin)) throw new Error(`no ${bin}: run "bun run compile.ts" first`);
      const m = platformManifest(t);
      made.push(npmPack(stage(staging, String(m.name), m, [[bin, "vigil", 0o755]]), out));
    }
    const launcher = join(staging, "launcher.sh");
    writeFileSync(launcher, readFileSync(join(import.meta.dir, "launcher.sh"), "utf8").replaceAll("@NAME@", NPM_NAME));
    made.push(npmPack(
      stage(staging, NPM_NAME, mainManifest(), [
        [launcher, "bin/vigil", 0o755],
        [join(import.meta.dir, "README.npm.md"), "README.md", 0o644],
      ]),
      out,
    ));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return made;
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Bun.argv.slice(2),
    options: { host: { type: "boolean" }, out: { type: "string" } },
    strict: true,
  });
  for (const f of pack(values.host ? [hostTarget()] : TARGETS, values.out)) console.log(`packed ${f}`);
}
