/**
 * The outside programs of the deploy tests: promtool, a real Prometheus and Alertmanager (the
 * distribution's packages) on 127.0.0.1 with temp directories and free ports, the shipped
 * files read as data, and a webhook receiver that keeps what Alertmanager posts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isObject } from "../../src/core/payload.ts";

export const DEPLOY = join(import.meta.dir, "..", "..", "deploy", "prometheus");

export interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

const strings = (v: unknown): Record<string, string> | undefined =>
  isObject(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)])) : undefined;

/** The shipped rules file, checked shape by shape. */
export function shippedRules(): { groups: { name: string; rules: Rule[] }[] } {
  const doc = readYaml("vigil-rules.yml");
  if (!Array.isArray(doc.groups)) throw new Error("vigil-rules.yml: no groups");
  return {
    groups: doc.groups.map((g: unknown) => {
      if (!isObject(g) || !Array.isArray(g.rules)) throw new Error("vigil-rules.yml: a group without rules");
      return {
        name: String(g.name),
        rules: g.rules.map((r: unknown): Rule => {
          if (!isObject(r) || typeof r.expr !== "string") throw new Error("vigil-rules.yml: a rule without expr");
          const rule: Rule = { expr: r.expr };
          if (typeof r.alert === "string") rule.alert = r.alert;
          if (typeof r.record === "string") rule.record = r.record;
          if (r.labels !== undefined) rule.labels = strings(r.labels);
          if (r.annotations !== undefined) rule.annotations = strings(r.annotations);
          if (typeof r.for === "string") rule.for = r.for;
          return rule;
        }),
      };
    }),
  };
}

/** One shipped YAML file as a JSON object (YAML's superset lets configs be written back as JSON). */
export function readYaml(name: string): Record<string, unknown> {
  const doc: unknown = Bun.YAML.parse(readFileSync(join(DEPLOY, name), "utf8"));
  if (!isObject(doc)) throw new Error(`${name}: not a mapping`);
  return doc;
}

/** The path of a program the deploy tests need, or an error that says how to get it. */
export function need(program: string, pkg: string): string {
  const path = Bun.which(program);
  if (path === null) throw new Error(`"${program}" is not installed: apt-get install ${pkg} (.ci/run does)`);
  return path;
}

/** Run promtool. */
export function promtool(args: string[]): { code: number; stdout: string; stderr: string } {
  const p = Bun.spawnSync([need("promtool", "prometheus"), ...args], { stdout: "pipe", stderr: "pipe" });
  return { code: p.exitCode ?? -1, stdout: p.stdout.toString(), stderr: p.stderr.toString() };
}

/** A port nothing listens on right now (bound, read, released). */
export function freePort(): number {
  const s = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = s.port;
  s.stop(true);
  return port;
}

/** Poll `check` every `everyMs`, at most `tries` times; the last value (or null). */
export async function until<T>(
  check: () => T | null | Promise<T | null>,
  o: { tries: number; everyMs: number },
): Promise<T | null> {
  for (let i = 0; i < o.tries; i++) {
    const v = await check();
    if (v !== null) return v;
    await Bun.sleep(o.everyMs);
  }
  return null;
}

/** One alert as Alertmanager's webhook delivers it. */
export interface Delivered {
  status: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
}

/** A webhook receiver on 127.0.0.1: every alert of every notification, in arrival order. */
export function webhookReceiver(): { url: string; alerts: Delivered[]; posts: number; stop(): void } {
  const alerts: Delivered[] = [];
  let posts = 0;
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const body: unknown = await req.json();
      posts++;
      const got = isObject(body) && Array.isArray(body.alerts) ? body.alerts : [];
      for (const a of got) {
        if (!isObject(a)) continue;
        alerts.push({
          status: String(a.status),
          labels: strings(a.labels) ?? {},
          annotations: strings(a.annotations) ?? {},
        });
      }
      return new Response("ok");
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}/alerts`,
    alerts,
    get posts() {
      return posts;
    },
    stop: () => server.stop(true),
  };
}
