/**
 * The checked download: the release directory compile.ts writes (the binaries, SHA256SUMS and
 * install.sh) served on 127.0.0.1, and `install.sh` run against it into a temporary directory.
 * The real binary installs and runs; a corrupted one is refused with one line, exit 1, and
 * nothing installed. A few seconds.
 */
import { afterAll, expect, test } from "bun:test";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { VERSION } from "../../src/cli/version.ts";
import { hostTarget, suffixOf } from "../../packaging/targets.ts";
import { REPO_ROOT } from "./cli.ts";
import { collect } from "../support/collect.ts";

const root = mkdtempSync(join(tmpdir(), "vigil-download-"));
const name = `vigil-${suffixOf(hostTarget())}`;
const dist = join(REPO_ROOT, "dist");

/** A release directory: the real one's files, the binary optionally changed after SHA256SUMS was written. */
function release(dir: string, corrupt: boolean): string {
  const at = join(root, dir);
  mkdirSync(at);
  for (const f of ["SHA256SUMS", "install.sh", name]) copyFileSync(join(dist, f), join(at, f));
  if (corrupt) {
    const bytes = readFileSync(join(at, name));
    bytes[bytes.length >> 1] ^= 0xff;
    writeFileSync(join(at, name), bytes);
  }
  return at;
}

const releases = { good: release("good", false), bad: release("bad", true) };
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch(req) {
    const [, which, file] = new URL(req.url).pathname.split("/");
    const dir = releases[which as keyof typeof releases];
    const path = dir && file ? join(dir, file) : null;
    return path && existsSync(path) ? new Response(Bun.file(path)) : new Response("not found", { status: 404 });
  },
});
afterAll(() => {
  server.stop(true);
  rmSync(root, { recursive: true, force: true });
});

async function installSh(which: keyof typeof releases, into: string) {
  const p = Bun.spawn(
    ["sh", join(releases[which], "install.sh"), "--base-url", `${server.url}${which}`, "--dir", into],
    {
      env: { PATH: "/usr/bin:/bin", HOME: root },
      stdout: "pipe",
      stderr: "pipe",
    },
  );
  return await collect(p);
}

test("install.sh downloads this machine's binary, checks it against SHA256SUMS and installs it", async () => {
  const into = join(root, "bin-good");
  const r = await installSh("good", into);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  expect(r.stdout).toContain(`installed ${into}/vigil (vigil ${VERSION})`);
  expect(readdirSync(into)).toEqual(["vigil"]);
  const v = Bun.spawnSync([join(into, "vigil"), "--version"]);
  expect(v.stdout.toString().trim()).toBe(`vigil ${VERSION}`);
});

test("a corrupted download is refused: one line, exit 1, nothing installed", async () => {
  const into = join(root, "bin-bad");
  const r = await installSh("bad", into);
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(new RegExp(`^vigil install.sh: checksum mismatch for ${name} .*: nothing installed\\n$`));
  expect(existsSync(into) ? readdirSync(into) : []).toEqual([]);
});
