#!/usr/bin/env bash
# A typical user's own statusLine (the bash+jq kind ccstatusline-style setups start from):
# model, tokens against the window, percent.
jq -r '(.context_window.current_usage // {}) as $u
  | (($u.input_tokens // 0) + ($u.cache_creation_input_tokens // 0) + ($u.cache_read_input_tokens // 0)) as $t
  | "\(.model.display_name // "?") \($t)/\(.context_window.context_window_size // 0) \(if (.context_window.context_window_size // 0) > 0 then ($t * 100 / .context_window.context_window_size | floor) else 0 end)%"'
