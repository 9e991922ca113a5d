#!/usr/bin/env bash
# compose.yaml's topology without containers: `docsnav serve --jobs 0` (the API) and two
# `docsnav worker` processes (the jobs) on one PostgreSQL, each process with its own data folder
# under <base folder>. The `docsnav` command is the one installed beside this package (its
# dependency `docsnav`, which hands the server's commands to @docsnav/server): in a clone of the
# repository, build both first (npm run build:server).
#
#   DATABASE_URL=postgres://user:password@host/db deploy/topology.sh <base folder> [options…]
#
# Writes <base>/{serve,worker-1,worker-2}.pid and .log (the JSON log lines and the one-line
# messages of each), waits (60 s at most) until GET /healthz answers and both workers run,
# then prints the API's URL and stays in the foreground. SIGTERM or SIGINT (or one of the three
# exiting) stops all three with SIGTERM: they stop taking work, hand running jobs back to the
# queue and exit; whoever is still there after 40 s is killed. A second signal is passed on
# (docsnav then exits at once).
#
# PORT (default 3000) is the API's port, on 127.0.0.1. Options after <base folder> go to all
# three processes (ones both serve and worker take: --lease, --log-level, --jobs is not one);
# the environment goes to them too (DOCSNAV_ALLOW_LOCAL_REPOS, DOCSNAV_SHUTDOWN_GRACE, …: a
# command ignores the variables of options it does not have). NODE names the node to run.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
node=${NODE:-node}
# The docsnav command as Node resolves the package from here (a clone, or node_modules/@docsnav/server).
cli=$(cd "$here" && "$node" -e 'const p = require.resolve("docsnav/package.json"); console.log(require("path").join(require("path").dirname(p), require(p).bin.docsnav))' 2>/dev/null) ||
  { echo "topology.sh: the docsnav package cannot be found from $here: install docsnav beside @docsnav/server" >&2; exit 2; }
host=127.0.0.1
port=${PORT:-3000}
names=(serve worker-1 worker-2)
declare -A pids=()

die() {
  echo "topology.sh: $*" >&2
  exit 2
}

if [ $# -lt 1 ] || [ -z "$1" ]; then die "usage: DATABASE_URL=postgres://… $0 <base folder> [options for serve and the workers…]"; fi
[ -n "${DATABASE_URL:-}" ] || die "DATABASE_URL is not set (the PostgreSQL server that serve and the workers share)"
case $DATABASE_URL in
  postgres://* | postgresql://*) ;;
  *) die "DATABASE_URL takes a postgres:// URL" ;;
esac
[ -f "$cli" ] || die "$cli is missing: run npm run build:server in the docsnav repository"
base=$1
shift
mkdir -p "$base"
base=$(cd "$base" && pwd)
# Through the environment rather than --database: a password in it stays out of `ps`. The
# DOCSNAV_ name, because it wins over DATABASE_URL: the three use this one whatever else is set.
export DOCSNAV_DATABASE_URL=$DATABASE_URL

stopping=0
signal_all() {
  local pid
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
}
# Stops every process still running (SIGTERM, then SIGKILL after 40 s), once; exits with $1,
# or 1 when one of them did not exit 0.
stop_all() {
  local status=$1 name pid code
  if [ "$stopping" = 1 ]; then return; fi
  [ "$status" = 0 ] || status=1
  stopping=1
  # A second signal while they stop: passed on, docsnav exits at once.
  trap signal_all TERM INT
  signal_all
  local deadline=$((SECONDS + 40))
  for name in "${!pids[@]}"; do
    pid=${pids[$name]}
    while kill -0 "$pid" 2>/dev/null && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
    if kill -0 "$pid" 2>/dev/null; then
      echo "topology.sh: $name (pid $pid) did not stop within 40 s: killing it" >&2
      kill -KILL "$pid" 2>/dev/null || true
    fi
    code=0
    wait "$pid" 2>/dev/null || code=$?
    # 127: already reaped by an earlier `wait -n`, whose status counted then.
    if [ "$code" != 0 ] && [ "$code" != 127 ]; then
      echo "topology.sh: $name exited $code (its log: $base/$name.log)" >&2
      status=1
    fi
  done
  echo "topology.sh: stopped" >&2
  exit "$status"
}
trap 'stop_all 0' TERM INT
trap 'stop_all $?' EXIT

start() {
  local name=$1
  shift
  # Its own session: a Ctrl-C at the terminal reaches this script only, which passes on one SIGTERM.
  setsid "$node" "$cli" "$@" >"$base/$name.log" 2>&1 </dev/null &
  pids[$name]=$!
  echo "${pids[$name]}" >"$base/$name.pid"
}

start serve serve --jobs 0 --host "$host" --port "$port" --data "$base/serve" "$@"
start worker-1 worker --host "$host" --data "$base/worker-1" "$@"
start worker-2 worker --host "$host" --data "$base/worker-2" "$@"

url="http://$host:$port"
healthy() {
  "$node" -e 'fetch(process.argv[1], { signal: AbortSignal.timeout(2000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "$url/healthz"
}
deadline=$((SECONDS + 60))
for name in "${names[@]}"; do
  until
    if [ "$name" = serve ]; then healthy; else grep -q 'docsnav worker: running' "$base/$name.log"; fi
  do
    if ! kill -0 "${pids[$name]}" 2>/dev/null; then
      echo "topology.sh: $name exited while starting; the end of $base/$name.log:" >&2
      tail -n 20 "$base/$name.log" >&2
      exit 1
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "topology.sh: $name was not ready within 60 s; the end of $base/$name.log:" >&2
      tail -n 20 "$base/$name.log" >&2
      exit 1
    fi
    sleep 0.2
  done
done
echo "docsnav: $url (serve --jobs 0 and 2 workers; pids and logs in $base)"

# Until a signal, or until one of the three exits (then the others are stopped too).
code=0
wait -n "${pids[@]}" || code=$?
for name in "${names[@]}"; do
  if ! kill -0 "${pids[$name]}" 2>/dev/null; then echo "topology.sh: $name exited ($code); stopping the others" >&2; fi
done
stop_all 1
