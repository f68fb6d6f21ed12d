"""The OneBot side of the end-to-end tests: `python bot.py` as a subprocess, and QQ accounts
connected to its reverse WebSocket as NapCat connects them, answering its API calls."""

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
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[1]
SELF_ID = 40000
DIRECTOR = 20000
CO_DIRECTOR = 20001
TOKEN = "e2e-token"
MESSAGE_IDS = itertools.count(5000)  # unique across connections, as real OneBot message ids are


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class BotProcess:
    """`python bot.py` listening on a port of its own, logging to `log`."""

    def __init__(self, log: Path, database_url: str, **settings: str) -> None:
        self.log = log
        self.port = free_port()
        self.env = {
            **os.environ,
            "HOST": "127.0.0.1",
            "PORT": str(self.port),
            "SUPERUSERS": json.dumps([str(DIRECTOR)]),
            "ONEBOT_ACCESS_TOKEN": TOKEN,
            "COMMAND_START": json.dumps(["/"]),
            "WEREWOLF_DATABASE_URL": database_url,
            "LOG_LEVEL": "INFO",
            **settings,
        }
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "bot.py"],
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self._wait_for_port()

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.process is None:
            return
        os.killpg(self.process.pid, sig)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        self.process = None

    def _wait_for_port(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process is not None and self.process.poll() is not None:
                pytest.fail(
                    f"bot.py exited with {self.process.returncode}:\n{self.log.read_text(errors='replace')}"
                )
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.1)
        pytest.fail(f"bot.py did not listen on {self.port} within {timeout}s")


class OneBotClient:
    """One QQ account on the bot's reverse WebSocket: answers API calls, records the messages sent."""

    def __init__(self, ws: ClientConnection, self_id: int = SELF_ID) -> None:
        self.ws = ws
        self.self_id = self_id
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
            "self_id": self.self_id,
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


@asynccontextmanager
async def account(port: int, self_id: int = SELF_ID) -> AsyncIterator[OneBotClient]:
    """A QQ account connected to the bot at `port`, as NapCat connects."""
    headers = {
        "X-Self-ID": str(self_id),
        "X-Client-Role": "Universal",
        "Authorization": f"Bearer {TOKEN}",
        "User-Agent": "OneBot/11",
    }
    async with connect(f"ws://127.0.0.1:{port}/onebot/v11/ws", additional_headers=headers) as ws:
        client = OneBotClient(ws, self_id)
        try:
            yield client
        finally:
            client.reader.cancel()


def text_of(call: dict[str, Any]) -> str:
    return "".join(seg["data"]["text"] for seg in call["message"] if seg["type"] == "text")


def drain(client: OneBotClient) -> list[dict[str, Any]]:
    calls = []
    while not client.sent.empty():
        calls.append(client.sent.get_nowait())
    return calls
