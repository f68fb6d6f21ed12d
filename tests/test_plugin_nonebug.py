"""The NoneBot glue under nonebug: the plugin's commands reach the service and are blocked, other
messages are left to other plugins (real ones loaded beside it: NoneBot's echo and a
help plugin written as the ecosystem's are), a sender's messages take effect in the order they arrived, messages leave
through the bot."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import nonebot
import pytest
from nonebot import on_message
from nonebot.adapters.onebot.v11 import Bot, GroupMessageEvent, Message, MessageSegment, PrivateMessageEvent
from nonebot.adapters.onebot.v11.event import Sender
from nonebug import App

import nonebot_plugin_bansha_director as plugin
from tests.plugins import help_menu

PLAYER = 10001
STRANGER = 10002
OPENER = 20000  # allowed to open games (SUPERUSERS / WEREWOLF_DIRECTORS)
GROUP = 30000  # bound to one of "our" games


class RecordingService:
    """Stands in for WerewolfService: remembers what the matcher handed over."""

    command_starts = ("/",)

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []
        self.players: set[int] = {PLAYER}  # in one of "our" games
        self.groups: set[int] = {GROUP}
        self.directors_allowed = {OPENER}
        self.accounts = {40000}

    async def handle_message(self, *args: Any) -> None:
        self.calls.append(args)

    def is_ours(self, qq: int, group_id: int | None) -> bool:
        return group_id in self.groups if group_id is not None else qq in self.players

    def serves(self, account: int) -> bool:
        return account in self.accounts

    def texts(self) -> list[str]:
        return [call[-1] for call in self.calls]


@pytest.fixture(scope="module", autouse=True)
def other_real_plugins() -> None:
    """NoneBot's own echo (`/echo`, priority 1, does not block) and a help plugin (`/help` and
    `/帮助`, priority 1, does not block), as a project would load them beside this plugin."""
    nonebot.load_builtin_plugin("echo")
    nonebot.load_plugin("tests.plugins.help_menu")


def message_fields(user_id: int, message_id: int, text: str) -> dict[str, Any]:
    """What every OneBot v11 message event carries."""
    return {
        "time": 0,
        "self_id": 40000,
        "post_type": "message",
        "user_id": user_id,
        "message_id": message_id,
        "message": Message(text),
        "original_message": Message(text),
        "raw_message": text,
        "font": 0,
        "sender": Sender(user_id=user_id, nickname="p"),
    }


def private_event(user_id: int, message_id: int, text: str) -> PrivateMessageEvent:
    fields = message_fields(user_id, message_id, text)
    return PrivateMessageEvent(**fields, message_type="private", sub_type="friend", to_me=True)


def group_event(user_id: int, group_id: int, message_id: int, text: str) -> GroupMessageEvent:
    fields = message_fields(user_id, message_id, text)
    return GroupMessageEvent(
        **fields, message_type="group", sub_type="normal", group_id=group_id, to_me=False
    )


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> RecordingService:
    fake = RecordingService()
    monkeypatch.setattr(plugin, "service", fake)
    return fake


@pytest.fixture
def other_plugin() -> Iterator[list[str]]:
    """A catch-all matcher of another plugin, after ours: what it saw."""
    seen: list[str] = []

    async def note(event: PrivateMessageEvent | GroupMessageEvent) -> None:
        seen.append(event.get_plaintext())

    matcher = on_message(priority=50, block=False, handlers=[note])
    yield seen
    matcher.destroy()


async def deliver(app: App, *events: PrivateMessageEvent | GroupMessageEvent) -> None:
    async with app.test_matcher() as ctx:
        bot = ctx.create_bot(base=Bot, self_id="40000", auto_connect=False)
        for event in events:
            ctx.receive_event(bot, event)


async def test_a_private_message_reaches_the_service(app: App, recorder: RecordingService) -> None:
    await deliver(app, private_event(PLAYER, 77, "/预言 7号"))
    assert recorder.calls == [(40000, 77, PLAYER, None, "/预言 7号")]


async def test_a_group_message_carries_its_group(app: App, recorder: RecordingService) -> None:
    await deliver(app, group_event(10017, GROUP, 78, "/刀 11号"))
    assert recorder.calls == [(40000, 78, 10017, GROUP, "/刀 11号")]


@pytest.mark.parametrize(
    "text",
    [
        "/预言7号",
        "/刀空",
        "预言 7号",
        "身份",
        "开局 须弥",
        "/开门",
        "/超度 3号 5号",
        "/未送达",
        "复盘 2",
        "／投票 3号 5号",
        "开始",
        "结束 确认",
        "/板子 竞技12",
        "/新板子\n板子: 预女猎守9人\n身份:\n  狼人: 3",
        "检查板子\n板子: 试试",
        "/身份库 女巫",
    ],
)
async def test_every_kind_of_command_from_a_player_is_taken_and_blocked(
    app: App, recorder: RecordingService, other_plugin: list[str], text: str
) -> None:
    await deliver(app, private_event(PLAYER, 80, text))
    assert recorder.texts() == [text] and other_plugin == []


@pytest.mark.parametrize("text", ["开局 须弥", "/新板子\n板子: 预女猎守9人", "板子"])
async def test_whoever_may_open_games_is_concerned_before_any_game(
    app: App, recorder: RecordingService, other_plugin: list[str], text: str
) -> None:
    await deliver(app, private_event(OPENER, 80, text))
    assert recorder.texts() == [text] and other_plugin == []


@pytest.mark.parametrize("text", ["你好", "杀了我吧", "连招", "身份证 查询"])
async def test_other_private_messages_are_left_to_other_plugins(
    app: App, recorder: RecordingService, other_plugin: list[str], text: str
) -> None:
    await deliver(app, private_event(PLAYER, 81, text))
    await deliver(app, private_event(STRANGER, 82, text))
    await deliver(app, private_event(STRANGER, 83, "/" + text))
    assert recorder.calls == [] and other_plugin == [text, text, "/" + text]


@pytest.mark.parametrize("text", ["/签到", "/天气 北京", "/连招", "/身份证 查询"])
async def test_a_players_command_we_do_not_know_is_never_blocked(
    app: App, recorder: RecordingService, other_plugin: list[str], text: str
) -> None:
    """Not one of our words (`/连` is, but not `/连招`): answered as unknown, since no plugin
    before ours took it, and other plugins see it too."""
    await deliver(app, private_event(PLAYER, 81, text))
    assert recorder.texts() == [text] and other_plugin == [text]


@pytest.mark.parametrize("text", ["开始", "投票 3号 5号", "结束", "身份", "帮助", "刀 5号"])
async def test_bare_words_of_a_stranger_are_left_to_other_plugins(
    app: App, recorder: RecordingService, other_plugin: list[str], text: str
) -> None:
    await deliver(app, private_event(STRANGER, 83, text))
    assert recorder.calls == [] and other_plugin == [text]


@pytest.mark.parametrize("text", ["/开始", "/开局 须弥", "/预言 7号", "/刀空", "/结束", "/未送达"])
async def test_a_strangers_prefixed_command_is_taken_to_tell_them_why_not(
    app: App, recorder: RecordingService, other_plugin: list[str], text: str
) -> None:
    await deliver(app, private_event(STRANGER, 84, text))
    assert recorder.texts() == [text] and other_plugin == []


async def test_in_a_group_only_prefixed_commands_in_our_groups_are_ours(
    app: App, recorder: RecordingService, other_plugin: list[str]
) -> None:
    await deliver(
        app,
        group_event(10017, GROUP, 82, "刀 11号"),
        group_event(10017, GROUP, 83, "/刀11号"),
        group_event(10017, 30001, 84, "/刀 11号"),  # a group of no game of ours
    )
    assert recorder.texts() == ["/刀11号"] and other_plugin == ["刀 11号", "/刀 11号"]


async def test_an_account_this_process_does_not_serve_is_left_alone(
    app: App, recorder: RecordingService, other_plugin: list[str]
) -> None:
    recorder.accounts = {40001}
    await deliver(app, private_event(PLAYER, 85, "/预言 7号"))
    assert recorder.calls == [] and other_plugin == ["/预言 7号"]


async def test_another_plugins_command_from_a_player_is_answered_by_it_alone(
    app: App, recorder: RecordingService, other_plugin: list[str]
) -> None:
    """NoneBot's echo does not block: the plugin must not take the command after it (issue 14.3)."""
    event = private_event(PLAYER, 86, "/echo 我是玩家")
    async with app.test_matcher() as ctx:
        bot = ctx.create_bot(base=Bot, self_id="40000", auto_connect=False)
        ctx.receive_event(bot, event)
        ctx.should_call_send(event, Message("我是玩家"), {"message_id": 1})
    assert recorder.calls == [] and other_plugin == ["/echo 我是玩家"]


def menu_listing_us(message: Any) -> bool:
    text = str(message)
    return text.startswith(help_menu.MENU_TITLE) and f"版杀导演助手 {plugin.VERSION}" in text


class message_matching:  # noqa: N801  # used like a value
    """Equal to any message the predicate accepts (nonebug compares messages with ==)."""

    def __init__(self, predicate: Any) -> None:
        self.predicate = predicate

    def __eq__(self, other: object) -> bool:
        return bool(self.predicate(other))


def expect_the_help_menu(ctx: Any, event: PrivateMessageEvent) -> None:
    ctx.should_call_send(event, message_matching(menu_listing_us), {"message_id": 2})


async def test_a_strangers_help_is_answered_and_still_reaches_the_help_plugin_and_others(
    app: App, recorder: RecordingService, other_plugin: list[str]
) -> None:
    event = private_event(STRANGER, 87, "/帮助")
    async with app.test_matcher() as ctx:
        bot = ctx.create_bot(base=Bot, self_id="40000", auto_connect=False)
        ctx.receive_event(bot, event)
        expect_the_help_menu(ctx, event)
    assert recorder.texts() == ["/帮助"] and other_plugin == ["/帮助"]


async def test_a_players_help_is_answered_and_still_reaches_the_help_plugin_and_others(
    app: App, recorder: RecordingService, other_plugin: list[str]
) -> None:
    event = private_event(PLAYER, 88, "/帮助")
    async with app.test_matcher() as ctx:
        bot = ctx.create_bot(base=Bot, self_id="40000", auto_connect=False)
        ctx.receive_event(bot, event)
        expect_the_help_menu(ctx, event)
    assert recorder.texts() == ["/帮助"] and other_plugin == ["/帮助"]


async def test_a_help_plugin_shows_our_usage_from_the_metadata(
    app: App, recorder: RecordingService, other_plugin: list[str]
) -> None:
    event = private_event(STRANGER, 89, "/帮助 版杀导演助手")
    usage = plugin.__plugin_meta__.usage
    async with app.test_matcher() as ctx:
        bot = ctx.create_bot(base=Bot, self_id="40000", auto_connect=False)
        ctx.receive_event(bot, event)
        ctx.should_call_send(
            event, message_matching(lambda m: "/开局" in str(m) and usage in str(m)), {"message_id": 3}
        )
    assert recorder.texts() == ["/帮助 版杀导演助手"]  # answered with the general help too


async def test_an_unknown_command_of_a_player_reaches_their_game_and_other_plugins_too(
    app: App, recorder: RecordingService, other_plugin: list[str]
) -> None:
    """No plugin before ours took it: the game says there is no such command (a mistyped skill),
    without blocking it; a stranger's is not ours at all."""
    await deliver(
        app,
        private_event(PLAYER, 89, "/飞天"),
        group_event(10017, GROUP, 90, "/飞天"),
        private_event(STRANGER, 91, "/飞天"),
        group_event(10017, 30001, 92, "/飞天"),
    )
    assert recorder.texts() == ["/飞天", "/飞天"]
    assert other_plugin == ["/飞天"] * 4


# ---------------------------------------------------------------- a sender's order (issue 14.9)


def quoting(event: PrivateMessageEvent, quoted_id: int) -> PrivateMessageEvent:
    """The event as QQ sends a reply: a reply segment (and an @ of the quoted sender) first."""
    quote = MessageSegment.reply(quoted_id) + MessageSegment.at(40000) + MessageSegment.text(" ")
    event.message = quote + event.message
    event.original_message = event.message.copy()
    return event


class OrderedRecorder(RecordingService):
    async def handle_message(self, *args: Any) -> None:
        await asyncio.sleep(0.01)  # the database write
        self.calls.append(args)


async def test_a_quoted_command_takes_effect_before_the_senders_next_one(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The adapter fetches the quoted message (get_msg, 0.3 s here) before it dispatches the
    quoting one; the next message, unquoted, must still come second."""
    recorder = OrderedRecorder()
    monkeypatch.setattr(plugin, "service", recorder)
    async with app.test_api() as ctx:
        bot = ctx.create_bot(base=Bot, self_id="40000", auto_connect=False)

        async def slow_get_msg(message_id: int) -> dict[str, Any]:
            await asyncio.sleep(0.3)
            sender = {"user_id": 40000, "nickname": "bot"}
            return {
                "time": 0,
                "message_type": "private",
                "message_id": message_id,
                "real_id": message_id,
                "sender": sender,
                "message": "请选狼头",
            }

        monkeypatch.setattr(bot, "get_msg", slow_get_msg, raising=False)
        first = quoting(private_event(PLAYER, 91, "/选狼头 9号"), quoted_id=5)
        second = private_event(PLAYER, 92, "/选狼头 10号")
        other = private_event(10009, 93, "/选狼头 11号")  # another sender does not wait
        tasks = [asyncio.create_task(bot.handle_event(event)) for event in (first, second, other)]
        await asyncio.gather(*tasks)
    assert recorder.texts() == ["/选狼头 11号", "/选狼头 9号", "/选狼头 10号"]
    assert plugin.arrivals.on_their_way() == 0


async def test_messages_leave_through_the_connected_bot(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    async with app.test_api() as ctx:
        bot = ctx.create_bot(base=Bot, self_id="40000", auto_connect=False)
        monkeypatch.setattr(plugin, "get_bots", lambda: {"40000": bot})  # what a live connection registers
        ctx.should_call_api(
            "send_private_msg",
            {"user_id": 10001, "message": Message(MessageSegment.text("你好"))},
            {"message_id": 1},
        )
        ctx.should_call_api(
            "send_group_msg",
            {"group_id": 30000, "message": Message(MessageSegment.text("刀票"))},
            {"message_id": 2},
        )
        await plugin.send_via_bot(40000, "private", 10001, "你好")
        await plugin.send_via_bot(None, "group", 30000, "刀票")  # a row of a game older than accounts


async def test_sending_without_a_connected_bot_raises_so_the_outbox_keeps_the_row(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(plugin, "get_bots", dict)
    with pytest.raises(ConnectionError):
        await plugin.send_via_bot(40000, "private", 10001, "你好")


async def test_sending_through_an_account_that_is_not_connected_raises(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with app.test_api() as ctx:
        bot = ctx.create_bot(base=Bot, self_id="40000", auto_connect=False)
        monkeypatch.setattr(plugin, "get_bots", lambda: {"40000": bot})
        with pytest.raises(ConnectionError):
            await plugin.send_via_bot(40001, "private", 10001, "你好")


class Openers:
    """What the start-up report reads of the service."""

    def __init__(self, directors: set[int]) -> None:
        self.directors_allowed = directors
        self.accounts: frozenset[int] = frozenset()


def test_the_start_up_report_warns_when_nobody_may_open_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plugin, "service", Openers(set()))
    report = plugin.startup_report()
    assert [level for level, line in report if "没有人可以开局" in line] == ["WARNING"]
    assert any(
        level == "INFO" and "ws://127.0.0.1:8080/onebot/v11/ws，访问令牌未设置" in line
        for level, line in report
    )

    monkeypatch.setattr(plugin, "service", Openers({20000}))
    assert not any("没有人可以开局" in line for _, line in plugin.startup_report())


def test_the_start_up_report_warns_of_an_open_port_without_a_token(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plugin, "service", Openers({20000}))
    monkeypatch.setattr(plugin.driver.config, "host", "0.0.0.0")
    warnings = [line for level, line in plugin.startup_report() if level == "WARNING"]
    assert len(warnings) == 1 and "ONEBOT_ACCESS_TOKEN" in warnings[0]
