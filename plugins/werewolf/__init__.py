"""NoneBot glue: wires OneBot v11 messages, the connected bots and the event loop's timers to `WerewolfService`.

The plugin takes only what is certainly its own (`commands.py`: our command words, from someone
our games concern) and blocks it, so the same QQ account can carry other plugins; everything else
is left to them.  One matcher does it all: NoneBot checks every matcher of every event in a task
of its own, so each further matcher would cost every message of every plugin.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import time
import weakref
from contextvars import ContextVar
from importlib.metadata import PackageNotFoundError, metadata
from pathlib import Path

from nonebot import get_bots, get_driver, get_plugin_config, logger, on_message, require
from nonebot.adapters.onebot.v11 import (
    Bot,
    Event,
    GroupMessageEvent,
    Message,
    MessageEvent,
    MessageSegment,
    PrivateMessageEvent,
)
from nonebot.adapters.onebot.v11.config import Config as OneBotConfig
from nonebot.matcher import Matcher
from nonebot.message import run_preprocessor
from nonebot.plugin import PluginMetadata
from nonebot.rule import Rule
from nonebot.typing import T_State

from bansha_engine import VERSION

require("nonebot_plugin_localstore")

import nonebot_plugin_localstore as localstore  # noqa: E402

from .collector import freeze_survivors, sweep_frozen_forever  # noqa: E402
from .commands import Claim, claim  # noqa: E402
from .config import Config, explain  # noqa: E402
from .datafolder import OLD_PLUGIN, adopt_old_database, old_key_folder  # noqa: E402
from .inbound import ArrivalOrder, Ticket  # noqa: E402
from .outbox import Pacer  # noqa: E402
from .service import WerewolfService, normalize_command  # noqa: E402
from .storage import DatabaseUnavailable, Repository, checked_repository, shown_url  # noqa: E402
from .timers import LoopTimers  # noqa: E402

DISTRIBUTION = "nonebot-plugin-bansha-director"


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
    extra={"version": VERSION},  # nonebot-plugin-help's `/help list` shows it
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
    return f"sqlite+aiosqlite:///{data_folder() / DATABASE_FILE}"


def data_folder() -> Path:
    """The plugin's data folder; a database left by 0.2.x under the plugin's old name is moved in
    (or, when LOCALSTORE_PLUGIN_DATA_DIR still names the old module only, its folder is used)."""
    chosen = old_key_folder(localstore.plugin_config.localstore_plugin_data_dir, __name__)
    if chosen is not None:
        logger.warning(
            f"版杀导演助手：LOCALSTORE_PLUGIN_DATA_DIR 里的 {OLD_PLUGIN} 是插件的旧名字，仍使用它的目录 {chosen}；"
            f"请把这个键改成 {__name__}"
        )
        chosen.mkdir(parents=True, exist_ok=True)
        return chosen
    try:
        folder = localstore.get_plugin_data_dir()
    except RuntimeError:  # "Cannot detect caller plugin"
        folder = localstore.get_data_dir(__name__)
    old_folder = localstore.BASE_DATA_DIR / OLD_PLUGIN
    if adopt_old_database(old_folder, folder, DATABASE_FILE):
        logger.info(f"版杀导演助手：插件已改名，已把旧数据库 {old_folder / DATABASE_FILE} 移到 {folder}")
    return folder


DATABASE_FILE = "werewolf.db"
driver = get_driver()
plugin_config, repository = _configured()
superusers = {int(qq) for qq in driver.config.superusers if qq.isdigit()}
service = WerewolfService(
    repository,
    time.time,
    send_via_bot,
    LoopTimers(),
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
    # Everything loaded so far (NoneBot, pydantic models, games) lives until shutdown: keep it
    # out of the collector's full passes, which otherwise stall every game for ~50 ms.  Again
    # once the games nothing needed at start-up are rebuilt too, and from then on whatever
    # survives a full pass (collector.py).
    gc.freeze()
    freeze_survivors()
    _background.add(asyncio.create_task(_freeze_when_rebuilt()))
    _background.add(asyncio.create_task(sweep_frozen_forever()))


_background: set[asyncio.Task[None]] = set()


async def _freeze_when_rebuilt() -> None:
    await service.rebuilt()
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


def _claim(event: PrivateMessageEvent | GroupMessageEvent) -> Claim:
    """Whether the message is ours (see `commands.py`): our command word, from someone we concern."""
    if event.user_id == event.self_id or not service.serves(event.self_id):
        return Claim.LEAVE
    group_id = event.group_id if isinstance(event, GroupMessageEvent) else None
    text = normalize_command(event.get_plaintext(), service.command_starts)
    in_game = service.is_ours(event.user_id, group_id)
    concerned = in_game or (group_id is None and event.user_id in service.directors_allowed)
    answer_unknown = in_game and _taken_elsewhere.get(id(event)) is not event
    return claim(text, group=group_id is not None, concerned=concerned, answer_unknown=answer_unknown)


# Message events another plugin's matcher has run for (their rule matched): a command we do not
# know is theirs then, not a mistyped one of ours.  Weak: an event is forgotten with it.
_taken_elsewhere: weakref.WeakValueDictionary[int, Event] = weakref.WeakValueDictionary()


@run_preprocessor
async def _note_other_plugins(matcher: Matcher, event: Event) -> None:
    if not isinstance(matcher, werewolf) and isinstance(event, MessageEvent):
        _taken_elsewhere[id(event)] = event


CLAIM = "werewolf_claim"


async def _ours(event: PrivateMessageEvent | GroupMessageEvent, state: T_State) -> bool:
    state[CLAIM] = _claim(event)
    if state[CLAIM] is Claim.LEAVE:
        _done_with()
        return False
    return True


async def _to_service(
    matcher: Matcher, event: PrivateMessageEvent | GroupMessageEvent, state: T_State
) -> None:
    if state[CLAIM] is Claim.TAKE:
        matcher.stop_propagation()
    ticket = _tickets.get()
    try:
        if ticket is not None and not await arrivals.turn(ticket):
            logger.warning(f"版杀导演助手：QQ{event.user_id}之前的消息迟迟没有处理完，这条先处理")
        group_id = event.group_id if isinstance(event, GroupMessageEvent) else None
        await service.handle_message(
            event.self_id, event.message_id, event.user_id, group_id, event.get_plaintext()
        )
    finally:
        _done_with()


# ------------------------------------------------------------ a sender's messages in their order

# The adapter gives up fetching a quoted message after `api_timeout`: a message waits that long,
# and a little more, for the sender's earlier ones.
arrivals = ArrivalOrder((driver.config.api_timeout or 30.0) + 5.0)
_tickets: ContextVar[Ticket | None] = ContextVar("werewolf_ticket", default=None)


def _done_with() -> None:
    ticket = _tickets.get()
    if ticket is not None:
        arrivals.done(ticket)


def take_tickets_on_arrival(bot_class: type[Bot] = Bot) -> None:
    """Make every message event of the OneBot v11 adapter take its place in its sender's queue
    (`ArrivalOrder`) as soon as it arrives.

    The adapter starts one task per event, in the order they arrive, and its `Bot.handle_event`
    first fetches the message a message quotes (`get_msg`), then dispatches it: a quoting message
    would be overtaken by its sender's next one.  The ticket is taken before that fetch, in the
    task's first step; the message is done at the end of its dispatch at the latest.
    """
    original = bot_class.handle_event
    if getattr(original, "takes_tickets", False):
        return

    @functools.wraps(original)
    async def handle_event(self: Bot, event: Event) -> None:
        if not isinstance(event, MessageEvent):
            await original(self, event)
            return
        ticket = arrivals.arrive((self.self_id, event.user_id))
        _tickets.set(ticket)
        try:
            await original(self, event)
        finally:
            arrivals.done(ticket)

    handle_event.takes_tickets = True  # type: ignore[attr-defined]
    bot_class.handle_event = handle_event  # type: ignore[method-assign]


take_tickets_on_arrival()
werewolf = on_message(rule=Rule(_ours), priority=10, block=False, handlers=[_to_service])
