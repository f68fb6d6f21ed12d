"""0.2.0: ids handed out by the database (so several bot processes can share it), the engine
version that opened each game, the QQ account each game and outbox row goes through; 0.1.0's
`seen_messages`, unread since issue 7, goes.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

# An id the database numbers: BIGSERIAL on PostgreSQL (as 0.1.0's tables already were, unused), the
# rowid on SQLite.
ROW_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "game_ids",
        sa.Column("id", ROW_ID, nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sqlite_autoincrement=True,  # an id once handed out is never handed out again
    )
    op.execute("INSERT INTO game_ids (id, at) SELECT id, created_at FROM games")
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("engine_version", sa.String(), nullable=True))
        games.add_column(sa.Column("account", sa.BigInteger(), nullable=True))
    with op.batch_alter_table("outbox") as outbox:
        outbox.add_column(sa.Column("account", sa.BigInteger(), nullable=True))
        outbox.alter_column("id", existing_type=sa.BigInteger(), type_=ROW_ID, existing_nullable=False)
    if op.get_bind().dialect.name == "postgresql":
        for table in ("game_ids", "outbox"):  # continue after the ids already there
            op.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"COALESCE((SELECT max(id) FROM {table}), 0) + 1, false)"
            )
    op.drop_index("ix_seen_messages_at", table_name="seen_messages")
    op.drop_table("seen_messages")


def downgrade() -> None:
    raise NotImplementedError("0.2.0's database cannot be taken back to 0.1.x: restore a backup")
