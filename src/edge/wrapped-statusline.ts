/**
 * The user's own statusLine command, run the way Claude Code would run it (`sh -c`, the same
 * stdin, environment and working directory) while vigil records its numbers alongside. Bounded:
 * past the cap the command is killed and counts as failed, and nothing it left running (a
 * grandchild holding the pipe) keeps vigil's process alive.
 */

/** What the user's command printed, or why it counts as failed (`late`: past the cap). */
export type WrappedResult = { ok: true; stdout: string } | { ok: false; why: string; late: boolean };

export interface Wrapped {
  /** Wait for the command until the cap (measured from the start), then give its outcome. */
  result(): Promise<WrappedResult>;
}

const GRACE_MS = 5;

/** Start `command` now; `capMs` bounds its whole run. */
export function startWrapped(
  command: string,
  stdin: string,
  opts: { env: Record<string, string | undefined>; capMs: number },
): Wrapped {
  const started = Date.now();
  let proc: ReturnType<typeof Bun.spawn<"pipe", "pipe", "ignore">>;
  try {
    proc = Bun.spawn(["/bin/sh", "-c", command], {
      env: opts.env,
      stdin: "pipe",
      stdout: "pipe",
      stderr: "ignore",
    });
  } catch (e) {
    const why = `cannot start: ${e instanceof Error ? e.message : String(e)}`;
    return { result: () => Promise.resolve({ ok: false, why, late: false }) };
  }
  try {
    proc.stdin.write(stdin);
    proc.stdin.end();
  } catch {
    // A command that does not read its stdin may close it first; its output still counts.
  }
  const reader = proc.stdout.getReader();
  const read = (async () => {
    const decoder = new TextDecoder();
    let text = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    const code = await proc.exited;
    return { code, text: text + decoder.decode() };
  })();
  return {
    async result() {
      let timer: ReturnType<typeof setTimeout> | undefined;
      // Output that arrived while vigil was busy is only read once the event loop turns: give
      // it a few milliseconds even when the cap has passed.
      const wait = Math.max(GRACE_MS, opts.capMs - (Date.now() - started));
      const late = new Promise<null>((done) => {
        timer = setTimeout(() => done(null), wait);
      });
      const got = await Promise.race([read, late]).catch(() => null);
      clearTimeout(timer);
      if (got === null) {
        proc.kill("SIGKILL");
        reader.cancel().catch(() => {});
        proc.unref();
        return { ok: false, why: `no answer within ${opts.capMs} ms`, late: true };
      }
      if (got.code !== 0) return { ok: false, why: `exit ${got.code}`, late: false };
      if (got.text.trim() === "") return { ok: false, why: "printed nothing", late: false };
      return { ok: true, stdout: got.text };
    },
  };
}
