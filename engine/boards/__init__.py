"""Boards as data: each module declares one rule post's roster, night order and options."""

from werewolf_engine.boards import baibian, jingji12, xumi
from werewolf_engine.model import Board

BOARDS: dict[str, Board] = {board.name: board for board in (jingji12.BOARD, baibian.BOARD, xumi.BOARD)}
