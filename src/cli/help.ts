/** Help texts, one per command; `vigil <command> --help` prints its own. */
import { VERSION } from "./version.ts";

export { VERSION };

export const HELP: Record<string, string> = {
  main: `vigil ${VERSION}: keeps long-running Claude Code agents inside rules that prompts cannot enforce

Usage: vigil <command> [options]

Commands:
  hook          Claude Code command hook for the events vigil handles (reads the payload on stdin)
  statusline    Claude Code statusLine command (records context numbers, prints one line)
  status        Sessions and their states now (--json)
  config        The effective configuration and where each value came from (--json)
  demo          Replay a bundled real worker session through vigil and show every decision
  recall        Ranked full-text search over a session's whole transcript, across compactions
  report        What happened over a time range, per session (text, --json, --html FILE)
  serve         Resident daemon: POST /hook for HTTP hooks, dashboard, /api, /metrics
  watch         Liveness pass over watched sessions: DOWN, STALE, samples, recovery (--every, --install)
  night         Unattended mode on|off|status: scope, session snapshot, preflight of idle sessions
  state         The pre-compaction state file: save (Markdown on stdin), show, skill
  spec          The external task spec .vigil/spec.md: init, show, check
  install       Wire vigil into Claude Code (settings.json, or --plugin DIR) and start serve
  uninstall     Remove exactly what install added
  doctor        Check the whole setup; exit 1 with one line per problem and its fix (--json)
  gc            Retention: summarise old days, drop detail past retention, give space back (--dry-run)

Options:
  -h, --help    Show help (also: vigil <command> --help)
  --version     Print the version

Exit codes: 0 ok, 1 a negative answer, 2 usage or internal error.
hook and statusline always exit 0 (they fail open; errors are recorded).`,
  hook: `Usage: vigil hook

Reads one Claude Code hook payload (JSON, at most 10 MiB) on stdin, updates the session's
state machine and prints the hook's decision as Claude Code hook JSON, or nothing.
Exits 0: any internal error is recorded in the state database (or vigil.log) and Claude
Code proceeds as if vigil were absent. With --fail-closed[=SECONDS] (how install --fail-closed
registers PreToolUse and PreSkillShellCommand; SECONDS is the registration's timeout) the
store is waited for that long and an internal failure exits 2: Claude Code blocks the tool.`,
  statusline: `Usage: vigil statusline [--wrap COMMAND]

Reads Claude Code's statusLine payload on stdin, records its context_window numbers for the
session and prints one line: state, tokens against the window, distance to SOFT/HARD for
workers, and a warn marker. Colours are off with NO_COLOR. Never fails: on error it prints
its last good line. --wrap runs your own statusLine COMMAND (through sh, with the same stdin
and environment) alongside and prints its output unchanged instead of vigil's line; vigil's
line is printed only when COMMAND fails, prints nothing or takes over 250 ms. This is how
vigil install keeps a statusLine you already had (--then is the older spelling).`,
  status: `Usage: vigil status [--json] [--all]

Lists sessions seen in the last day (--all: every session) with state, context tokens,
estimate, window and role. --json prints an array (product.md section 9a).`,
  config: `Usage: vigil config [--json]

Prints the effective configuration: defaults, config.toml ($VIGIL_HOME/config.toml or
$XDG_CONFIG_HOME/vigil/config.toml) and VIGIL_* overrides, with where each value came from.`,
  demo: `Usage: vigil demo [--json] [--keep]

Replays a bundled recording of a real Claude Code 2.1.328 worker session (a CSV parser
ticket growing from 80k to 330k context tokens) through the real hook path into a temporary
VIGIL_HOME, and prints the timeline of states and decisions. --keep leaves the temporary
state directory in place and prints where it is.`,
  recall: `Usage: vigil recall QUERY... [--session ID | --transcript PATH] [--limit N] [--json] [--reindex]

Ranked full-text search (SQLite FTS5, BM25) over a session's whole transcript: prompts,
assistant text, tool calls and their results, and compaction summaries, so what a
compaction summarised away can be found again. Each hit shows its time, its compaction
epoch (0 before the first compaction, 1 after it, ...), its kind, and the matched terms.

Terms match anywhere inside words; "a quoted phrase" matches as written. Records with
every term come first; when none has them all, records with any term are shown. Korean,
Japanese and Chinese need no spaces: "인계" finds "인계서를", "設計" finds "設計書".

  --session ID       A session vigil has seen (a unique prefix is enough); default: the
                     newest session in this directory, else the newest
  --transcript PATH  Search this transcript file directly
  --limit N          Hits to show (default 10)
  --json             Print {query, transcript_path, indexed, hits:[...]}
  --reindex          Drop the index for this transcript and build it again

The index lives under the state directory (recall/, one SQLite file per transcript) and
follows the transcript: only bytes appended since the last search are read. Exit 1 when
nothing matches.`,
  report: `Usage: vigil report [--since 12h] [--until TIME] [--session ID] [--json | --html FILE]

Per session over the range (default: the last 12 hours): the state timeline, limits crossed,
denials and refusals, compactions and restores, Stop blocks with the pattern that matched,
DOWN/STALE with detection delay, restarts, idle gaps and who woke each. Times are a duration
before now ("90m", "12h", "7d"), an ISO 8601 time (UTC unless it says otherwise) or epoch ms.
--session takes a full id or a unique prefix. --json prints { since, until, sessions, events }
(product.md section 9a). --html FILE writes one self-contained page with an SVG timeline that
prints well ("-" for stdout).`,
  gc: `Usage: vigil gc [--dry-run] [--json]

Applies retention (vigil config: retention_events_days, retention_dead_sessions_days,
retention_samples_days, retention_recall_days, recall_cap_mb). Whole UTC days of audit events
older than retention are first summarised per session and day (what vigil report counts over
them), then dropped in small batches so hooks never wait long; dead sessions idle past
retention are archived (a report still names them, vigil recall rebuilds their index on
demand); old samples and unused or over-cap recall indexes are deleted; freed space goes back
to the file system (a store made before this version is converted once by a full VACUUM,
which holds the write lock meanwhile; the watch leaves that to you). Prints what it dropped
and the database size before and after;
--dry-run prints what it would drop and changes nothing. vigil watch runs it at most daily.`,
  serve: `Usage: vigil serve [--listen HOST:PORT | --socket PATH] [--token TOKEN | --token-file PATH]
       vigil serve --install | --uninstall [--listen HOST:PORT] [--token TOKEN | --token-file PATH]
                   [--bin PATH] [--dry-run]

Serves until SIGINT/SIGTERM (default --listen 127.0.0.1:8787):
  POST /hook        Claude Code "type": "http" hooks: the same pipeline and output as vigil hook;
                    fails open (200, empty body) on any internal error
  GET  /            dashboard (sessions, context, timeline, live events)
  GET  /api/sessions, /api/events?since=&session=&limit=&after_id=, /api/report, /api/stream (SSE)
  GET  /metrics     Prometheus text format; GET /healthz
Binds to loopback only, unless given a non-loopback address together with a token (also from
VIGIL_SERVE_TOKEN, at least 16 characters); then every request needs "Authorization: Bearer
TOKEN" (a browser opens /?token=TOKEN once and keeps a cookie). Configuration is read at start.
VIGIL_HOST names this machine in the "host" label of /metrics (default: the host name).
--install writes a systemd user service (or a launchd agent on macOS) that keeps "vigil serve"
running with these arguments and starts it; off loopback it needs a token, and without one it
makes one: the service reads it from serve.token (0600) in the state directory, the file to give
Prometheus (docs/fleet.md). --uninstall removes what install wrote; --dry-run prints the plan.`,
  watch: `Usage: vigil watch [--once | --every DURATION] [--json]
       vigil watch --install | --uninstall [--every DURATION] [--bin PATH] [--dry-run]

One liveness pass (--once, the default, for cron, launchd or systemd timers), or a pass every
DURATION ("30s", "5m") until SIGINT or SIGTERM. Watched: the night snapshot, sessions hooks
saw in the last day, and Claude Code's live registry. Per session:
  DOWN    the process is gone (pid checked with its start time): recorded once, state dead
  STALE   alive, but the transcript has not grown for stale_after_minutes (45): recorded
          once per stall; its end (work again, seen by a hook or a pass) is a new record
  samples RSS, CPU time and age of every live session, kept a day
  wakes   who ended each idle gap after a turn: the Stop gate, a person, a notification,
          a restart or nudge, or nobody
Recovery follows config "recovery": off, notify (default; webhooks and desktop) or restart
(claude --resume in its tmux pane or a new tmux session). A restart counts once its process
is alive and its transcript written within restart_verify_minutes (3), judged by later
passes; one that is not is a failure and alerted as one. After 2 failures in a row the
session is not restarted again that night (until "vigil night off" or a person's prompt),
and one alert says so; at most 3 restarts in 60 minutes in any case. A stall is nudged with "nudge_text" through its inbox socket (Claude Code
2.1.3xx), else typed into its tmux pane; the nudge_receipt event is its first transcript
record after. Every intervention is followed up: how soon the first transcript record came
after it. "notify" stays the default (restarting blindly is how a bad night gets worse), but
with no notifier it tells nobody: "vigil night on" refuses that until one is configured.

Overlapping passes never report twice: a second pass while one runs says so and exits 0.
--install writes a schedule running "vigil watch --once" every 5 minutes (launchd, a
systemd user timer, or a crontab line) and prints what it wrote; --uninstall removes it.
The variables the configuration names (a notifier's env:NAME, VIGIL_* overrides) go from the
installing shell into watch.env (0600) in the state directory, which every pass reads.
After its pass (outside the pass lock) a pass gives retention (gc) at most 20 s when due.
--dry-run prints the plan without writing.`,
  night: `Usage: vigil night on [--scope PATH...] [--until TIME] [--force] [--json]
       vigil night off [--json]
       vigil night status [--json]

Unattended mode, for nights with nobody watching. "on" turns on the Stop gate (a turn that
ends announcing work it has not done is sent back to do it), within the scope paths (default:
everywhere), until TIME ("07:00" local, next occurrence; an ISO 8601 time; or a duration such
as "8h"; default: until turned off). It snapshots the live sessions in scope (id, pid and
process start, name, cwd, transcript, tmux pane) so "vigil watch" can still tell when one
dies after Claude Code's registry forgets it, and runs a preflight: sessions already idle
(registry status "idle", no transcript growth for 5 minutes, or a finished last turn) cannot
be woken by a Stop hook, and are listed with what to do about them. It says what will happen
on a death tonight (the recovery policy, where alerts go, whether the watch is scheduled) and
refuses (exit 1, with the fix) when the watch is not scheduled or recovery is "notify" with no
notifier configured: nothing would act on a death. --force turns it on anyway, with warnings.
"status" prints the mode, scope, until, the snapshot, the Stop blocks so far and the night's
ledger; it exits 1 when the mode is not in force. "off" turns it off, keeps the snapshot for
reports and prints the ledger: stops blocked and how many resumed work, who woke each session
(vigil, a person, nobody), idle minutes by cause (awaiting, asleep, stalled, dead), deaths and
what was done about each.`,
  state: `Usage: vigil state save < STATE.md
       vigil state show [--session ID] [--list]
       vigil state skill [--dir DIR] [--bin PATH]

save   Reads Markdown on stdin with these headings, in this order, none empty: Plan (path
       and current step), Phase, Tasks, Decisions (adopted, rejected, why rejected),
       Constraints, Workers, Files in flight, Recovery memo. Refuses (exit 1, nothing
       written) when one is missing, out of order or empty, or when the session id cannot
       be determined exactly: CLAUDE_CODE_SESSION_ID, else CLAUDE_PID found in Claude Code's
       live session registry with that process alive and started when the registry says.
       Writes a new version atomically (0600) under the state directory's
       states/<session_id>/, reads it back, and keeps the earlier versions (newest 20).
show   Prints the newest state (saved or drafted) of this session, or of --session ID;
       --list lists the versions.
skill  Writes the /pre-compact-save skill to DIR/pre-compact-save/SKILL.md (default
       $CLAUDE_CONFIG_DIR/skills, else ~/.claude/skills); its allowed-tools admit only vigil's
       own commands. --bin sets how the skill calls vigil (default "vigil" on PATH).`,
  spec: `Usage: vigil spec init|show|check [--dir DIR]

The task spec lives in DIR/.vigil/spec.md (default: $CLAUDE_PROJECT_DIR, else the current
directory) with the fields Locus, Signal, Done, Constraints and (optional) Out of scope.
vigil injects it verbatim, without its HTML comments, at session start, on resume and
after every compaction: it is never summarised.
init   Writes a template; refuses to overwrite an existing spec.
show   Prints the spec as it is injected (--raw: the file as it is).
check  Exit 0 when usable; exit 1 with one line per problem (a field missing, empty or
       twice, or a spec too long to fit the restore).`,
  install: `Usage: vigil install [--user | --project] [--http [--port N]] [--statusline wrap|vigil|keep]
                     [--fail-closed] [--statusline-only] [--no-serve] [--dry-run] [--bin PATH]
                     [--claude-version X.Y.Z]
       vigil install --plugin DIR [--fail-closed] [--dry-run] [--bin PATH] [--claude-version X.Y.Z]

Merges vigil into settings.json, keeping every other hook and setting and the file's own
formatting: one hook (matcher "*", "<bin> hook", with a timeout) for each event vigil handles
that the installed Claude Code knows (never WorktreeCreate, WorktreeRemove, PermissionRequest,
Elicitation or MessageDisplay, whose hooks replace or hold Claude Code's own behaviour), the
statusLine, and the /pre-compact-save skill. Installing again repairs an earlier install:
registrations vigil no longer makes are removed. Installing twice changes nothing.
--user       $CLAUDE_CONFIG_DIR/settings.json, else ~/.claude/settings.json (default)
--project    .claude/settings.json in the current directory
--http       "type": "http" hooks to vigil serve (http://127.0.0.1:PORT/hook, --port, default
             8787) for every event that allows them; SessionStart stays a command
--statusline When a statusLine of yours is set: wrap (default) keeps yours on screen, unchanged,
             while vigil records the numbers; vigil shows vigil's line instead; keep leaves it
             alone (vigil then never learns the window). --wrap-statusline is the same as wrap.
--fail-closed PreToolUse and PreSkillShellCommand with onFailure "block": a crashed or timed-out
             vigil blocks tool calls instead of opening HARD (and so stops all tool use until
             fixed). Without it (the default) vigil fails open. vigil doctor shows the mode.
--plugin DIR Write a Claude Code plugin instead (hooks/hooks.json with the same hooks, the
             manifest, and a one-plugin marketplace): claude --plugin-dir DIR, or claude plugin
             marketplace add DIR and claude plugin install vigil@vigil. A plugin cannot set the
             statusLine: run --statusline-only as well.
--statusline-only  Only the statusLine (and the skill); vigil's hooks are removed from the file
             (the plugin registers them; both would run vigil twice per event)
--no-serve   Do not install and start vigil serve (by default install does, where a user
             service manager runs: systemd user units or launchd, so command hooks forward)
--dry-run    Print the unified diff of settings.json and write nothing
--bin        The binary hooks run (default: this one); --claude-version skips "claude --version"
Before any write the current file is backed up under the state directory (backups/).`,
  uninstall: `Usage: vigil uninstall [--user | --project] [--dry-run]

Removes vigil's hooks and statusLine (a wrapped statusLine goes back to yours) and the skill
install wrote. When the file is still exactly what install wrote, its bytes from before
install are restored; otherwise only vigil's entries are removed. Backed up first.`,
  doctor: `Usage: vigil doctor [--json] [--verbose] [--notify-test] [--claude-version X.Y.Z]
       vigil doctor --prove [--json]

Checks the binary, the wiring in the user and project settings files (vigil's hooks, events
the installed Claude Code does not know, disableAllHooks, statusLine), the Claude Code
version against the tested 2.1.328, unknown prompt envelopes since the last upgrade, the
database (integrity, WAL size, recent recoveries and hook errors), state-directory
permissions, vigil serve when HTTP hooks are configured, and the watch schedule.
--notify-test sends a test notification to every configured notifier and reports each
outcome. Exit 0 with a short summary when nothing is wrong; exit 1 with one line per problem
and how to fix it (--verbose adds what is fine). --json prints { ok, findings: [{ check,
severity, message, fix }] }, severity one of ok, info, warn, problem.

--prove runs the installed claude (PATH or CLAUDE_BIN) offline in a throwaway HOME against a
fake Messages API on 127.0.0.1, with vigil's entries from your settings.json, and proves each
guard lands on that version: one line per check (pass, FAIL with the fix, n/a), exit 1 when
one failed. The result is kept as the last proof, which doctor, status, report and the
dashboard show.`,
};
