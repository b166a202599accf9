/**
 * The `vigil serve` a proof of an `--http` install runs: the user's binary, in the sandbox
 * (its HOME, its VIGIL_HOME), on a free port of 127.0.0.1, so the HTTP hooks as installed are
 * answered by a real server over a throwaway database and the user's own serve is never
 * touched. `calls` reads what it answered from its own /metrics.
 */
import type { ProveDirs } from "./sandbox.ts";

export interface ProofServe {
  port: number;
  /** POST /hook calls by outcome (ok, error: failed open, closed), from serve's /metrics. */
  calls(): Promise<Record<string, number>>;
  stop(): Promise<void>;
}

/** How long serve may take to say where it listens (a cold start under load). */
const START_TIMEOUT_MS = 30_000;

/** Start `vigil serve --listen 127.0.0.1:0` in the sandbox; resolves once it listens. */
export async function startProofServe(vigil: string, dirs: ProveDirs, path: string): Promise<ProofServe> {
  const proc = Bun.spawn([vigil, "serve", "--listen", "127.0.0.1:0"], {
    env: { PATH: path, HOME: dirs.home, VIGIL_HOME: dirs.vigilHome, TZ: "UTC", NO_COLOR: "1" },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const stop = async () => {
    proc.kill("SIGTERM");
    const killer = setTimeout(() => proc.kill("SIGKILL"), 5_000);
    await proc.exited;
    clearTimeout(killer);
  };
  const reader = proc.stdout.getReader();
  const timer = setTimeout(() => proc.kill("SIGKILL"), START_TIMEOUT_MS);
  let line = "";
  try {
    while (!line.includes("\n")) {
      const { value, done } = await reader.read();
      if (done) break;
      line += new TextDecoder().decode(value);
    }
  } catch (e) {
    await stop();
    throw e;
  } finally {
    clearTimeout(timer);
  }
  const port = Number(/listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(line)?.[1]);
  if (!Number.isInteger(port) || port <= 0) {
    await stop();
    const err = (await new Response(proc.stderr).text()).trim().split("\n")[0];
    throw new Error(`vigil serve did not start: ${err || line.trim() || "no output"}`);
  }
  // Keep draining its output, so a chatty serve never blocks on a full pipe.
  void drain(reader);
  void new Response(proc.stderr).text().catch(() => "");
  return {
    port,
    stop,
    calls: async () => {
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      const out: Record<string, number> = {};
      for (const m of text.matchAll(/^vigil_http_hook_requests_total\{outcome="(\w+)"\} (\d+)$/gm)) {
        out[m[1]] = Number(m[2]);
      }
      return out;
    },
  };
}

/** Read a stream to its end, discarding it. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  try {
    for (;;) if ((await reader.read()).done) return;
  } catch {
    // the process is gone
  }
}
