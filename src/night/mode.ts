/**
 * `vigil night on | off | status` (product.md section 6): the mode flag the Stop gate reads,
 * the snapshot the watcher keeps watching, the preflight that names sessions a Stop hook
 * cannot wake, and how many stops the gate has blocked since the mode went on.
 */
import type { Config } from "../core/config.ts";
import type { ProcProbe } from "../edge/proc.ts";
import { readRegistrySettled, type RegistryEntry } from "../edge/registry.ts";
import type { Store } from "../edge/store.ts";
import type { AppendedRead } from "../edge/transcript-append.ts";
import { listPanes, paneHolding } from "../edge/tmux.ts";
import { recentSessionRows, stopBlocksBetween } from "../edge/store/watch.ts";
import type { TranscriptStat } from "../core/liveness.ts";
import type { NightLedger } from "../core/night/ledger.ts";
import { buildSnapshot, type IdleSession, preflight } from "./snapshot.ts";
import { nightIsActive, type NightSetting, readNightSetting, writeNightSetting } from "./setting.ts";
import { ledgerOf } from "./ledger-of.ts";
import { watchDeps } from "../watch/deps.ts";

const DAY = 86_400_000;

export interface NightDeps {
  store: Store;
  config: Config;
  now: () => number;
  configDir: string;
  registry: () => RegistryEntry[];
  probe: (pids: readonly number[]) => Map<number, ProcProbe | null>;
  stat: (path: string) => TranscriptStat | null;
  tail: (path: string, bytes: number) => AppendedRead | null;
  /** tmux pane ids of the panes whose process trees hold these pids. */
  panes: (pids: readonly number[]) => Promise<Map<number, string>>;
}

export interface BlockCount {
  total: number;
  bySession: Record<string, number>;
}

/** Turn the mode on (again): fresh snapshot, scope and until; returns the preflight. */
export async function turnNightOn(
  deps: NightDeps,
  opts: { scope: string[]; until: number | null },
): Promise<{ setting: NightSetting; previous: NightSetting | null; idle: IdleSession[] }> {
  const now = deps.now();
  const registry = deps.registry();
  const rows = recentSessionRows(deps.store, now - DAY);
  const pids = [...new Set([...registry.map((e) => e.pid), ...rows.flatMap((r) => r.pid === null ? [] : [r.pid])])];
  const probes = deps.probe(pids);
  const needPane = pids.filter((p) => probes.get(p)?.alive && !registry.some((e) => e.pid === p && e.tmux?.pane));
  const panes = needPane.length > 0 ? await deps.panes(needPane) : new Map<number, string>();
  const snapshot = buildSnapshot({ registry, rows, probes, scope: opts.scope, configDir: deps.configDir, panes });
  const status = new Map(registry.map((e) => [e.sessionId, e.status]));
  const idle = preflight(snapshot, { status: (id) => status.get(id) ?? null, stat: deps.stat, tail: deps.tail }, {
    now,
    nudgeText: deps.config.nudgeText,
  });
  const previous = readNightSetting(deps.store);
  const setting: NightSetting = { on: true, scope: opts.scope, until: opts.until, since: now, snapshot, offAt: null };
  deps.store.transaction(() => {
    writeNightSetting(deps.store, setting);
    deps.store.appendEvent(now, null, "night", {
      on: true,
      scope: opts.scope,
      until: opts.until,
      sessions: snapshot.length,
      idle: idle.map((i) => i.entry.sessionId),
    });
  });
  return { setting, previous, idle };
}

/** Turn the mode off; the snapshot is kept (for status and reports) but no longer watched. */
export function turnNightOff(
  deps: NightDeps,
): { previous: NightSetting | null; blocks: BlockCount; ledger: NightLedger | null } {
  const now = deps.now();
  const previous = readNightSetting(deps.store);
  if (previous === null || !previous.on) return { previous, blocks: { total: 0, bySession: {} }, ledger: null };
  const blocks = countBlocks(deps.store, previous.since, now);
  const ledger = ledgerOf(deps.store, previous.since, now);
  deps.store.transaction(() => {
    writeNightSetting(deps.store, { ...previous, on: false, offAt: now });
    deps.store.appendEvent(now, null, "night", { on: false, blocks: blocks.total, ledger: { ...ledger } });
  });
  return { previous, blocks, ledger };
}

/** The stored mode, whether it is in force now, the Stop blocks since it went on, and its ledger. */
export function nightStatus(deps: Pick<NightDeps, "store" | "now">): {
  setting: NightSetting | null;
  active: boolean;
  blocks: BlockCount;
  ledger: NightLedger | null;
} {
  const now = deps.now();
  const setting = readNightSetting(deps.store);
  if (setting === null) return { setting, active: false, blocks: { total: 0, bySession: {} }, ledger: null };
  const until = setting.offAt ?? (setting.until !== null ? Math.min(now, setting.until) : now);
  return {
    setting,
    active: nightIsActive(setting, now),
    blocks: countBlocks(deps.store, setting.since - 1, setting.offAt ?? now),
    ledger: ledgerOf(deps.store, setting.since, until),
  };
}

function countBlocks(store: Store, since: number, until: number): BlockCount {
  const bySession: Record<string, number> = {};
  const rows = stopBlocksBetween(store, since, until);
  for (const b of rows) bySession[b.session_id] = (bySession[b.session_id] ?? 0) + 1;
  return { total: rows.length, bySession };
}

/** Real dependencies: the registry, /proc (or ps), transcripts and the tmux server. */
export function nightDeps(
  store: Store,
  config: Config,
  opts: { env: Record<string, string | undefined>; now: () => number },
): NightDeps {
  const { env } = opts;
  // The same outside world a watch pass sees, plus the tmux pane lookup.
  const w = watchDeps(store, config, opts);
  return {
    store,
    config,
    now: w.now,
    configDir: w.configDir,
    // One snapshot for the night: an entry Claude Code is still writing is waited for (see readRegistrySettled).
    registry: () => readRegistrySettled({ env, home: env.HOME }).entries,
    probe: w.probe,
    stat: w.stat,
    tail: w.transcript.tail,
    panes: async (pids) => {
      const out = new Map<number, string>();
      const panes = await listPanes({ env });
      if (panes.length === 0) return out;
      for (const pid of pids) {
        // Only a pane whose foreground is the session: what a nudge types there reaches it (paneHolding).
        const pane = paneHolding(pid, panes);
        if (pane !== null) out.set(pid, pane.paneId);
      }
      return out;
    },
  };
}
