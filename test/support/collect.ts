/** What a spawned process printed and how it exited, once it has. */
export interface Collected {
  code: number;
  stdout: string;
  stderr: string;
}

/** Read a `Bun.spawn` child's piped stdout and stderr to the end, and wait for its exit code. */
export async function collect(
  p: { stdout: ReadableStream<Uint8Array>; stderr: ReadableStream<Uint8Array>; exited: Promise<number> },
): Promise<Collected> {
  const [stdout, stderr, code] = await Promise.all([
    new Response(p.stdout).text(),
    new Response(p.stderr).text(),
    p.exited,
  ]);
  return { code, stdout, stderr };
}
