#!/usr/bin/env bash
# Runs the reference API's test suite (api/) on PostgreSQL: Debian's PostgreSQL, a throwaway cluster owned by
# the postgres user on 127.0.0.1, each test on a fresh database (ADR 105). Needs root (apt-get, su postgres).
# .ci/run runs it after npm test.
set -euo pipefail
cd "$(dirname "$0")/.."
# The server itself (initdb), not only the client tools a machine may already have.
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  echo "--- installing Debian postgresql"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
PG_VERSION="$(ls -d /usr/lib/postgresql/*/bin/initdb | sed -E 's#.*/postgresql/([^/]+)/bin/initdb#\1#' | sort -n | tail -1)"
PG_PORT="${CI_PG_PORT:-55432}"
PG_DIR="$(mktemp -d)"
chown postgres "$PG_DIR"
su postgres -c "/usr/lib/postgresql/$PG_VERSION/bin/initdb -D '$PG_DIR/data' -A trust -U postgres >/dev/null"
su postgres -c "/usr/lib/postgresql/$PG_VERSION/bin/pg_ctl -D '$PG_DIR/data' -o '-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off' -l '$PG_DIR/log' -w start >/dev/null"
trap 'su postgres -c "/usr/lib/postgresql/$PG_VERSION/bin/pg_ctl -D \"$PG_DIR/data\" -m fast stop" >/dev/null 2>&1 || true' EXIT
echo "--- API tests on PostgreSQL $PG_VERSION"
start=$(date +%s)
# Arguments, when given, choose the test files (default: every API test file that opens a database: through
# api/lib/testing.ts, openDatabase or TEST_DATABASE_URL; the others test pure functions, the same on either database).
if [ "$#" -eq 0 ]; then set -- $(git ls-files 'api/*.test.ts' | xargs grep -l -E 'lib/testing|openDatabase|TEST_DATABASE_URL'); fi
TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres" npx vitest run "$@"
echo "--- API tests on PostgreSQL took $(( $(date +%s) - start )) s"
