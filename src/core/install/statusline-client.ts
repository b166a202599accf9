/**
 * The statusLine client of an `--http` install: a few lines of bash, run by the shell Claude
 * Code starts for the statusLine, that POST the payload to `vigil serve`'s `/statusline` and
 * print the answer, so a render starts no Bun process (bench/RESULTS.md, issue 18, eighth
 * round). Any other outcome (nothing listening, a refusal, no answer within 2 s) hands the
 * payload to `vigil statusline`, which renders it in a process of its own, as without serve.
 *
 * Written for bash 3.2 too (macOS's /bin/bash): `/dev/tcp`, `read -d ''` and `$'…'`. The
 * payload is read byte by byte (bash reads a socket so), which is why only the statusLine,
 * a few KiB, goes this way and not hooks, whose payloads carry whole tool inputs.
 * In the C locale `${#p}` counts bytes, as Content-Length must; the fallback inherits it,
 * which `vigil statusline` does not read. Arguments: `$1` the port, `$2` the vigil binary.
 * The variables HTTP hooks carry go along as the same headers, so both renderings judge one
 * session alike.
 */
import { HTTP_ENV } from "../header-env.ts";

export const STATUSLINE_CLIENT = [
  // The environment HTTP_ENV names, as headers (header-env.ts), read before LC_ALL is set here.
  `h=; for n in ${
    HTTP_ENV.join(" ")
  }; do v=\${!n}; [ -n "$v" ] && h="\${h}X-Vigil-Env-$n: \${v//[$'\\r\\n']/}"$'\\r\\n'; done`,
  "LC_ALL=C",
  "IFS= read -r -d '' p",
  "{ printf 'POST /statusline HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\n%sContent-Length: %d\\r\\nConnection: close\\r\\n\\r\\n%s' " +
  '"$h" "${#p}" "$p" >&3 && IFS= read -r -d \'\' -t 2 r <&3; } 2>/dev/null 3<>"/dev/tcp/127.0.0.1/$1"',
  'case $r in "HTTP/1.1 200 "*) printf %s "${r#*$\'\\r\\n\\r\\n\'}"; exit 0;; esac',
  'printf %s "$p" | exec "$2" statusline',
].join("; ");

/** The name the client runs under (`$0`): how install and doctor know the command as vigil's. */
export const STATUSLINE_CLIENT_NAME = "vigil-statusline";
