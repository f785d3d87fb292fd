#!/usr/bin/env bash
# ./make.sh        set up, render every scene (unchanged ones restored from cache/), measure, assert; prints wall time and CPU s per wall s.
# ./make.sh test   set up, then the type check, the determinism lint and the whole test suite.
# On a fresh Debian machine as root it installs what is missing (chromium-headless-shell, ffmpeg,
# then npm ci). Elsewhere, PUPPETEER_EXECUTABLE_PATH and FFMPEG_PATH point at your own browser and
# ffmpeg, and a missing one is a one-line error saying what to install (exit 3).
set -euo pipefail
cd "$(dirname "$0")"

say() { printf '%s\n' "$*" >&2; }

start_ns=$(date +%s%N)
# Wall time and CPU seconds per wall second of this run. bash's `times` gives the user+sys of every
# child this shell waited for, and theirs (node, its worker threads, the browsers, ffmpeg), so it is
# the whole process tree's CPU. It must run in this shell (a $(…) subshell would report its own).
report_cpu() {
  local tf wall_ns
  wall_ns=$(( $(date +%s%N) - start_ns ))
  tf=$(mktemp)
  times >"$tf"
  awk -v wall_ns="$wall_ns" -v cores="$(nproc)" '
    function secs(t,  m) { m = t; sub(/m.*/, "", m); sub(/^[0-9]+m/, "", t); sub(/s$/, "", t); return m * 60 + t }
    NR == 2 { cpu = secs($1) + secs($2) }
    END { wall = wall_ns / 1e9; printf "make.sh: %.1f s wall, %.1f CPU-s (user+sys, every child), %.2f CPU-s per wall-s on %d cores\n", wall, cpu, cpu / wall, cores }
  ' "$tf" >&2
  rm -f "$tf"
}

have_browser() {
  [ -n "${PUPPETEER_EXECUTABLE_PATH:-}" ] && [ -x "${PUPPETEER_EXECUTABLE_PATH}" ] && return 0
  command -v chromium-headless-shell >/dev/null 2>&1 || command -v chromium >/dev/null 2>&1
}
have_ffmpeg() {
  if [ -n "${FFMPEG_PATH:-}" ]; then [ -x "${FFMPEG_PATH}" ]; return; fi
  command -v ffmpeg >/dev/null 2>&1 && command -v ffprobe >/dev/null 2>&1
}

ensure_system() {
  local missing=()
  have_browser || missing+=(chromium-headless-shell)
  have_ffmpeg || missing+=(ffmpeg)
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "make.sh: installing ${missing[*]} (apt-get)"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    say "make.sh: missing ${missing[*]}: install them (Debian: apt-get install ${missing[*]}), or set PUPPETEER_EXECUTABLE_PATH / FFMPEG_PATH"
    exit 3
  fi
}

ensure_node() {
  command -v node >/dev/null 2>&1 || { say "make.sh: missing Node.js 20 or later: install it (Debian: apt-get install nodejs npm)"; exit 3; }
  # npm ci only when node_modules is missing or older than the lock file.
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    say "make.sh: npm ci"
    npm ci --no-audit --no-fund --loglevel=error
  fi
}

ensure_system
ensure_node

case "${1:-all}" in
  test)
    npm run --silent build
    npm run --silent typecheck
    npm run --silent lint
    npx vitest run
    ;;
  all)
    trap report_cpu EXIT
    npm run --silent build
    # Render every scene, then assert; both always run, and the first failure's code is the exit code.
    status=0
    node bin/eye.js render || status=$?
    node bin/eye.js check || { s=$?; [ "$status" -eq 0 ] && status=$s; }
    exit "$status"
    ;;
  *)
    say "usage: ./make.sh [test]"
    exit 2
    ;;
esac
