#!/bin/sh
# Updates the site without downtime: restarts the app instances one at a time and waits until each
# answers /readyz (database, migrations, background jobs) before it touches the next, so Caddy always
# has one to send visitors to (deploy/Caddyfile tries the other while one restarts).
#
#   deploy/rolling-restart.sh              # Docker Compose (deploy/compose.yaml): build, then app1, then app2
#
# Any other setup names its own steps; `{}` stands for the instance:
#   INSTANCES="3001 3002" \
#   RESTART='systemctl restart mila-coaching@{}' \
#   READY='curl -fsS -o /dev/null http://127.0.0.1:{}/readyz' \
#   deploy/rolling-restart.sh
# RESTART must return once the old process has stopped (systemctl and docker compose do).
# READY_TIMEOUT (seconds, default 180): how long an instance may take to be ready; past it the
# script stops with an error and leaves the remaining instances as they are.
# PROXY_SETTLE (seconds, default 6): after an instance is ready, how long to wait before the next one
# drains, so the proxy's health check (every 5 s, deploy/Caddyfile) has seen it back; without it a
# CI run saw both out of Caddy's pool at once ("no upstreams available", 503 on a form).
set -eu

cd "$(dirname "$0")/.."
compose="docker compose -f deploy/compose.yaml"
ready_check='fetch("http://127.0.0.1:3000/readyz").then(r=>process.exit(r.ok?0:1),()=>process.exit(1))'

if [ -z "${RESTART:-}" ]; then
  INSTANCES="${INSTANCES:-app1 app2}"
  RESTART="$compose up -d --no-deps --force-recreate {}"
  READY="$compose exec -T {} node -e '$ready_check'"
  echo "building the new image"
  $compose build $INSTANCES
fi
: "${INSTANCES:?set INSTANCES, the instances to restart in turn}"
: "${READY:?set READY, a command that succeeds once an instance is ready}"
timeout="${READY_TIMEOUT:-180}"
settle="${PROXY_SETTLE:-6}"

first=1
for instance in $INSTANCES; do
  [ "$first" = 1 ] || sleep "$settle"
  first=0
  started=$(date +%s)
  echo "restarting $instance"
  sh -c "$(printf '%s' "$RESTART" | sed "s/{}/$instance/g")"
  check=$(printf '%s' "$READY" | sed "s/{}/$instance/g")
  until sh -c "$check" >/dev/null 2>&1; do
    if [ $(($(date +%s) - started)) -ge "$timeout" ]; then
      echo "$instance is not ready after ${timeout} s: stopping here (see its log; the other instances are untouched)" >&2
      exit 1
    fi
    sleep 1
  done
  echo "$instance is ready after $(($(date +%s) - started)) s"
done
echo "all instances restarted"
