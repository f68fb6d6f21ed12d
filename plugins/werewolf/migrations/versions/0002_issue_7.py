"""What 0.1.x added before migrations existed (issue 7): how a game ended, the outbox's urgent
lane and rows set aside or dropped, seen messages keyed by chat.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("ended_at", sa.Float(), nullable=True))
        games.add_column(sa.Column("directors", sa.String(), nullable=True))
        games.add_column(sa.Column("outcome", sa.String(), nullable=True))
    with op.batch_alter_table("outbox") as outbox:
        outbox.add_column(sa.Column("urgent", sa.Boolean(), server_default=sa.false(), nullable=False))
        outbox.add_column(sa.Column("held_at", sa.Float(), nullable=True))
        outbox.add_column(sa.Column("dropped_at", sa.Float(), nullable=True))
    op.create_table(
        "seen_chat_messages",
        sa.Column("self_id", sa.BigInteger(), nullable=False),
        sa.Column("chat", sa.String(), nullable=False),
        sa.Column("message_id", sa.String(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("self_id", "chat", "message_id"),
    )
    op.create_index("ix_seen_chat_messages_at", "seen_chat_messages", ["at"])


def downgrade() -> None:
    op.drop_table("seen_chat_messages")
    with op.batch_alter_table("outbox") as outbox:
        for column in ("dropped_at", "held_at", "urgent"):
            outbox.drop_column(column)
    with op.batch_alter_table("games") as games:
        for column in ("outcome", "directors", "ended_at"):
            games.drop_column(column)
