#!/usr/bin/env bash
# Runs the reference API's test suite (api/) on PostgreSQL: Debian's PostgreSQL, a throwaway cluster owned by
# the postgres user on 127.0.0.1, each test on a fresh database (ADR 105). Needs root (apt-get, su postgres).
# Not yet part of .ci/run: the whole suite has not passed on PostgreSQL yet.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  echo "--- installing Debian postgresql"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
PG_VERSION="$(ls /usr/lib/postgresql | sort -n | tail -1)"
PG_PORT="${CI_PG_PORT:-55432}"
PG_DIR="$(mktemp -d)"
chown postgres "$PG_DIR"
su postgres -c "/usr/lib/postgresql/$PG_VERSION/bin/initdb -D '$PG_DIR/data' -A trust -U postgres >/dev/null"
su postgres -c "/usr/lib/postgresql/$PG_VERSION/bin/pg_ctl -D '$PG_DIR/data' -o '-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off' -l '$PG_DIR/log' -w start >/dev/null"
trap 'su postgres -c "/usr/lib/postgresql/$PG_VERSION/bin/pg_ctl -D \"$PG_DIR/data\" -m fast stop" >/dev/null 2>&1 || true' EXIT
echo "--- API tests on PostgreSQL $PG_VERSION"
start=$(date +%s)
# Arguments, when given, choose the test files (default: the whole API suite under api/).
TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres" npx vitest run "${@:---dir=api}"
echo "--- API tests on PostgreSQL took $(( $(date +%s) - start )) s"
