/**
 * Rebuilds the evaluation's text cache from fetched snapshots, and lists candidate texts of a
 * snapshot for labelling. Neither output belongs in the repository: both hold other people's
 * text.
 *
 *   bun eval/stop-gate/fetch.ts build [--refs FILE] [--mirror DIR] [--out DIR] [--sealed-out DIR]
 *   bun eval/stop-gate/fetch.ts scan --repo OWNER/NAME [--rev REV] [--exports] [--mirror DIR] --out FILE
 *
 * `scan` reads every transcript version in the history, or the tree at `--rev`; `--exports`
 * also reads `.md`/`.txt` files there, for terminal transcripts saved as text.
 * `build` writes the tuning half's texts to `<out>/texts.jsonl` and the sealed half's to
 * `<sealed-out>/texts.jsonl` ({key, text} per reference; halves from `split.json`), so that a
 * tuning run never has the sealed texts at hand. It exits 1 when a reference cannot be
 * resolved (snapshot missing, record gone) or its owner has no half yet.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { scriptOf } from "../../src/core/stop/classify.ts";
import { parseRefs, type Ref, refKey } from "./refs.ts";
import { halfOf, readSplit } from "./split.ts";
import { findExportItems } from "./export-text.ts";
import { gitDir, isExportPath, readAt, transcriptsAt, transcriptVersions } from "./source.ts";
import { findItems, type Item, parseRecords } from "./transcript.ts";

const HERE = dirname(new URL(import.meta.url).pathname);
const DEFAULTS = {
  refs: join(HERE, "refs.jsonl"),
  mirror: "/work/.mirror",
  out: "/work/cache/stop-gate-texts",
  sealedOut: "/work/cache/stop-gate-sealed",
};

/** `--name value` pairs and bare `--flag`s of an argument list. */
function options(args: string[]): Map<string, string> {
  const m = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    if (!args[i].startsWith("--")) continue;
    const next = args[i + 1];
    if (next !== undefined && !next.startsWith("--")) m.set(args[i].slice(2), args[++i]);
    else m.set(args[i].slice(2), "");
  }
  return m;
}

/** Items of a file's text: a JSON transcript, or a terminal transcript saved as text. */
function itemsOfText(path: string, text: string): Item[] {
  // A terminal transcript marks blocks with ⏺, or with ● (and then shows tool results under ⎿).
  if (isExportPath(path)) {
    return text.includes("⏺") || (/^\s{0,4}●\s/m.test(text) && text.includes("⎿")) ? findExportItems(text) : [];
  }
  return findItems(parseRecords(text));
}

/** Items of one transcript file version, memoised: many references share a file. */
function itemsOf(cache: Map<string, Item[]>, dir: string, commit: string, path: string): Item[] {
  const k = `${dir}@${commit}:${path}`;
  let items = cache.get(k);
  if (!items) {
    items = itemsOfText(path, readAt(dir, commit, path));
    cache.set(k, items);
  }
  return items;
}

function build(opts: Map<string, string>): number {
  const refsFile = opts.get("refs") || DEFAULTS.refs;
  const mirror = opts.get("mirror") || DEFAULTS.mirror;
  const outs = { tuning: opts.get("out") || DEFAULTS.out, sealed: opts.get("sealed-out") || DEFAULTS.sealedOut };
  const parsed = parseRefs(readFileSync(refsFile, "utf8"));
  if (!parsed.ok) {
    console.error(`vigil eval: ${parsed.error}`);
    return 2;
  }
  const split = readSplit();
  const cache = new Map<string, Item[]>();
  const lines = { tuning: [] as string[], sealed: [] as string[] };
  const missing: string[] = [];
  for (const r of parsed.refs) {
    const half = halfOf(split, r);
    const text = half ? resolveRef(cache, mirror, r) : null;
    if (half === null || text === null) missing.push(refKey(r));
    else lines[half].push(JSON.stringify({ key: refKey(r), text }));
  }
  for (const half of ["tuning", "sealed"] as const) {
    mkdirSync(outs[half], { recursive: true });
    writeFileSync(join(outs[half], "texts.jsonl"), lines[half].join("\n") + "\n");
    console.log(`wrote ${lines[half].length} ${half} texts to ${join(outs[half], "texts.jsonl")}`);
  }
  if (missing.length > 0) {
    console.error(
      `vigil eval: ${missing.length} reference(s) not resolved or without a half, e.g. ${
        missing.slice(0, 3).join(", ")
      }`,
    );
    return 1;
  }
  return 0;
}

function resolveRef(cache: Map<string, Item[]>, mirror: string, r: Ref): string | null {
  const dir = gitDir(mirror, r.repo);
  if (!dir) return null;
  try {
    const items = itemsOf(cache, dir, r.commit, r.path);
    return items.find((i) => i.record === r.record && i.block === r.block && i.kind === r.kind)?.text ?? null;
  } catch {
    return null;
  }
}

function scan(opts: Map<string, string>): number {
  const repo = opts.get("repo");
  const outFile = opts.get("out");
  const dir = repo ? gitDir(opts.get("mirror") || DEFAULTS.mirror, repo) : null;
  if (!repo || !outFile || !dir) {
    console.error("vigil eval: scan needs --repo of a fetched snapshot and --out");
    return 2;
  }
  const rev = opts.get("rev");
  const versions = rev ? transcriptsAt(dir, rev, opts.has("exports")) : transcriptVersions(dir);
  // Longest copy first: a record's kind is judged where the most of its session follows it
  // (an older, shorter copy may end mid-turn).
  const loaded = versions.flatMap((v) => {
    try {
      const text = readAt(dir, v.commit, v.path);
      return [{ v, size: text.length, items: itemsOfText(v.path, text) }];
    } catch {
      return [];
    }
  }).sort((a, b) => b.size - a.size);
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const { v, items } of loaded) {
    for (const it of items) {
      // A uuid names one record wherever the session was copied; a line number only in its file.
      const id = it.record.startsWith("line:") ? `${v.path}#${it.record}/${it.block}` : `${it.record}/${it.block}`;
      if (seen.has(id)) continue;
      seen.add(id);
      lines.push(JSON.stringify({ repo, path: v.path, commit: v.commit, ...it, script: scriptOf(it.text) }));
    }
  }
  writeFileSync(outFile, lines.join("\n") + "\n");
  console.log(`${lines.length} candidates from ${versions.length} transcript version(s) of ${repo}`);
  return 0;
}

const [command, ...rest] = process.argv.slice(2);
const code = command === "build"
  ? build(options(rest))
  : command === "scan"
  ? scan(options(rest))
  : (console.error("vigil eval: usage: fetch.ts build|scan [options] (see the file's header)"), 2);
process.exit(code);
