/** Real dependencies for a watch pass, built from an environment and an open store. */
import type { Config } from "../core/config.ts";
import { unansweredTurnText } from "../core/rest.ts";
import { sendNotifications } from "../edge/notify.ts";
import { probeMany } from "../edge/proc.ts";
import { claudeConfigDir, findSessionByPid, readRegistry } from "../edge/registry.ts";
import { restartSession } from "../edge/restart.ts";
import type { Store } from "../edge/store.ts";
import { readAppended, readTail, statTranscript } from "../edge/transcript-append.ts";
import { deliverNudge } from "./nudge.ts";
import { nudgeDeps } from "./nudge-deps.ts";
import type { WatchDeps } from "./pass.ts";
import { FIRST_SIGHT_TAIL } from "../core/watch/wakes.ts";

/** The pass's dependencies for this process: /proc (or ps), the registry, tmux, webhooks. */
export function watchDeps(
  store: Store,
  config: Config,
  opts: { env: Record<string, string | undefined>; now: () => number },
): WatchDeps {
  const { env } = opts;
  return {
    store,
    config,
    now: opts.now,
    configDir: claudeConfigDir({ env, home: env.HOME }),
    probe: (pids) => probeMany(pids),
    registry: () => readRegistry({ env, home: env.HOME }).entries,
    stat: statTranscript,
    transcript: {
      appended: (path, from, mid) => readAppended(path, from, { mid }),
      tail: readTail,
    },
    notify: (e) => sendNotifications(e, config.notifiers, { env }),
    restart: (target, prompt) => restartSession(target, { env, prompt }),
    nudge: (t, text, idleMs) => deliverNudge(t, text, nudgeDeps({ env, home: env.HOME, tmux: { env } }), { idleMs }),
    canNudge: (t) => t.pid !== null && !!findSessionByPid(t.pid, { env, home: env.HOME })?.messagingSocketPath,
    lastMessage: (path) => {
      const tail = readTail(path, FIRST_SIGHT_TAIL);
      return tail === null ? null : unansweredTurnText(tail.records.map((r) => r.record), opts.now());
    },
  };
}
