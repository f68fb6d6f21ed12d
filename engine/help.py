"""/帮助 inside a game: a director gets this board's director commands, a player their own skills."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bansha_engine import deck
from bansha_engine.model import Board, StepSpec

if TYPE_CHECKING:
    from bansha_engine.game import Game

# (command word, how it is typed, what it does), in the order a game is run.
DIRECTOR_LINES = [
    ("导演", "/导演 QQ号", "添加副导演，会收到本局所有导演消息"),
    ("座位", "/座位 N号 QQ号 [昵称]", "绑定座位；开始后重新绑定即替补；可一行一个写多行，各行单独执行"),
    ("身份", "/身份 N号 身份", "指定身份"),
    ("发牌", "/发牌", "把剩下的身份随机发给还没有身份的座位"),
    ("底牌", "/底牌 身份 身份", "指定底牌（有盗贼、盗宝大师的板子；盗宝大师写三张），/发牌 只发其余的牌"),
    ("狼群", "/狼群 群号", "绑定狼人共用的QQ群"),
    ("情侣群", "/情侣群 群号", "绑定情侣的QQ群（不能是狼群）"),
    ("开始", "/开始", "检查配置，私聊每名玩家身份"),
    ("警长", "/警长 N号 或 /警长 无", "记录警长竞选结果（无：没有警长）"),
    ("入夜", "/入夜 [HH:MM]", "开始夜晚；HH:MM是关门时间，各步骤的时限从它算起（不写则为现在）"),
    ("时限", "/时限 身份 时长", "改截止时间（30秒、10分钟、1小时）；还没开始的步骤从开始时算起"),
    (
        "推进",
        "/推进 [身份或步骤]",
        "立即结束进行中的步骤或决定，没行动的视为放弃；写名字只结束那一步（如 /推进 交易）",
    ),
    ("天亮", "/天亮", "结束所有步骤并结算夜晚"),
    ("投票", "/投票 A号 B号", "录入一张论坛选票（A投给B；弃权写 /投票 A号 弃权；可一行一票写多行）"),
    (
        "投票",
        "/投票 + 换行贴上投票帖",
        "按规则帖录入论坛投票帖（改票、关门前一小时、废票）；代投写 代投 A号 B号",
    ),
    ("票型", "/票型", "查看当天的选票、计票和未投票的人（只给导演看）"),
    ("放逐", "/放逐 N号 或 /放逐 无", "记录白天的投票结果（只发 /放逐 按选票结算）"),
    ("罚下", "/罚下 N号", "红牌罚下"),
    ("关门", "/关门 [HH:MM]", "查看或设定当天的关门时间（/关门 12月5日 21:00 设定某一天）"),
    ("加速", "/加速 [N号]", "执行加速，或替N号登记论坛上的加速申请；/延时 同理"),
    ("蓝牌", "/蓝牌 N号 [理由]", "记一张牌；/黄牌、/红牌 同理，三张合并为上一级，红牌即罚下"),
    ("撤牌", "/撤牌 编号", "撤掉记错的牌，或不采纳一条判罚建议"),
    ("判罚", "/判罚", "整局的判罚记录和待确认的建议"),
    ("确认判罚", "/确认判罚 [编号]", "把判罚建议（全部或一条）变成牌"),
    ("判负", "/判负 阵营", "判负一个阵营（红牌后由导演决定的）"),
    ("撤销", "/撤销", "撤销当天自己最后一条记录（一次录票、一次判罚、警长）"),
    ("状态", "/状态", "查看座位、身份、存活和待处理的事"),
    ("结束", "/结束 确认", "提前结束本局（只发 /结束 会先问一次）"),
]
PLAYER_LINES = [
    "/身份：查看身份、阵营、技能和现在能做的事",
    "/放弃：放弃现在所有待做的选择；/放弃 技能名：只放弃这一项",
    "/遗言 内容：出局后有遗言权利时提交遗言",
    "/加速、/延时：讨论日申请加速或延时（人数够了由导演公布）",
    "私聊时命令开头的 / 可以省略。",
]


def help_for(game: Game, qq: int) -> str | None:
    """What /帮助 tells `qq` in this game, or None when `qq` neither directs nor plays here."""
    parts = []
    if game.is_director(qq):
        parts.append(director_help(game))
    seat = game.seat_of(qq)
    if seat is not None:
        parts.append(player_help(game, seat))
    return "\n\n".join(parts) or None


def director_help(game: Game) -> str:
    board = game.board
    skipped = {"狼群"} if not board.options.wolf_group else set()
    if not board.options.lover_group:
        skipped.add("情侣群")
    if not deck.size(board):
        skipped.add("底牌")
    lines = [f"【导演命令】{game.label()}"]
    lines += [f"{usage}：{what}" for word, usage, what in DIRECTOR_LINES if word not in skipped]
    lines += board.hooks.director_help
    lines.append("身份：" + "、".join(board.roster))
    lines.append("/时限 可用的身份：" + "、".join(deadline_roles(board)))
    lines.append("夜晚顺序：" + " → ".join(step_text(step) for step in board.night_steps))
    return "\n".join(lines)


def deadline_roles(board: Board) -> list[str]:
    roles = [role for step in board.night_steps for role in step.roles]
    return list(dict.fromkeys([*roles, *board.prompt_roles.values()]))


def step_text(step: StepSpec) -> str:
    deadline = step.deadline
    if deadline.next_day_clock is not None:
        hour, minute = deadline.next_day_clock
        due = f"次日{hour:02d}:{minute:02d}截止"
    else:
        due = f"关门后{deadline.minutes_after_close or 0:g}分钟截止"
    only = f"，仅第{step.only_night}夜" if step.only_night is not None else ""
    if step.from_night > 1:
        only += f"，第{step.from_night}夜起"
    return f"{step.title}（{due}{only}）"


def player_help(game: Game, seat: int) -> str:
    lines = [f"【玩家命令】{game.label()}"]
    if game.phase == "setup":
        lines.append("游戏还没开始：导演 /开始 后会私聊你身份和技能。")
    else:
        lines.append(game.board.describe(game, seat))
    lines += PLAYER_LINES
    return "\n".join(lines)
