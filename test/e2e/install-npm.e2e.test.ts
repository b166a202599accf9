/**
 * The npm package, the way a user gets it: `packaging/pack.ts` packs the main package and this
 * machine's platform package from the compiled binary, `npm install -g` puts both into a clean
 * prefix with no registry (`--offline`, an empty cache), and the `vigil` npm linked onto PATH
 * answers `--version` and wires itself into the real Claude Code CLI with `install --user`; another platform's
 * package is refused (EBADPLATFORM).
 * Adds about a minute to the suite (gzip of the binary by npm pack, then npm's install).
 */
import { expect, test } from "bun:test";
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { VERSION } from "../../src/cli/version.ts";
import { registeredEvents } from "../../src/core/install/handled.ts";
import { NPM_NAME, pack } from "../../packaging/pack.ts";
import { hostTarget, suffixOf, TARGETS } from "../../packaging/targets.ts";
import { claudeCommand, NEWEST, REPO_ROOT } from "./cli.ts";
import { createSandbox, removeSandbox } from "./sandbox.ts";

const tarManifest = (tgz: string): Record<string, unknown> => {
  const p = Bun.spawnSync(["tar", "-xzOf", tgz, "package/package.json"]);
  return JSON.parse(p.stdout.toString());
};

test("npm install -g of the packed tarballs, offline, gives a vigil that installs into the real Claude Code", () => {
  const s = createSandbox();
  try {
    const out = join(s.root, "npm");
    const [platformTgz, mainTgz] = pack([hostTarget()], out, join(REPO_ROOT, "dist"));
    const host = `${NPM_NAME}-${suffixOf(hostTarget())}`;
    // One version; the main package pins every platform exactly; the platform says where it runs.
    const main = tarManifest(mainTgz), platform = tarManifest(platformTgz);
    expect(main.version).toBe(VERSION);
    expect(main.optionalDependencies).toEqual(
      Object.fromEntries(TARGETS.map((t) => [`${NPM_NAME}-${suffixOf(t)}`, VERSION])),
    );
    expect(platform).toMatchObject({ name: host, version: VERSION, os: [process.platform], cpu: [process.arch] });

    const prefix = join(s.root, "prefix"), cache = join(s.root, "npm-cache");
    mkdirSync(cache);
    const npm = Bun.spawnSync(
      [
        "npm",
        "install",
        "-g",
        "--prefix",
        prefix,
        "--offline",
        "--cache",
        cache,
        "--no-audit",
        "--no-fund",
        mainTgz,
        platformTgz,
      ],
      { env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: s.home }, stderr: "pipe", stdout: "pipe" },
    );
    expect(npm.stderr.toString()).not.toContain("ERR");
    expect(npm.exitCode).toBe(0);

    const env = {
      PATH: `${join(prefix, "bin")}:/usr/bin:/bin`,
      HOME: s.home,
      VIGIL_HOME: s.vigilHome,
      DISABLE_AUTOUPDATER: "1",
      CLAUDE_BIN: join(s.root, "claude"),
    };
    writeFileSync(env.CLAUDE_BIN, `#!/bin/sh\nexec ${claudeCommand(NEWEST).map((a) => `'${a}'`).join(" ")} "$@"\n`, {
      mode: 0o755,
    });
    const version = Bun.spawnSync(["vigil", "--version"], { env });
    expect(version.stdout.toString().trim()).toBe(`vigil ${VERSION}`);

    const install = Bun.spawnSync(["vigil", "install", "--user"], { env });
    expect(install.stderr.toString()).toBe("");
    expect(install.exitCode).toBe(0);
    const events = registeredEvents(NEWEST).events;
    expect(install.stdout.toString()).toContain(`for Claude Code ${NEWEST}: ${events.length} events`);
    // The hooks run the platform binary itself, never the shell launcher in front of it.
    const settings = JSON.parse(readFileSync(join(s.home, ".claude", "settings.json"), "utf8"));
    const binary = realpathSync(join(prefix, "lib", "node_modules", host, "vigil"));
    expect(settings.hooks.PreToolUse[0].hooks[0].command).toBe(`${binary} hook`);
    expect(Object.keys(settings.hooks).sort()).toEqual([...events].sort());

    // Another platform's package is refused by npm on its os/cpu fields (a stand-in file for the binary: the
    // refusal is decided by the manifest pack wrote, before anything is unpacked).
    const foreign = TARGETS.find((t) => t.os !== process.platform || t.arch !== process.arch)!;
    const fake = join(s.root, "fake-dist");
    mkdirSync(fake);
    writeFileSync(join(fake, `vigil-${suffixOf(foreign)}`), "#!/bin/sh\n", { mode: 0o755 });
    const [foreignTgz] = pack([foreign], join(s.root, "npm-foreign"), fake);
    const refused = Bun.spawnSync(
      ["npm", "install", "-g", "--prefix", join(s.root, "prefix-foreign"), "--offline", "--cache", cache, foreignTgz],
      { env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: s.home }, stderr: "pipe", stdout: "pipe" },
    );
    expect(refused.exitCode).not.toBe(0);
    expect(refused.stderr.toString()).toContain("EBADPLATFORM");
  } finally {
    rmSync(join(s.root, "prefix"), { recursive: true, force: true });
    removeSandbox(s);
  }
}, 300_000);
