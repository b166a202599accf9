/**
 * `vigil serve --install | --uninstall`, and `vigil install`'s serve by default: the service
 * that runs `vigil serve`. The service files and plan come from
 * `src/core/serve-files.ts`, written and loaded by the same writer as the watch's schedule.
 * Off loopback a token is required; one given on the command line, or made here when none is,
 * goes to a 0600 file the service reads, so it never stands in a unit file or a process list.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { planServe } from "../core/serve-files.ts";
import { isLoopback, type ListenTarget } from "./listen.ts";
import { resolvePaths } from "../edge/paths.ts";
import type { PlanOptions } from "../core/schedule-files.ts";
import { hostFacts, installSchedule, type ScheduleIO, systemScheduleIO, uninstallSchedule } from "../edge/schedule.ts";
import { type CommandIo, UsageError } from "../core/command-io.ts";

/** The file install keeps the service's token in, under the state directory. */
export const TOKEN_FILE = "serve.token";

export interface ServiceOptions {
  target: ListenTarget;
  token?: string;
  "token-file"?: string;
  "dry-run"?: boolean;
  bin?: string;
}

/** The host facts and the writer; tests pass their own. */
export interface ServiceDeps {
  facts?: Pick<PlanOptions, "platform" | "hasSystemd" | "uid">;
  io?: ScheduleIO;
}

/** Install (or remove) the service running `vigil serve` with these options. */
export async function serveService(
  install: boolean,
  o: ServiceOptions,
  ctx: CommandIo,
  deps: ServiceDeps = {},
): Promise<number> {
  const paths = resolvePaths(ctx.env);
  const bin = o.bin ?? process.execPath;
  if (!o.bin && /(^|\/)bun(-[a-z0-9-]+)?$/.test(bin)) {
    throw new UsageError(`running under "${bin}", not the compiled vigil: pass "--bin PATH"`);
  }
  const ownToken = join(paths.stateDir, TOKEN_FILE);
  const given = o.token ?? ctx.env.VIGIL_SERVE_TOKEN ?? undefined;
  if (given !== undefined && given.length < 16) throw new UsageError("the token must be at least 16 characters");
  const offLoopback = o.target.kind === "tcp" && !isLoopback(o.target.hostname);
  // A token file of the user's own is read where it is; otherwise install keeps one, and a
  // reinstall keeps the one it made (Prometheus has a copy of it).
  const kept = existsSync(ownToken) ? readFileSync(ownToken, "utf8").trim() || undefined : undefined;
  const token = o["token-file"] !== undefined
    ? null
    : given ?? kept ?? (offLoopback ? randomBytes(24).toString("hex") : undefined);
  const tokenPath = o["token-file"] ?? (token ? ownToken : null);
  const args = o.target.kind === "unix" ? ["--socket", o.target.path] : [
    "--listen",
    `${o.target.hostname.includes(":") ? `[${o.target.hostname}]` : o.target.hostname}:${o.target.port}`,
  ];
  if (tokenPath !== null) args.push("--token-file", tokenPath);
  const plan = planServe({
    home: ctx.env.HOME ?? "",
    bin,
    env: ctx.env,
    xdgConfigHome: ctx.env.XDG_CONFIG_HOME || undefined,
    logFile: join(paths.stateDir, "serve.log"),
    args,
    // Uninstall removes the token file install made, never one the user named.
    tokenFile: install ? (token ? { path: ownToken, text: `${token}\n` } : null) : { path: ownToken, text: "" },
    ...(deps.facts ?? hostFacts({})),
  });
  if (!plan.ok) throw new UsageError(plan.error);
  const p = plan.value;
  if (o["dry-run"]) {
    ctx.out(`${install ? "would install" : "would remove"} a ${p.scheduler} service for "vigil serve"\n`);
    for (const f of p.files) {
      ctx.out(`--- ${f.path}${f.mode === 0o600 ? " (the token, mode 0600)\n" : `\n${install ? f.text : ""}`}`);
    }
    for (const a of install ? p.activate : [...p.deactivate, ...p.afterRemove]) ctx.out(`$ ${a.join(" ")}\n`);
    return 0;
  }
  const io = deps.io ?? systemScheduleIO;
  const r = install ? await installSchedule(p, io) : await uninstallSchedule(p, io);
  ctx.out(`${install ? "installed" : "removed"} the ${r.scheduler} service for "vigil serve ${args.join(" ")}"\n`);
  for (const path of r.paths) ctx.out(`${install ? "wrote" : "removed"} ${path}\n`);
  for (const c of r.commands) ctx.out(`$ ${c.argv.join(" ")}  (exit ${c.code})\n`);
  if (install && tokenPath !== null) {
    ctx.out(`Prometheus needs the token in ${tokenPath}: "credentials_file" in its scrape config (docs/fleet.md)\n`);
  }
  if (install && r.scheduler === "systemd") {
    ctx.out(`to keep it running while you are logged out: loginctl enable-linger ${ctx.env.USER ?? "$USER"}\n`);
  }
  return 0;
}
