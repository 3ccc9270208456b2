#!/usr/bin/env bash
# Fresh clone to first page served: clone this repository into a temporary folder, run the
# README's `npm install && npm start`, and time until http://localhost:$PORT/ answers 200.
# (npm's cache is whatever this machine has: the first run on a new machine is slower.)
set -euo pipefail
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
port=${PORT:-3905}
work=$(mktemp -d)
cleanup() { [ -n "${server_pid:-}" ] && kill -- -"$server_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

started=$(date +%s.%N)
git clone --quiet "$repo" "$work/starprep"
cd "$work/starprep"
set -m
( npm install --no-audit --no-fund --loglevel=error >/dev/null && PORT=$port npm start >"$work/server.log" 2>&1 ) &
server_pid=$!
until curl -fs -o /dev/null "http://localhost:$port/"; do
  sleep 0.2
  if ! kill -0 "$server_pid" 2>/dev/null; then cat "$work/server.log"; echo "npm start exited"; exit 1; fi
done
ended=$(date +%s.%N)
printf 'fresh clone to first page served: %.1f s\n' "$(echo "$ended - $started" | bc)"
