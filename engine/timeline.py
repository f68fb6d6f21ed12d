"""Where a forum game stands within its days and nights, and the boundaries effects end at.

A forum day N runs 晨曦 → 正午 → (evening) → 关门; the door close starts 黄昏1 and 黄昏2 (still
day N), then night N's slots 早夜1 … 凌晨 and the tally, after which day N+1 begins.  Statuses and
delayed effects end at boundaries such as 「下一个夜晚开始」 or 「下一个正午结束」; a boundary is a kind and a
day/night number, ordered by its position on this time line.
"""

from __future__ import annotations

from dataclasses import dataclass

# Where each part of day N / night N lies on the time line (day N's parts come before night N's).
PART_POSITIONS: dict[str, float] = {
    "竞选日": 0,
    "晨曦": 0,
    "正午": 1.5,
    "傍晚": 2.5,  # after 正午 closed, before the door closes
    "黄昏1": 3,
    "黄昏2": 4,
    "早夜1": 5,
    "早夜2": 6,
    "午夜": 7,
    "深夜1": 8,
    "深夜2": 9,
    "凌晨": 10,
    "结算": 11,
}
NIGHT_PARTS = ("早夜1", "早夜2", "午夜", "深夜1", "深夜2", "凌晨", "结算")

BOUNDARY_POSITIONS: dict[str, float] = {
    "noon_start": 1,
    "noon_end": 2,
    "dusk1_end": 3.5,
    "night_start": 4.5,
    "night_end": 11.5,
}
BOUNDARY_TEXT: dict[str, str] = {
    "noon_start": "第{n}天正午开始",
    "noon_end": "第{n}天正午结束",
    "dusk1_end": "第{n}天黄昏1结束",
    "night_start": "第{n}夜开始",
    "night_end": "第{n}夜结束",
}


@dataclass(frozen=True)
class Boundary:
    """A moment effects end at: `kind` of day or night `number` (night N follows day N)."""

    kind: str
    number: int

    @property
    def position(self) -> float:
        return self.number * 100 + BOUNDARY_POSITIONS[self.kind]

    def text(self) -> str:
        return BOUNDARY_TEXT[self.kind].format(n=self.number)


def position(day: int, part: str) -> float:
    return day * 100 + PART_POSITIONS[part]


def next_boundary(day: int, part: str, kind: str) -> Boundary:
    """The first boundary of `kind` strictly after `part` of day `day`."""
    now = position(day, part)
    number = day
    while Boundary(kind, number).position <= now:
        number += 1
    return Boundary(kind, number)


def is_night(part: str) -> bool:
    return part in NIGHT_PARTS
