"""`python bot.py` as a subprocess, spoken to over OneBot v11 reverse WebSocket like NapCat would."""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[1]
SELF_ID = 40000
DIRECTOR = 20000
TOKEN = "e2e-token"
MESSAGE_IDS = itertools.count(5000)  # unique across connections, as real OneBot message ids are


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def bot_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("e2e") / "bot.log"


@pytest.fixture(scope="module")
def bot_port(bot_log: Path) -> Iterator[int]:
    work = bot_log.parent
    port = free_port()
    env = {
        **os.environ,
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "SUPERUSERS": json.dumps([str(DIRECTOR)]),
        "ONEBOT_ACCESS_TOKEN": TOKEN,
        "COMMAND_START": json.dumps(["/"]),
        "WEREWOLF_DATABASE_URL": f"sqlite+aiosqlite:///{work / 'werewolf.db'}",
        "LOG_LEVEL": "INFO",
    }
    log_path = bot_log
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "bot.py"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        wait_for_port(port, process, log_path)
        yield port
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


def wait_for_port(port: int, process: subprocess.Popen[bytes], log_path: Path, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"bot.py exited with {process.returncode}:\n{log_path.read_text(errors='replace')}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    pytest.fail(f"bot.py did not listen on {port} within {timeout}s")


class OneBotClient:
    """One QQ account on the bot's reverse WebSocket: answers API calls, records the messages sent."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.sent: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.fail_next_sends = 0
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for frame in self.ws:
            call = json.loads(frame)
            action, params = call.get("action", ""), call.get("params") or {}
            reply: dict[str, Any] = {"status": "ok", "retcode": 0, "data": None, "echo": call.get("echo")}
            if action.startswith("send_"):
                if self.fail_next_sends > 0:
                    self.fail_next_sends -= 1
                    reply.update(status="failed", retcode=1200, message="refused", wording="refused")
                else:
                    reply["data"] = {"message_id": next(MESSAGE_IDS)}
                    await self.sent.put({"action": action, **params})
            await self.ws.send(json.dumps(reply, ensure_ascii=False))

    async def say_private(self, user_id: int, text: str, message_id: int | None = None) -> None:
        event = {
            "time": int(time.time()),
            "self_id": SELF_ID,
            "post_type": "message",
            "message_type": "private",
            "sub_type": "friend",
            "message_id": next(MESSAGE_IDS) if message_id is None else message_id,
            "user_id": user_id,
            "message": [{"type": "text", "data": {"text": text}}],
            "raw_message": text,
            "font": 0,
            "sender": {"user_id": user_id, "nickname": f"u{user_id}"},
        }
        await self.ws.send(json.dumps(event))  # escapes what UTF-8 cannot carry, as JSON may

    async def next_sent(self, timeout: float = 10) -> dict[str, Any]:
        return await asyncio.wait_for(self.sent.get(), timeout)


@pytest.fixture
async def onebot(bot_port: int) -> AsyncIterator[OneBotClient]:
    headers = {
        "X-Self-ID": str(SELF_ID),
        "X-Client-Role": "Universal",
        "Authorization": f"Bearer {TOKEN}",
        "User-Agent": "OneBot/11",
    }
    async with connect(f"ws://127.0.0.1:{bot_port}/onebot/v11/ws", additional_headers=headers) as ws:
        client = OneBotClient(ws)
        yield client
        client.reader.cancel()


def text_of(call: dict[str, Any]) -> str:
    return "".join(seg["data"]["text"] for seg in call["message"] if seg["type"] == "text")


async def test_director_opens_a_game_and_gets_a_reply(onebot: OneBotClient) -> None:
    await onebot.say_private(DIRECTOR, "/开局 竞技12")

    reply = await onebot.next_sent()

    assert reply["action"] == "send_private_msg" and reply["user_id"] == DIRECTOR
    assert "竞技12" in text_of(reply)


async def test_a_refused_send_is_retried(onebot: OneBotClient) -> None:
    onebot.fail_next_sends = 2
    await onebot.say_private(55555, "/开局 竞技12")

    reply = await onebot.next_sent()

    assert reply["user_id"] == 55555 and "只有" in text_of(reply)


async def test_a_huge_message_id_and_a_lone_surrogate_get_an_answer_and_no_traceback(
    onebot: OneBotClient, bot_log: Path
) -> None:
    logged_before = len(bot_log.read_bytes())
    await onebot.say_private(55556, "/身份 你好\ud800", message_id=2**63 + 5)

    reply = await onebot.next_sent()

    assert reply["user_id"] == 55556 and "你不在任何进行中的对局里" in text_of(reply)
    await asyncio.sleep(0.2)
    assert b"Traceback" not in bot_log.read_bytes()[logged_before:]


async def test_the_plugin_loads_as_a_plugin_and_says_where_to_connect(
    onebot: OneBotClient, bot_log: Path
) -> None:
    log = bot_log.read_text(errors="replace")

    assert 'Succeeded to load plugin "nonebot_plugin_werewolf"' in log and "Failed to import" not in log
    assert "/onebot/v11/ws，访问令牌已设置" in log and "可以开局的QQ号：20000" in log
