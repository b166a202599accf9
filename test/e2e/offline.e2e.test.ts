/**
 * The CLI must reach nothing but the fake API: every inet connect or send of the CLI and its
 * children (hooks, the Bash tool), traced with strace, goes to the fake's 127.0.0.1 port.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";
import { type ClaudeVersion, NEWEST } from "./cli.ts";
import { E2E_TIMEOUT_MS, runClaude } from "./runner.ts";
import { createSandbox, recorder, removeSandbox } from "./sandbox.ts";
import { bash, text } from "./scenario.ts";

/** `address:port` of every AF_INET/AF_INET6 destination in an strace log. */
function inetDestinations(log: string): string[] {
  return log.split("\n").flatMap((line) => {
    const port = line.match(/sin6?_port=htons\((\d+)\)/);
    const addr = line.match(/inet_addr\("([^"]+)"\)/) ?? line.match(/inet_pton\(AF_INET6, "([^"]+)"/);
    return port && addr ? [`${addr[1]}:${port[1]}`] : [];
  });
}

const versions: ClaudeVersion[] = [NEWEST, "2.1.88"];

test.skipIf(Bun.which("strace") === null).each(versions)("no connection leaves 127.0.0.1 on %s", async (version) => {
  const sandbox = createSandbox();
  const log = join(sandbox.root, "strace.log");
  try {
    const r = await runClaude({
      version,
      sandbox,
      prompt: "check",
      scenario: { turns: [bash("echo offline"), text("Checked.")] },
      hooks: recorder(),
      wrapper: ["strace", "-f", "-qq", "-e", "trace=connect,sendto,sendmsg", "-o", log],
    });
    expect(r.exitCode).toBe(0);
    const destinations = new Set(inetDestinations(await Bun.file(log).text()));
    expect([...destinations]).toEqual([r.apiUrl.replace("http://", "")]);
  } finally {
    removeSandbox(sandbox);
  }
}, E2E_TIMEOUT_MS);
