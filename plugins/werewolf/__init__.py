"""NoneBot glue: wires OneBot v11 messages, the connected bots and APScheduler to `WerewolfService`.

The plugin takes only its own commands (see `commands.py`) and blocks them, so the same QQ account
can carry other plugins; everything else is left to them.
"""

from __future__ import annotations

import gc
import time
from importlib.metadata import PackageNotFoundError, metadata

from nonebot import get_bots, get_driver, get_plugin_config, logger, on_message, require
from nonebot.adapters.onebot.v11 import Bot, GroupMessageEvent, Message, MessageSegment, PrivateMessageEvent
from nonebot.adapters.onebot.v11.config import Config as OneBotConfig
from nonebot.plugin import PluginMetadata
from nonebot.rule import Rule

require("nonebot_plugin_apscheduler")
require("nonebot_plugin_localstore")

import nonebot_plugin_localstore as localstore  # noqa: E402
from nonebot_plugin_apscheduler import scheduler  # noqa: E402

from .commands import is_command  # noqa: E402
from .config import Config, explain  # noqa: E402
from .outbox import Pacer  # noqa: E402
from .service import WerewolfService, normalize_command  # noqa: E402
from .storage import DatabaseUnavailable, Repository, checked_repository, shown_url  # noqa: E402
from .timers import ApschedulerTimers  # noqa: E402

DISTRIBUTION = "nonebot-plugin-werewolf"


def project_url(label: str) -> str | None:
    """One of the `[project.urls]` of this distribution (pyproject.toml)."""
    try:
        urls = metadata(DISTRIBUTION).get_all("Project-URL") or []
    except PackageNotFoundError:
        return None
    return next((url for name, _, url in (u.partition(", ") for u in urls) if name == label), None)


USAGE = """导演私聊机器人：/开局 <板子>（内置的竞技12、百变小樱、须弥，或用 /新板子 保存的板子文件），再用 /座位、/身份 或 /发牌、/开始、/入夜 主持；
玩家私聊技能命令（如 /预言 7号），狼人在绑定的狼群里 /刀 N号；私聊时可省略开头的 /。
任何人私聊 /帮助 查看自己能用的命令。只有 SUPERUSERS 和 WEREWOLF_DIRECTORS 里的QQ号可以开局。"""

__plugin_meta__ = PluginMetadata(
    name="版杀导演助手",
    description="替导演主持论坛狼人杀（版杀）的夜晚：发身份、收技能、按时结算，重启不丢局",
    usage=USAGE,
    type="application",
    homepage=project_url("Homepage"),
    config=Config,
    supported_adapters={"~onebot.v11"},
)


async def send_via_bot(account: int | None, kind: str, target: int, text: str) -> None:
    """Send through the connected OneBot v11 account `account` (None: any connected one); raises
    when it is not connected or the call fails."""
    bots = [bot for bot in get_bots().values() if isinstance(bot, Bot)]
    bot = next((bot for bot in bots if account is None or bot.self_id == str(account)), None)
    if bot is None:
        raise ConnectionError(f"QQ account {account or '(any)'} is not connected")
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
    url = config.werewolf_database_url or default_database_url()
    try:
        return config, checked_repository(url)
    except DatabaseUnavailable as exc:  # malformed, unknown type, driver not installed, unreachable
        raise SystemExit(f"配置错误：WEREWOLF_DATABASE_URL={shown_url(url)} {exc}") from None


def default_database_url() -> str:
    """A SQLite file in the plugin's data directory (nonebot-plugin-localstore decides where:
    LOCALSTORE_* settings move it).  Imported for its modules rather than loaded as a plugin (a
    script, a test), the package has no plugin of its own to ask about: localstore's folder for it."""
    try:
        folder = localstore.get_plugin_data_dir()
    except RuntimeError:  # "Cannot detect caller plugin"
        folder = localstore.get_data_dir(__name__)
    return f"sqlite+aiosqlite:///{folder / DATABASE_FILE}"


DATABASE_FILE = "werewolf.db"
driver = get_driver()
plugin_config, repository = _configured()
superusers = {int(qq) for qq in driver.config.superusers if qq.isdigit()}
service = WerewolfService(
    repository,
    time.time,
    send_via_bot,
    ApschedulerTimers(scheduler),
    plugin_config.directors,
    plugin_config.werewolf_timezone,
    superusers=superusers,
    command_starts=driver.config.command_start,
    pacing=lambda: Pacer(time.time, plugin_config.werewolf_send_rate, plugin_config.werewolf_send_burst),
    accounts=plugin_config.accounts,
)


def startup_report() -> list[tuple[str, str]]:
    """(level, line) for the start-up log: where OneBot clients connect, whether they must show a
    token, the database, and who may open games (a warning when nobody can)."""
    host, port = driver.config.host, driver.config.port  # type: ignore[attr-defined]  # set by FastAPI/websockets drivers
    token = get_plugin_config(OneBotConfig).onebot_access_token
    lines = [
        (
            "INFO",
            f"版杀导演助手：OneBot v11 反向 WebSocket 地址 ws://{host}:{port}/onebot/v11/ws，"
            f"访问令牌{'已设置' if token else '未设置'}",
        ),
        ("INFO", f"版杀导演助手：数据库 {repository.url.render_as_string(hide_password=True)}"),
    ]
    if not token and str(host) not in ("127.0.0.1", "localhost", "::1"):
        lines.append(
            (
                "WARNING",
                f"HOST={host} 允许其他机器连接，但没有设置 ONEBOT_ACCESS_TOKEN："
                "任何能连上这个端口的人都可以冒充任何QQ号。请在 .env 里设置 ONEBOT_ACCESS_TOKEN。",
            )
        )
    if service.accounts:
        served = "、".join(map(str, sorted(service.accounts)))
        lines.append(("INFO", f"版杀导演助手：本进程只服务这些QQ账号（WEREWOLF_ACCOUNTS）：{served}"))
    openers = sorted(service.directors_allowed)
    if openers:
        lines.append(("INFO", f"版杀导演助手：可以开局的QQ号：{'、'.join(map(str, openers))}"))
    else:
        lines.append(
            (
                "WARNING",
                "版杀导演助手：没有人可以开局！请在 .env 里把你的QQ号填进 SUPERUSERS"
                '（例如 SUPERUSERS=["123456789"]）或 WEREWOLF_DIRECTORS，然后重启。',
            )
        )
    return lines


@driver.on_startup
async def _start_service() -> None:
    for level, line in startup_report():
        logger.log(level, line)
    await service.start()
    # Everything loaded so far (NoneBot, pydantic models, replayed games) lives until shutdown:
    # keep it out of the collector's full passes, which otherwise stall every game for ~50 ms.
    gc.freeze()


@driver.on_shutdown
async def _stop_service() -> None:
    await service.stop()


@driver.on_bot_connect
async def _bot_connected(bot: Bot) -> None:
    account = int(bot.self_id)
    if service.serves(account):
        logger.info(f"版杀导演助手：QQ账号{account}已连接")
    else:
        logger.warning(
            f"版杀导演助手：QQ账号{account}已连接，但不在 WEREWOLF_ACCOUNTS 里：它收到的命令不处理"
        )
    service.set_online(account, True)


@driver.on_bot_disconnect
async def _bot_disconnected(bot: Bot) -> None:
    service.set_online(int(bot.self_id), False)


def _text_and_group(event: PrivateMessageEvent | GroupMessageEvent) -> tuple[str, int | None]:
    group_id = event.group_id if isinstance(event, GroupMessageEvent) else None
    return normalize_command(event.get_plaintext(), service.command_starts), group_id


def _our_command(event: PrivateMessageEvent | GroupMessageEvent) -> bool:
    """One of the plugin's command words (prefixed; in private chat also without a prefix)."""
    text, group_id = _text_and_group(event)
    return event.user_id != event.self_id and is_command(text, private=group_id is None)


def _said_in_our_game(event: PrivateMessageEvent | GroupMessageEvent) -> bool:
    """Another command sent by someone in one of our games, or in a group bound to one: the game
    answers why it cannot take it.  Asked only when no other plugin took the message first."""
    text, group_id = _text_and_group(event)
    return (
        event.user_id != event.self_id and text.startswith("/") and service.is_ours(event.user_id, group_id)
    )


async def _to_service(event: PrivateMessageEvent | GroupMessageEvent) -> None:
    group_id = event.group_id if isinstance(event, GroupMessageEvent) else None
    await service.handle_message(
        event.self_id, event.message_id, event.user_id, group_id, event.get_plaintext()
    )


commands = on_message(rule=Rule(_our_command), priority=10, block=True, handlers=[_to_service])
game_chat = on_message(rule=Rule(_said_in_our_game), priority=98, block=True, handlers=[_to_service])
