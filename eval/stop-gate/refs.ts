/**
 * The committed references (`refs.jsonl`): where each evaluated text is and how it was labelled
 * by hand. Other people's text never goes into the repository; only these pointers do, and the
 * texts are rebuilt into a local cache from fetched snapshots.
 */
import { isObject } from "../../src/core/payload.ts";
import type { ItemKind } from "./transcript.ts";

export const LANGS = ["en", "ko", "ja"] as const;
export type Lang = typeof LANGS[number];

/** Hand labels. Pre-tool texts are `announce` unless they clearly are not. */
export const LABELS = [
  "announce",
  "report",
  "plan-later",
  "offer",
  "recommendation",
  "conditional-wait",
  "question",
  "approval-wait",
  "other",
] as const;
export type Label = typeof LABELS[number];

/** Labels a Stop gate must never push, whatever else the message says. */
export const NEVER_PUSH: readonly Label[] = ["question", "approval-wait", "offer"];

export interface Ref {
  repo: string;
  path: string;
  commit: string;
  record: string;
  block: number;
  kind: ItemKind;
  lang: Lang;
  label: Label;
  /** The labeller's own words: why this label, never a quote. */
  note: string;
}

/** The cache key of a reference's text. */
export function refKey(r: Pick<Ref, "repo" | "commit" | "path" | "record" | "block" | "kind">): string {
  return `${r.repo}@${r.commit}:${r.path}#${r.record}/${r.block}/${r.kind}`;
}

const isLang = (v: unknown): v is Lang => LANGS.some((l) => l === v);
const isLabel = (v: unknown): v is Label => LABELS.some((l) => l === v);
const isKind = (v: unknown): v is ItemKind => v === "pre-tool" || v === "end-turn";

/** Parse `refs.jsonl`; a malformed line is an error naming its line number. */
export function parseRefs(text: string): { ok: true; refs: Ref[] } | { ok: false; error: string } {
  const refs: Ref[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() === "") continue;
    let v: unknown;
    try {
      v = JSON.parse(lines[i]);
    } catch {
      return { ok: false, error: `refs line ${i + 1} is not JSON` };
    }
    if (
      !isObject(v) || typeof v.repo !== "string" || typeof v.path !== "string" || typeof v.commit !== "string" ||
      typeof v.record !== "string" || typeof v.block !== "number" || !isKind(v.kind) || !isLang(v.lang) ||
      !isLabel(v.label)
    ) {
      return { ok: false, error: `refs line ${i + 1} lacks a field or has an unknown kind, lang or label` };
    }
    const note = typeof v.note === "string" ? v.note : "";
    refs.push({
      repo: v.repo,
      path: v.path,
      commit: v.commit,
      record: v.record,
      block: v.block,
      kind: v.kind,
      lang: v.lang,
      label: v.label,
      note,
    });
  }
  return { ok: true, refs };
}
