"""Boards directors save as files (issue 12): every version of every saved board, and in each game
the text and version of the saved board it opened with (NULL for built-in boards and for every
game stored before).

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "boards",
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("text", sa.String(), nullable=False),
        sa.Column("seats", sa.Integer(), nullable=False),
        sa.Column("owner", sa.BigInteger(), nullable=False),
        sa.Column("saved_by", sa.BigInteger(), nullable=False),
        sa.Column("saved_at", sa.Float(), nullable=False),
        sa.Column("removed_at", sa.Float(), nullable=True),
        sa.PrimaryKeyConstraint("name", "version"),
    )
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("board_text", sa.String(), nullable=True))
        games.add_column(sa.Column("board_version", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.drop_column("board_version")
        games.drop_column("board_text")
    op.drop_table("boards")
