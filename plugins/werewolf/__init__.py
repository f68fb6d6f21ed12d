"""NoneBot glue: wires OneBot v11 messages, the connected bot and APScheduler to `WerewolfService`."""

from __future__ import annotations

import gc
import time
from collections.abc import Awaitable, Callable
from contextlib import suppress
from datetime import UTC, datetime

from apscheduler.jobstores.base import JobLookupError
from nonebot import get_bots, get_driver, get_plugin_config, on_message, require
from nonebot.adapters.onebot.v11 import Bot, GroupMessageEvent, Message, MessageSegment, PrivateMessageEvent
from nonebot.plugin import PluginMetadata
from sqlalchemy.exc import ArgumentError

require("nonebot_plugin_apscheduler")

from nonebot_plugin_apscheduler import scheduler  # noqa: E402

from .config import Config, explain  # noqa: E402
from .outbox import Pacer  # noqa: E402
from .service import WerewolfService  # noqa: E402
from .storage import Repository  # noqa: E402

__plugin_meta__ = PluginMetadata(
    name="版杀导演助手",
    description="替导演主持论坛狼人杀（版杀）的夜晚：发身份、收技能、按时结算",
    usage="私聊机器人发送 /帮助",
    type="application",
    config=Config,
    supported_adapters={"~onebot.v11"},
)


class ApschedulerTimers:
    """The service's `Scheduler` on top of nonebot_plugin_apscheduler."""

    def arm(self, job_id: str, due: float, callback: Callable[[], Awaitable[None]]) -> None:
        scheduler.add_job(
            _run_callback,
            "date",
            run_date=datetime.fromtimestamp(due, UTC),
            args=[callback],
            id=job_id,
            replace_existing=True,
            misfire_grace_time=None,
        )

    def cancel(self, job_id: str) -> None:
        with suppress(JobLookupError):
            scheduler.remove_job(job_id)


async def _run_callback(callback: Callable[[], Awaitable[None]]) -> None:
    await callback()


async def send_via_bot(kind: str, target: int, text: str) -> None:
    """Send through the connected OneBot v11 account; raises when there is none or the call fails."""
    bot = next((bot for bot in get_bots().values() if isinstance(bot, Bot)), None)
    if bot is None:
        raise ConnectionError("no OneBot v11 account is connected")
    message = Message(MessageSegment.text(text))
    if kind == "group":
        await bot.send_group_msg(group_id=target, message=message)
    else:
        await bot.send_private_msg(user_id=target, message=message)


def _configured() -> tuple[Config, Repository]:
    """The settings and the database they name; a mistake in them stops the bot with one line
    saying what is wrong (a bot that starts but never answers is worse)."""
    try:
        config = get_plugin_config(Config)
    except ValueError as exc:  # pydantic's ValidationError, NoneBot's SettingsError
        raise SystemExit(f"配置错误：{explain(exc)}") from None
    try:
        return config, Repository(config.database_url)
    except (ArgumentError, ImportError) as exc:  # malformed URL, unknown dialect, driver not installed
        url = config.werewolf_database_url or config.database_url
        raise SystemExit(f"配置错误：WEREWOLF_DATABASE_URL={url} 无法使用：{exc}") from None


driver = get_driver()
plugin_config, repository = _configured()
superusers = {int(qq) for qq in driver.config.superusers if qq.isdigit()}
service = WerewolfService(
    repository,
    time.time,
    send_via_bot,
    ApschedulerTimers(),
    plugin_config.directors,
    plugin_config.werewolf_timezone,
    superusers=superusers,
    command_starts=driver.config.command_start,
    pacer=Pacer(time.time, plugin_config.werewolf_send_rate, plugin_config.werewolf_send_burst),
)


@driver.on_startup
async def _start_service() -> None:
    await service.start()
    # Everything loaded so far (NoneBot, pydantic models, replayed games) lives until shutdown:
    # keep it out of the collector's full passes, which otherwise stall every game for ~50 ms.
    gc.freeze()


@driver.on_shutdown
async def _stop_service() -> None:
    await service.stop()


@driver.on_bot_connect
async def _bot_connected() -> None:
    service.set_online(True)


@driver.on_bot_disconnect
async def _bot_disconnected() -> None:
    service.set_online(any(isinstance(bot, Bot) for bot in get_bots().values()))


chat = on_message(priority=10, block=False)


@chat.handle()
async def _on_chat(event: PrivateMessageEvent | GroupMessageEvent) -> None:
    if event.user_id == event.self_id:
        return
    group_id = event.group_id if isinstance(event, GroupMessageEvent) else None
    await service.handle_message(
        event.self_id, event.message_id, event.user_id, group_id, event.get_plaintext()
    )
