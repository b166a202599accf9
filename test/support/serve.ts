/** `vigil serve` as a child process for tests: started, waited for, stopped. */
import { BIN } from "./vigil.ts";

export interface Served {
  /** The first line serve printed (where it listens). */
  line: string;
  proc: ReturnType<typeof Bun.spawn>;
  /** SIGTERM, then everything serve printed, once it has exited. */
  stop: () => Promise<{ out: string; code: number }>;
}

/** Start `vigil serve ARGS` with `env` and wait for its first line. */
export async function startServe(args: string[], env: Record<string, string>): Promise<Served> {
  const proc = Bun.spawn([BIN, "serve", ...args], { env, stdout: "pipe", stderr: "pipe" });
  const reader = proc.stdout.getReader();
  let out = "";
  while (!out.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`serve exited early: ${await new Response(proc.stderr).text()}`);
    out += new TextDecoder().decode(value);
  }
  return {
    line: out.split("\n")[0],
    proc,
    stop: async () => {
      proc.kill("SIGTERM");
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        out += new TextDecoder().decode(value);
      }
      return { out, code: await proc.exited };
    },
  };
}
