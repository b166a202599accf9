#!/bin/sh
# Installs vigil from a release directory: downloads the binary for this OS and architecture,
# checks it against the release's SHA256SUMS, and only then puts it in place.
#   sh install.sh --base-url URL [--dir DIR]      (or VIGIL_BASE_URL, VIGIL_INSTALL_DIR)
# DIR defaults to ~/.local/bin. On a checksum mismatch nothing is installed (exit 1).
set -eu
base=${VIGIL_BASE_URL:-}
dir=${VIGIL_INSTALL_DIR:-${HOME:-}/.local/bin}
while [ $# -gt 0 ]; do
  case $1 in
    --base-url) base=${2:-}; shift 2 ;;
    --base-url=*) base=${1#*=}; shift ;;
    --dir) dir=${2:-}; shift 2 ;;
    --dir=*) dir=${1#*=}; shift ;;
    -h | --help) sed -n '2,5p' "$0" 2>/dev/null | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "vigil install.sh: unknown argument \"$1\"" >&2; exit 2 ;;
  esac
done
fail() { echo "vigil install.sh: $1" >&2; exit "${2:-1}"; }
[ -n "$base" ] || fail "no release to download from: pass --base-url URL (or set VIGIL_BASE_URL)" 2
[ -n "$dir" ] || fail "no directory to install into: pass --dir DIR" 2
base=${base%/}

case $(uname -s) in
  Linux) os=linux ;;
  Darwin) os=darwin ;;
  *) fail "no vigil build for $(uname -s)" 2 ;;
esac
case $(uname -m) in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) fail "no vigil build for $(uname -m)" 2 ;;
esac
libc=
if [ "$os" = linux ] && { ls /lib/ld-musl-* >/dev/null 2>&1 || ldd --version 2>&1 | grep -qi musl; }; then
  libc=-musl
fi
name=vigil-$os-$arch$libc

if command -v curl >/dev/null 2>&1; then
  fetch() { curl -fsSL --proto '=http,https' -o "$2" "$1"; }
elif command -v wget >/dev/null 2>&1; then
  fetch() { wget -q -O "$2" "$1"; }
else
  fail "neither curl nor wget is installed" 2
fi
if command -v sha256sum >/dev/null 2>&1; then
  digest() { sha256sum "$1" | cut -d' ' -f1; }
elif command -v shasum >/dev/null 2>&1; then
  digest() { shasum -a 256 "$1" | cut -d' ' -f1; }
else
  fail "neither sha256sum nor shasum is installed: cannot check the download" 2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/vigil-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
fetch "$base/SHA256SUMS" "$tmp/SHA256SUMS" || fail "cannot download $base/SHA256SUMS: nothing installed"
want=$(awk -v n="$name" '$2 == n || $2 == "*" n { print $1; exit }' "$tmp/SHA256SUMS")
[ -n "$want" ] || fail "$base/SHA256SUMS has no entry for $name: nothing installed"
fetch "$base/$name" "$tmp/$name" || fail "cannot download $base/$name: nothing installed"
got=$(digest "$tmp/$name")
[ "$got" = "$want" ] || fail "checksum mismatch for $name (SHA256SUMS says $want, the download is $got): nothing installed"

mkdir -p "$dir"
chmod 0755 "$tmp/$name"
# Copy beside the target, then rename: a running vigil is never overwritten in place.
cp "$tmp/$name" "$dir/.vigil.new"
mv -f "$dir/.vigil.new" "$dir/vigil"
echo "installed $dir/vigil ($("$dir/vigil" --version 2>/dev/null || echo "$name"))"
case ":${PATH:-}:" in
  *":$dir:"*) ;;
  *) echo "note: $dir is not on your PATH; add it, or run $dir/vigil" ;;
esac
echo "next: vigil install --user   (wires vigil into Claude Code; vigil doctor checks it)"
