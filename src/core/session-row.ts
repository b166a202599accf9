/** One row of the store's `sessions` table: the persisted machine snapshot and the meter's last figures. */

export interface SessionRow {
  session_id: string;
  machine_version: number;
  state: string;
  snapshot: string;
  role: string | null;
  agent_type: string | null;
  cwd: string | null;
  transcript_path: string | null;
  tokens: number | null;
  estimate: number | null;
  window: number | null;
  meter: string | null;
  status_tokens: number | null;
  status_window: number | null;
  status_at: number | null;
  status_line: string | null;
  pid: number | null;
  proc_start: number | null;
  created_at: number;
  updated_at: number;
}
