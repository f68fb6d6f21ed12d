"""The NoneBot glue under nonebug: OneBot v11 events reach the service, messages leave through the bot."""

from __future__ import annotations

from typing import Any

import pytest
from nonebot.adapters.onebot.v11 import Bot, GroupMessageEvent, Message, MessageSegment, PrivateMessageEvent
from nonebot.adapters.onebot.v11.event import Sender
from nonebug import App

import nonebot_plugin_werewolf as plugin


class RecordingService:
    """Stands in for WerewolfService: remembers what the matcher handed over."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    async def handle_message(self, *args: Any) -> None:
        self.calls.append(args)


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


async def test_a_private_message_reaches_the_service(app: App, recorder: RecordingService) -> None:
    async with app.test_matcher(plugin.chat) as ctx:
        bot = ctx.create_bot(base=Bot, self_id="40000", auto_connect=False)
        ctx.receive_event(bot, private_event(10001, 77, "/预言 7号"))
    assert recorder.calls == [(40000, 77, 10001, None, "/预言 7号")]


async def test_a_group_message_carries_its_group(app: App, recorder: RecordingService) -> None:
    async with app.test_matcher(plugin.chat) as ctx:
        bot = ctx.create_bot(base=Bot, self_id="40000", auto_connect=False)
        ctx.receive_event(bot, group_event(10017, 30000, 78, "/刀 11号"))
    assert recorder.calls == [(40000, 78, 10017, 30000, "/刀 11号")]


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
        await plugin.send_via_bot("private", 10001, "你好")
        await plugin.send_via_bot("group", 30000, "刀票")


async def test_sending_without_a_connected_bot_raises_so_the_outbox_keeps_the_row(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(plugin, "get_bots", dict)
    with pytest.raises(ConnectionError):
        await plugin.send_via_bot("private", 10001, "你好")
