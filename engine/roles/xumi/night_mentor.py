"""寂夜导师⑧ ([接刀], 狼人阵营): 时波增幅, 时波削弱, 时波混乱 — the 白昼学者's skills
(engine/roles/xumi/day_scholar.py).

有寂夜导师必有白昼学者。
开局阶段结束后，若寂夜导师仍属于[狼人阵营]，则狼人群内会知晓寂夜导师是谁。  (engine/mechanisms/xumi/seats.py)
时波增幅[早夜][限定][指定]、时波削弱[早夜][限定][指定]、时波混乱[凌晨][强制]: as the 白昼学者's.
"""

from __future__ import annotations

from bansha_engine.roles.xumi.common import TAKES_KNIFE
from bansha_engine.roles.xumi.day_scholar import BOOST, CHAOS, DAMPEN, TEXT
from bansha_engine.roles.xumi.role_pool import pool_role

ROLE = pool_role("寂夜导师", seat_skills=(BOOST, DAMPEN, CHAOS), tag=TAKES_KNIFE, summary=TEXT)
