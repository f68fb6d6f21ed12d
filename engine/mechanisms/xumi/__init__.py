"""须弥's mechanisms ([M185]): what its file names under 机制 (and 胜负: 阵营判负), each a module
registering one `library.Mechanism` whose `part` gives the board what it runs — 身份池 (pool.py),
座位技能 (seats.py), 时段夜晚 (slot_night.py), 竞选日 (election.py), 正午 (noon.py), 黄昏投票
(dusk.py), 晨曦公示 (dawn.py), 红牌 (red_cards.py), 阵营判负 (camps.py).  They are imported when a
file names them (library.named_mechanism); the roles they run are engine/roles/xumi.
"""
