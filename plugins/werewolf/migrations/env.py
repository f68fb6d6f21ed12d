"""Alembic's environment: always given a connection by `migrations.upgrade` (never run from a URL)."""

from alembic import context

from nonebot_plugin_bansha_director.migrations import VERSION_TABLE
from nonebot_plugin_bansha_director.storage import METADATA

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=METADATA,
    version_table=VERSION_TABLE,
    render_as_batch=True,  # SQLite changes columns by copying the table
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
