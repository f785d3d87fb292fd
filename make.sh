#!/usr/bin/env bash
# ./make.sh        set up, render every scene (unchanged ones restored from cache/), measure, assert, write the comparison clips
#                  (proof/compare/) and proof/index.html; prints each step's wall time, the whole run's wall time and CPU s per wall s.
# ./make.sh test   set up, then the type check, the determinism, platform and workflow lints and the whole test suite.
# On a fresh Debian machine as root it installs what is missing (chromium-headless-shell, ffmpeg,
# then npm ci). Elsewhere, PUPPETEER_EXECUTABLE_PATH and FFMPEG_PATH point at your own browser and
# ffmpeg, and a missing one is a one-line error saying what to install (exit 3).
set -euo pipefail
cd "$(dirname "$0")"

say() { printf '%s\n' "$*" >&2; }

start_ns=$(date +%s%N)
# The machine's busy CPU ticks so far (user+nice+system+irq+softirq+steal, all cores), from /proc/stat.
busy_ticks() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 + $9; exit }' /proc/stat 2>/dev/null || echo 0; }
start_busy=$(busy_ticks)
# Wall time and CPU seconds per wall second of this run. The CPU is the machine's busy time over the
# run (/proc/stat): bash's `times` counts only children that were waited for, and the browsers' own
# children (renderer, GPU process) are killed with their process group, never reaped up the chain,
# so it read 0.91 where the machine was busier. On a machine doing nothing else it is this run's CPU.
report_cpu() {
  local wall_ns busy
  wall_ns=$(( $(date +%s%N) - start_ns ))
  busy=$(( $(busy_ticks) - start_busy ))
  awk -v wall_ns="$wall_ns" -v busy="$busy" -v hz="$(getconf CLK_TCK)" -v cores="$(nproc)" '
    BEGIN { wall = wall_ns / 1e9; cpu = busy / hz; printf "make.sh: %.1f s wall, %.1f CPU-s (the machine, /proc/stat), %.2f CPU-s per wall-s on %d cores\n", wall, cpu, cpu / wall, cores }
  ' >&2
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
    node build/tools/bundle.mjs
    npm run --silent typecheck
    npm run --silent lint
    # Every workflow in .github/workflows against GitHub Actions' schema (offline), its eye commands against the CLI's.
    node build/tools/lint-workflows.mjs
    npx vitest run
    ;;
  all)
    trap report_cpu EXIT
    # npm run build, without npm's own start-up (~0.4 s of a warm run's few seconds).
    node build/tools/bundle.mjs
    # Render every scene, assert, the comparison clips, the report (eye all: one process, so each
    # command's start-up is paid once); every step runs, the first failure's code is the exit code,
    # and it prints each step's wall time.
    node bin/eye.js all
    ;;
  *)
    say "usage: ./make.sh [test]"
    exit 2
    ;;
esac
