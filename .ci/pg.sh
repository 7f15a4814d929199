# Sourced by .ci/run (and usable by hand: `source .ci/pg.sh && pg_start`):
# starts a throwaway PostgreSQL server for the tests that need a real one.
# initdb in a temporary directory, listening only on a Unix socket in that
# directory (no TCP port), run as the postgres user because PostgreSQL
# refuses to run as root. pg_start exports NAMEPIPE_TEST_PGURL and arranges
# for pg_stop to run when the calling shell exits, also on failure.

pg_bindir() {
  local d
  for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/initdb" ] && { echo "$d"; return 0; }
  done
  return 1
}

pg_start() {
  local bin
  if ! bin=$(pg_bindir); then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    bin=$(pg_bindir)
  fi
  PG_DIR=$(mktemp -d /tmp/namepipe-pg.XXXXXX)
  chown postgres "$PG_DIR"
  local run=()
  if [ "$(id -u)" = 0 ]; then run=(runuser -u postgres --); fi
  "${run[@]}" "$bin/initdb" -D "$PG_DIR/data" -U postgres -A trust --no-sync -E UTF8 >"$PG_DIR/initdb.log" 2>&1 ||
    { cat "$PG_DIR/initdb.log"; return 1; }
  "${run[@]}" "$bin/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w \
    -o "-c listen_addresses='' -c unix_socket_directories='$PG_DIR' -c fsync=off" start >/dev/null ||
    { cat "$PG_DIR/server.log"; return 1; }
  PG_BIN=$bin
  trap pg_stop EXIT
  "${run[@]}" "$bin/createdb" -h "$PG_DIR" -U postgres namepipe
  export NAMEPIPE_TEST_PGURL="postgres://postgres@/namepipe?host=$PG_DIR"
  echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on $PG_DIR (Unix socket only)"
}

pg_stop() {
  [ -n "${PG_DIR:-}" ] || return 0
  local run=()
  if [ "$(id -u)" = 0 ]; then run=(runuser -u postgres --); fi
  "${run[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PG_DIR"
  PG_DIR=
}
