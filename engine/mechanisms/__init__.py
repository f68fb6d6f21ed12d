"""Mechanisms: rules that belong to no single role (library.Mechanism).  A role brings one by name
(RoleDef.mechanisms: 丘比特, 混血儿 and 仆人 bring 开局选择), or a file's value names one (狼人: 通用刀,
胜负: 优先判负).  Importing this package registers them (library.MECHANISMS), but for those imported
when first named (library.NAMED_MECHANISMS: 开局选择 and 须弥's)."""

from bansha_engine.mechanisms import priority_loss, shared_knife, wolves

__all__ = ["priority_loss", "shared_knife", "wolves"]
