/** Real dependencies for a watch pass, built from an environment and an open store. */
import type { Config } from "../core/config.ts";
import { unansweredTurnText } from "../core/rest.ts";
import { sendNotifications } from "../edge/notify.ts";
import { probeMany } from "../edge/proc.ts";
import { claudeConfigDir, findSessionByPid, readRegistry } from "../edge/registry.ts";
import { restartSession } from "../edge/restart.ts";
import { findPaneForPid, paneInfo } from "../edge/tmux.ts";
import type { Store } from "../edge/store.ts";
import { readAppended, readTail, statTranscript } from "../edge/transcript-append.ts";
import { deliverNudge } from "./nudge.ts";
import { nudgeDeps } from "./nudge-deps.ts";
import type { WatchDeps } from "./pass.ts";
import { FIRST_SIGHT_TAIL } from "../core/watch/wakes.ts";
import type { Target } from "../core/watch/targets.ts";
import { currentTodos, openTodos, todosFromChecklist } from "../core/stop/todo.ts";
import { isObject } from "../core/payload.ts";
import { readStopFacts } from "../edge/stop-facts.ts";
import { readChecklists, readTaskFiles } from "../edge/checklists.ts";

/**
 * Whether a session has work left by its own account: open items of its TodoWrite or Task
 * tools (the task files win where they exist), or open `- [ ]` lines in its checklist files.
 */
function pendingWork(t: Target, config: Config): boolean | null {
  if (t.transcriptPath === null) return null;
  const calls = readStopFacts(t.transcriptPath, { text: false, todo: true }).todoCalls ?? [];
  const taskFiles = (readTaskFiles(t.transcriptPath, t.sessionId) ?? []).filter(isObject);
  const lists = t.cwd === null ? [] : readChecklists(t.cwd, config.todoFiles);
  const items = [
    ...currentTodos({ calls, taskFiles }),
    ...lists.flatMap((c) => todosFromChecklist(c.text, c.path)),
  ];
  return openTodos(items).length > 0;
}

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
    paneExited: async (pane) => {
      const p = await paneInfo(pane, { env });
      return p === null || p.dead;
    },
    nudge: (t, text, idleMs) => deliverNudge(t, text, nudgeDeps({ env, home: env.HOME, tmux: { env } }), { idleMs }),
    canNudge: (t) => t.pid !== null && !!findSessionByPid(t.pid, { env, home: env.HOME })?.messagingSocketPath,
    paneOf: async (pid) => (await findPaneForPid(pid, { env }))?.paneId ?? null,
    pendingWork: (t) => pendingWork(t, config),
    lastMessage: (path) => {
      const tail = readTail(path, FIRST_SIGHT_TAIL);
      return tail === null ? null : unansweredTurnText(tail.records.map((r) => r.record), opts.now());
    },
  };
}
