#!/bin/sh
# vigil's npm launcher: finds this platform's binary (the optional dependency npm picked by
# os/cpu/libc) and execs it, so no Node or Bun starts in front of it. `vigil install` then
# registers that binary's own path, so hooks never pass through this script.
set -e
self=$0
while [ -L "$self" ]; do
  link=$(readlink "$self")
  case $link in
    /*) self=$link ;;
    *) self=$(dirname "$self")/$link ;;
  esac
done
pkg=$(cd "$(dirname "$self")/.." && pwd -P)
case $(uname -s) in
  Linux) os=linux ;;
  Darwin) os=darwin ;;
  *) echo "vigil: no build for $(uname -s)" >&2; exit 2 ;;
esac
case $(uname -m) in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "vigil: no build for $(uname -m)" >&2; exit 2 ;;
esac
libc=
if [ "$os" = linux ] && { ls /lib/ld-musl-* >/dev/null 2>&1 || ldd --version 2>&1 | grep -qi musl; }; then
  libc=-musl
fi
name=@NAME@-$os-$arch$libc
# Nested under this package (a registry install), or beside it (installed side by side).
for dir in "$pkg/node_modules/$name" "$pkg/../$name"; do
  if [ -x "$dir/vigil" ]; then exec "$dir/vigil" "$@"; fi
done
echo "vigil: the $name package is not installed next to $pkg: reinstall without --omit=optional (npm install -g @NAME@)" >&2
exit 2
