# Start a throwaway PostgreSQL 15 cluster for the tests; source this file, then `start_postgres`.
# It exports WEREWOLF_TEST_DATABASE_URL and stops the cluster (and deletes it) when the shell exits.
# initdb and postgres refuse to run as root: as root they run as the `postgres` account the Debian
# package creates (or a `werewolf-ci` account made for the purpose).

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"

as_cluster_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u "$PG_OWNER" -- "$@"; else "$@"; fi
}

stop_postgres() {
    if [ -n "${PG_DIR:-}" ] && [ -d "$PG_DIR" ]; then
        as_cluster_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
        rm -rf "$PG_DIR"
    fi
}

start_postgres() {
    PG_OWNER="$(id -un)"
    if [ "$(id -u)" = 0 ]; then
        PG_OWNER=postgres
        id -u "$PG_OWNER" >/dev/null 2>&1 || { PG_OWNER=werewolf-ci; id -u "$PG_OWNER" >/dev/null 2>&1 || useradd --system --no-create-home "$PG_OWNER"; }
    fi
    PG_DIR="$(mktemp -d /tmp/werewolf-pg.XXXXXX)"
    chmod 755 "$PG_DIR"
    [ "$(id -u)" = 0 ] && chown "$PG_OWNER" "$PG_DIR"
    trap stop_postgres EXIT
    local port
    port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    as_cluster_owner "$PG_BIN/initdb" -D "$PG_DIR/data" -A trust -U werewolf -E UTF8 --locale=C.UTF-8 >"$PG_DIR/initdb.log"
    # A throwaway cluster: durability is not wanted, speed is.
    as_cluster_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -o \
        "-p $port -k $PG_DIR -c listen_addresses='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
        start >/dev/null
    as_cluster_owner "$PG_BIN/createdb" -h "$PG_DIR" -p "$port" -U werewolf werewolf_test
    export WEREWOLF_TEST_DATABASE_URL="postgresql+psycopg://werewolf@/werewolf_test?host=$PG_DIR&port=$port"
    echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on $PG_DIR, port $port"
}
