/**
 * Whole-process timing for benchmarks: runs commands in alternation (A B C A B C …) so drift
 * on a shared machine hits all of them alike, and reports medians and ratios against a
 * reference measured in the same run.
 */

import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";

/** Where benchmarks keep generated data (ignored by git). */
export const DATA = join(import.meta.dir, "data");

/**
 * The compiled Bun no-op every ratio is taken against, built once into bench/data/ with
 * vigil's own compile switches. Without `--no-compile-autoload-*` a no-op looks for .env and
 * bunfig.toml in its working directory at start-up: measured 10 ms slower than vigil's start
 * in a directory like /tmp with thousands of entries, which made ratios against it flatter.
 */
export function ensureNoop(): string {
  mkdirSync(DATA, { recursive: true });
  const noop = join(DATA, "noop-v2");
  if (existsSync(noop)) return noop;
  compileLikeVigil(join(import.meta.dir, "noop.ts"), noop);
  return noop;
}

/** Compile `entry` into `outfile` with vigil's own compile switches (see ensureNoop). */
export function compileLikeVigil(entry: string, outfile: string): void {
  const r = Bun.spawnSync([
    process.execPath,
    "build",
    "--compile",
    "--bytecode",
    "--format=esm",
    "--minify",
    "--no-compile-autoload-dotenv",
    "--no-compile-autoload-bunfig",
    entry,
    "--outfile",
    outfile,
  ], { stdout: "ignore" });
  if (r.exitCode !== 0) throw new Error(`cannot build ${entry}`);
}

/** A generated transcript of about `bytes` (bench/gen-transcript.ts), made once. */
export function ensureTranscript(label: string, bytes: number): string {
  mkdirSync(DATA, { recursive: true });
  const file = join(DATA, `transcript-${label}.jsonl`);
  if (existsSync(file)) return file;
  const r = Bun.spawnSync([process.execPath, join(import.meta.dir, "gen-transcript.ts"), String(bytes), file], {
    stdout: "inherit",
    stderr: "inherit",
  });
  if (r.exitCode !== 0) throw new Error(`cannot generate ${file}`);
  return file;
}

export interface Cmd {
  name: string;
  argv: string[];
  stdin?: Uint8Array;
  env?: Record<string, string>;
}

export interface Timing {
  name: string;
  samples: number[];
  median: number;
  p90: number;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

/** Time each command `runs` times (after `warmup` untimed runs), interleaved. */
export function timeAll(cmds: Cmd[], runs: number, warmup = 3): Timing[] {
  const samples = cmds.map(() => [] as number[]);
  for (let i = 0; i < warmup + runs; i++) {
    cmds.forEach((c, j) => {
      const t0 = performance.now();
      const p = Bun.spawnSync(c.argv, { stdin: c.stdin ?? "ignore", stdout: "ignore", stderr: "ignore", env: c.env });
      const dt = performance.now() - t0;
      if (p.exitCode !== 0) throw new Error(`${c.name} exited ${p.exitCode}`);
      if (i >= warmup) samples[j].push(dt);
    });
  }
  return cmds.map((c, j) => ({
    name: c.name,
    samples: samples[j],
    median: median(samples[j]),
    p90: quantile(samples[j], 0.9),
  }));
}

/**
 * As `timeAll`, with the order rotated every round so no command always runs after the same
 * one: `samples[j][i]` is command j's time in round i, so per-round ratios pair up.
 */
export function timeRotated(cmds: Cmd[], runs: number, warmup = 3): number[][] {
  const samples = cmds.map(() => [] as number[]);
  for (let i = 0; i < warmup + runs; i++) {
    for (let k = 0; k < cmds.length; k++) {
      const j = (k + i) % cmds.length;
      const c = cmds[j];
      const t0 = performance.now();
      const p = Bun.spawnSync(c.argv, { stdin: c.stdin ?? "ignore", stdout: "ignore", stderr: "pipe", env: c.env });
      const dt = performance.now() - t0;
      if (p.exitCode !== 0) throw new Error(`${c.name} exited ${p.exitCode}: ${p.stderr}`);
      if (i >= warmup) samples[j].push(dt);
    }
  }
  return samples;
}

/** The median of each round's ratio of `xs` to `ref` (both from `timeRotated`). */
export function medianRatio(xs: number[], ref: number[]): number {
  return median(xs.map((t, i) => t / ref[i]));
}

/** Print a table of medians with the ratio of each to `ref` (and to `ref2`). */
export function report(title: string, ts: Timing[], ref: string, ref2?: string): string {
  const r = ts.find((t) => t.name === ref)!;
  const r2 = ref2 ? ts.find((t) => t.name === ref2) : undefined;
  const lines = [
    `## ${title}`,
    "",
    `| command | median ms | p90 ms | × ${ref} |${r2 ? ` × ${ref2} |` : ""}`,
    `|---|---:|---:|---:|${r2 ? "---:|" : ""}`,
  ];
  for (const t of ts) {
    lines.push(
      `| ${t.name} | ${t.median.toFixed(2)} | ${t.p90.toFixed(2)} | ${(t.median / r.median).toFixed(2)} |${
        r2 ? ` ${(t.median / r2.median).toFixed(2)} |` : ""
      }`,
    );
  }
  return lines.join("\n");
}
