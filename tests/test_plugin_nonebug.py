"""The NoneBot glue under nonebug: the plugin's commands reach the service and are blocked, other
messages are left to other plugins, messages leave through the bot."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from nonebot import on_message
from nonebot.adapters.onebot.v11 import Bot, GroupMessageEvent, Message, MessageSegment, PrivateMessageEvent
from nonebot.adapters.onebot.v11.event import Sender
from nonebug import App

import nonebot_plugin_werewolf as plugin


class RecordingService:
    """Stands in for WerewolfService: remembers what the matcher handed over."""

    command_starts = ("/",)

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []
        self.players: set[int] = set()  # in one of "our" games
        self.groups: set[int] = set()  # bound to one of "our" games

    async def handle_message(self, *args: Any) -> None:
        self.calls.append(args)

    def is_ours(self, qq: int, group_id: int | None) -> bool:
        return group_id in self.groups if group_id is not None else qq in self.players


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
    await deliver(app, private_event(10001, 77, "/预言 7号"))
    assert recorder.calls == [(40000, 77, 10001, None, "/预言 7号")]


async def test_a_group_message_carries_its_group(app: App, recorder: RecordingService) -> None:
    await deliver(app, group_event(10017, 30000, 78, "/刀 11号"))
    assert recorder.calls == [(40000, 78, 10017, 30000, "/刀 11号")]


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
    ],
)
async def test_every_kind_of_command_is_taken_and_blocked(
    app: App, recorder: RecordingService, other_plugin: list[str], text: str
) -> None:
    await deliver(app, private_event(10001, 80, text))
    assert [call[-1] for call in recorder.calls] == [text] and other_plugin == []


@pytest.mark.parametrize("text", ["你好", "杀了我吧", "/签到", "/天气 北京"])
async def test_other_private_messages_are_left_to_other_plugins(
    app: App, recorder: RecordingService, other_plugin: list[str], text: str
) -> None:
    await deliver(app, private_event(10001, 81, text))
    assert recorder.calls == [] and other_plugin == [text]


async def test_in_a_group_only_prefixed_commands_are_ours(
    app: App, recorder: RecordingService, other_plugin: list[str]
) -> None:
    await deliver(app, group_event(10017, 30000, 82, "刀 11号"), group_event(10017, 30000, 83, "/刀11号"))
    assert [call[-1] for call in recorder.calls] == ["/刀11号"] and other_plugin == ["刀 11号"]


async def test_an_unknown_command_from_a_player_reaches_their_game_when_no_other_plugin_wants_it(
    app: App, recorder: RecordingService, other_plugin: list[str]
) -> None:
    recorder.players.add(10001)
    recorder.groups.add(30000)
    await deliver(
        app,
        private_event(10001, 84, "/飞天"),
        group_event(10017, 30000, 85, "/飞天"),
        private_event(10002, 86, "/飞天"),  # not a player: not ours
    )
    assert [call[-1] for call in recorder.calls] == ["/飞天", "/飞天"]
    assert other_plugin == ["/飞天", "/飞天", "/飞天"]  # it ran first (priority 50) and did not block


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
