/**
 * `vigil doctor` through the compiled binary, with a stand-in `claude` on PATH printing a
 * version. Doctor runs async probes (a /healthz GET, a test notification) against servers this
 * test process runs on 127.0.0.1, so the binary is spawned asynchronously.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore } from "../../src/edge/store.ts";
import { BIN, type Run } from "../support/vigil.ts";
import { collect } from "../support/collect.ts";

interface World {
  root: string;
  cwd: string;
  vigilHome: string;
  env: Record<string, string>;
  settings: string;
}

function world(version: string): World {
  const root = mkdtempSync(join(tmpdir(), "vigil-doctor-"));
  const home = join(root, "home"), cwd = join(root, "project"), bin = join(root, "bin");
  for (const d of [home, cwd, bin, join(home, ".claude")]) mkdirSync(d, { recursive: true });
  writeFileSync(join(bin, "claude"), `#!/bin/sh\necho "${version} (Claude Code)"\n`, { mode: 0o755 });
  const env = {
    PATH: `${bin}:/usr/bin:/bin`,
    HOME: home,
    VIGIL_HOME: join(root, "vigil"),
    TZ: "UTC",
    NO_COLOR: "1",
    LANG: "C",
  };
  return { root, cwd, vigilHome: env.VIGIL_HOME, env, settings: join(home, ".claude", "settings.json") };
}

async function run(w: World, args: string[], env: Record<string, string> = {}): Promise<Run> {
  const p = Bun.spawn([BIN, ...args], {
    cwd: w.cwd,
    env: { ...w.env, ...env },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  return await collect(p);
}

interface Doc {
  ok: boolean;
  findings: { check: string; severity: string; message: string; fix: string | null }[];
}
async function doctorJson(w: World, args: string[] = []): Promise<Doc & { code: number }> {
  const r = await run(w, ["doctor", "--json", ...args]);
  return { ...JSON.parse(r.stdout), code: r.code };
}
const problems = (d: Doc) => d.findings.filter((f) => f.severity === "problem").map((f) => `${f.check}: ${f.message}`);

/** Loopback servers the probes talk to; `hits` records what the notifier posted. */
const hits: { path: string; body: string }[] = [];
const healthz = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch: (req) =>
    new URL(req.url).pathname === "/healthz" ? Response.json({ ok: true }) : new Response("no", { status: 404 }),
});
const webhook = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch: async (req) => {
    hits.push({ path: new URL(req.url).pathname, body: await req.text() });
    return new Response("ok");
  },
});
afterAll(() => {
  healthz.stop(true);
  webhook.stop(true);
});

describe("vigil doctor", () => {
  test("nothing installed: exit 1, one line per problem with its fix", async () => {
    const w = world("2.1.328");
    const r = await run(w, ["doctor"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toStartWith("vigil doctor: 1 problem");
    expect(r.stdout).toContain(
      "PROBLEM settings: vigil is not wired into Claude Code: no settings file has its hooks; fix: vigil install\n",
    );
  });

  test("installed for the running version: exit 0 with a short ok summary", async () => {
    const w = world("2.1.332");
    expect((await run(w, ["install"])).code).toBe(0);
    const r = await run(w, ["doctor"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toStartWith("vigil doctor: ok");
    expect(r.stdout).toContain("ok settings: vigil's hooks are in user (15 events)");
    expect(r.stdout).toContain("ok claude: Claude Code 2.1.332, tested end to end (the newest tested is 2.1.337)");
    const d = await doctorJson(w);
    expect(d.ok).toBe(true);
    expect(d.code).toBe(0);
  });

  test(
    "a plugin install: no double registration with settings.json, and stale after a Claude Code upgrade",
    async () => {
      const w = world("2.1.332");
      const dir = join(w.root, "vigil-plugin");
      // Written while 2.1.88 was installed, with vigil's hooks in settings.json as well.
      expect((await run(w, ["install"])).code).toBe(0);
      const p = await run(w, ["install", "--plugin", dir, "--claude-version", "2.1.88"]);
      expect(p.code).toBe(0);
      expect(p.stderr).toContain("every event runs vigil twice");
      const twice = await doctorJson(w);
      expect(twice.code).toBe(1);
      expect(problems(twice)).toEqual([
        expect.stringMatching(
          /^plugin: the vigil plugin at ".*vigil-plugin" is stale: it was written for another Claude Code and misses 3 events Claude Code 2\.1\.332 knows: "PreModelSwitch", "PostModelSwitch", "PreSkillShellCommand"$/,
        ),
        expect.stringMatching(
          /^plugin: vigil's hooks are registered twice, in ".*settings.json" and by the vigil plugin/,
        ),
      ]);
      const stale = twice.findings.find((f) => f.message.includes("is stale"));
      expect(stale?.fix).toBe(`vigil install --plugin "${dir}"`);
      // The fixes: the statusLine alone in settings.json, the plugin rewritten for this version.
      const only = await run(w, ["install", "--statusline-only"]);
      expect(only.code).toBe(0);
      expect(only.stdout).toContain("the statusLine only (the plugin registers the hooks)");
      expect(JSON.parse(readFileSync(w.settings, "utf8")).hooks).toBeUndefined();
      expect((await run(w, ["install", "--plugin", dir])).code).toBe(0);
      const fixed = await doctorJson(w);
      expect(problems(fixed)).toEqual([]);
      expect(fixed.findings.find((f) => f.check === "settings" && f.severity === "ok")?.message).toContain(
        `the vigil plugin at "${dir}" (15 events)`,
      );
      expect(fixed.findings.find((f) => f.check === "statusline")?.severity).toBe("ok");
    },
    30_000,
  );

  test("a wrapped statusLine slower than the cap is named, with its measured time", async () => {
    const w = world("2.1.332");
    const line = join(w.root, "line.sh");
    writeFileSync(line, '#!/bin/sh\ncat >/dev/null\nsleep 0.6\necho "my line"\n', { mode: 0o755 });
    writeFileSync(w.settings, JSON.stringify({ statusLine: { type: "command", command: line } }));
    expect((await run(w, ["install"])).code).toBe(0);
    const d = await doctorJson(w);
    const slow = d.findings.find((f) => f.check === "statusline" && f.severity === "warn");
    expect(slow?.message).toMatch(
      new RegExp(`^your statusLine command "${line}" took (\\d+) ms, past the 250 ms vigil's wrap gives it: `),
    );
    // The time is measured: at least the command's own sleep.
    expect(Number(/took (\d+) ms/.exec(slow?.message ?? "")?.[1])).toBeGreaterThanOrEqual(600);
    expect(slow?.fix).toContain("vigil install --statusline keep");
  }, 20_000);

  test("Claude Code downgraded under an install: the file's hooks are all disabled", async () => {
    const w = world("2.1.328");
    await run(w, ["install"]);
    const d = await doctorJson(w, ["--claude-version", "2.0.76"]);
    expect(d.code).toBe(1);
    expect(problems(d)).toEqual([
      expect.stringMatching(
        /^settings: ".*settings.json": this file's hooks are all disabled: it names "StopFailure", "PostCompact", "PreModelSwitch", "PostModelSwitch", which Claude Code 2\.0\.76 does not know$/,
      ),
    ]);
    const warn = d.findings.find((f) => f.check === "claude" && f.severity === "warn");
    expect(warn?.message).toContain("cannot tell a subagent's tool calls from its main session");
    // The stand-in claude says 2.0.76 too: install fixes it.
    const old = { ...w, env: { ...w.env, CLAUDE_BIN: join(w.root, "old-claude") } };
    writeFileSync(join(w.root, "old-claude"), '#!/bin/sh\necho "2.0.76 (Claude Code)"\n', { mode: 0o755 });
    expect((await run(old, ["install"])).code).toBe(0);
    expect((await doctorJson(old)).code).toBe(0);
  });

  test("an earlier vigil's install on every event: WorktreeCreate is a problem, fixed by one install", async () => {
    const w = world("2.1.332");
    await run(w, ["install"]);
    const s = JSON.parse(readFileSync(w.settings, "utf8"));
    const group = { matcher: "*", hooks: [{ type: "command", command: s.hooks.Stop[0].hooks[0].command }] };
    s.hooks.WorktreeCreate = [group];
    s.hooks.MessageDisplay = [group];
    s.hooks.Notification = [group];
    writeFileSync(w.settings, JSON.stringify(s, null, 2));
    const d = await doctorJson(w);
    expect(d.code).toBe(1);
    expect(problems(d)).toEqual([
      expect.stringMatching(
        /^settings: .*vigil is registered on WorktreeCreate, where it must never be: .*claude --worktree/,
      ),
      expect.stringMatching(/^settings: .*vigil is registered on MessageDisplay, where it must never be/),
    ]);
    const warn = d.findings.find((f) => f.check === "settings" && f.severity === "warn");
    expect(warn?.message).toContain(`registered on 1 event it does not handle ("Notification")`);
    expect(d.findings.filter((f) => f.severity === "problem").map((f) => f.fix)).toEqual([
      "vigil install",
      "vigil install",
    ]);
    expect((await run(w, ["install"])).code).toBe(0);
    expect((await doctorJson(w)).code).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(w.settings, "utf8")).hooks)).not.toContain("WorktreeCreate");
  });

  test("disableAllHooks and a moved binary are problems", async () => {
    const w = world("2.1.88");
    await run(w, ["install", "--bin", join(w.root, "gone", "vigil")]);
    const s = JSON.parse(readFileSync(w.settings, "utf8"));
    writeFileSync(w.settings, JSON.stringify({ ...s, disableAllHooks: true }, null, 2));
    const d = await doctorJson(w);
    expect(d.code).toBe(1);
    expect(problems(d)).toEqual([
      expect.stringMatching(/^settings: .* sets "disableAllHooks": true: no hook and no statusLine runs$/),
      `binary: the hooks run "${join(w.root, "gone", "vigil")}", which does not exist: every vigil hook fails`,
    ]);
  });

  test("the --http statusLine's bash gone is a problem of the statusLine, not of the hooks", async () => {
    const w = world("2.1.328");
    await run(w, ["install", "--http", "--port", String(healthz.port)]);
    const s = JSON.parse(readFileSync(w.settings, "utf8"));
    const gone = join(w.root, "gone", "bash");
    s.statusLine.command = s.statusLine.command.replace(/^\/bin\/bash /, `${gone} `);
    writeFileSync(w.settings, JSON.stringify(s, null, 2));
    const d = await doctorJson(w);
    expect(d.code).toBe(1);
    expect(problems(d)).toEqual([
      `statusline: the statusLine runs "${gone}", which does not exist: Claude Code shows no line and vigil records no numbers`,
    ]);
  });

  test("HTTP hooks: serve down is a problem, serve up is ok", async () => {
    const w = world("2.1.328");
    await run(w, ["install", "--http", "--port", String(healthz.port)]);
    const up = await doctorJson(w);
    expect(up.findings).toContainEqual(expect.objectContaining({ check: "serve", severity: "ok" }));
    const down = world("2.1.328");
    // A port nothing listens on: the webhook server's, stopped below would race; use one never bound.
    const closed = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("") });
    const port = closed.port;
    closed.stop(true);
    await run(down, ["install", "--http", "--port", String(port)]);
    const d = await doctorJson(down);
    expect(d.code).toBe(1);
    expect(problems(d)).toEqual([
      expect.stringMatching(
        new RegExp(`^serve: HTTP hooks post to "http://127\\.0\\.0\\.1:${port}/hook" but vigil serve does not answer`),
      ),
    ]);
  });

  test("unknown envelopes since the last upgrade, hook errors, a database recovery", async () => {
    const w = world("2.1.328");
    await run(w, ["install"]);
    const store = openStore(join(w.vigilHome, "vigil.db"));
    const now = Date.now();
    store.appendEvent(now - 1000, "s1", "unknown_envelope", { tag: "<loop-wakeup>", excerpt: "<loop-wakeup>…" });
    store.appendEvent(now - 900, "s1", "unknown_envelope", { tag: "<loop-wakeup>", excerpt: "<loop-wakeup>…" });
    store.appendEvent(now - 800, null, "hook_error", { error: "stdin exceeds 10485760 bytes", bytes: 1 });
    store.appendEvent(now - 700, null, "store_recovered", { moved_to: "/x/vigil.db.corrupt-1", error: "malformed" });
    store.close();
    const d = await doctorJson(w);
    expect(d.code).toBe(0);
    const warn = (check: string) =>
      d.findings.filter((f) => f.check === check && f.severity === "warn").map((f) => f.message);
    expect(warn("envelopes")).toEqual([
      expect.stringMatching(/^2 prompts in shapes vigil does not know .*"<loop-wakeup>" ×2/),
    ]);
    expect(warn("database")).toEqual([
      expect.stringContaining('the broken one is "/x/vigil.db.corrupt-1"'),
      "1 hook error in the last day (hooks failed open); latest: stdin exceeds 10485760 bytes",
    ]);
    // An upgrade after that look: only envelopes recorded since the last look at the old version count.
    const upgraded = await doctorJson(w, ["--claude-version", "2.1.400"]);
    expect(upgraded.findings.find((f) => f.check === "envelopes")).toMatchObject({ severity: "ok" });
    const again = openStore(join(w.vigilHome, "vigil.db"));
    again.appendEvent(Date.now(), "s2", "unknown_envelope", { tag: "<model-switch>", excerpt: "…" });
    again.close();
    const later = await doctorJson(w, ["--claude-version", "2.1.400"]);
    expect(later.findings.find((f) => f.check === "envelopes")?.message).toMatch(
      /^1 prompt in shapes vigil does not know since .* \(the last Claude Code upgrade\): "<model-switch>" ×1/,
    );
  });

  // Known gap 'macOS identity': the DOWN check's identity had no check of its own in doctor.
  // Here the Linux form, through the binary: running processes registered as Claude Code
  // registers itself, with /proc's start time (field 22), or with one no probe reads.
  test("the DOWN check's identity against Claude Code's registry: ok when it matches, a problem when none does", async () => {
    const sleeps = [0, 1].map(() => Bun.spawn(["sleep", "60"]));
    try {
      const startOf = (pid: number) => {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
      };
      const doctorWith = async (procStart: (pid: number) => string) => {
        const w = world("2.1.332");
        const dir = join(w.env.HOME, ".claude", "sessions");
        mkdirSync(dir, { recursive: true });
        for (const p of sleeps) {
          const entry = {
            pid: p.pid,
            sessionId: `id-${p.pid}`,
            cwd: w.cwd,
            startedAt: Date.now(),
            procStart: procStart(p.pid),
          };
          writeFileSync(join(dir, `${p.pid}.json`), JSON.stringify(entry));
        }
        return (await doctorJson(w)).findings.filter((f) => f.check === "identity");
      };
      expect((await doctorWith(startOf)).map((f) => f.severity)).toEqual(["ok"]);
      const off = await doctorWith((pid) => `${Number(startOf(pid)) + 7}`);
      expect(off.map((f) => f.severity)).toEqual(["problem"]);
      expect(off[0].message).toContain("every session DOWN");
    } finally {
      for (const p of sleeps) p.kill();
    }
  });

  test("a database that is not one, and an open state directory", async () => {
    const w = world("2.1.328");
    await run(w, ["install"]);
    writeFileSync(join(w.vigilHome, "vigil.db"), "this is not sqlite at all, just text ".repeat(200));
    chmodSync(w.vigilHome, 0o755);
    const d = await doctorJson(w);
    expect(d.code).toBe(1);
    expect(problems(d)).toEqual([
      expect.stringMatching(/^database: cannot read ".*vigil\.db": .*not a database/),
      `permissions: "${w.vigilHome}" is 755: others can read vigil's state`,
      expect.stringMatching(/^permissions: ".*vigil\.db" is 644/),
    ]);
  });

  test("--notify-test sends through the configured notifiers and prints no secret", async () => {
    const w = world("2.1.328");
    await run(w, ["install"]);
    const secret = "s3cr3t-token-path";
    mkdirSync(w.vigilHome, { recursive: true });
    writeFileSync(
      join(w.vigilHome, "config.toml"),
      `[[notifiers]]\nkind = "webhook"\nurl = "http://127.0.0.1:${webhook.port}/hooks/${secret}"\n`,
    );
    const r = await run(w, ["doctor", "--notify-test", "--verbose"]);
    expect(r.stdout).toContain(
      `ok notify: test notification sent to webhook http://127.0.0.1:${webhook.port}/hooks/***`,
    );
    expect(r.stdout + r.stderr).not.toContain(secret);
    expect(hits.some((h) => h.path === `/hooks/${secret}` && h.body.includes("test notification"))).toBe(true);
    const none = world("2.1.328");
    await run(none, ["install"]);
    const d = await doctorJson(none, ["--notify-test"]);
    expect(d.findings).toContainEqual(expect.objectContaining({ check: "notify", severity: "warn" }));
  });
});

describe("doctor --prove --json always prints one JSON document", () => {
  // It once printed nothing when `claude --version` did not answer in time on a loaded machine:
  // the refusal went to stderr only, and the caller had no document to read.
  test.each<[string, string | null]>([
    ["a claude that prints no version", "#!/bin/sh\necho 'something else'\nexit 3\n"],
    ["no claude at all", null],
  ])("%s: a document naming the failed check, exit 1", async (_name, script) => {
    const w = world("2.1.337");
    const claude = join(w.root, "bin", "claude");
    if (script === null) rmSync(claude);
    else writeFileSync(claude, script, { mode: 0o755 });
    const r = await run(w, ["doctor", "--prove", "--json"]);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ ok: false, version: null });
    expect(doc.checks).toEqual([expect.objectContaining({ id: "claude", status: "fail" })]);
    expect(doc.error).toBe(doc.checks[0].evidence);
  });
});
