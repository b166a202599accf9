#!/usr/bin/env bash
# The reference bash+jq hook: only parses stdin (what most shell hooks do first).
jq -r '.hook_event_name' >/dev/null
