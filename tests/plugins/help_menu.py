"""A help plugin as the ecosystem writes them (after nonebot-plugin-help, which no longer imports
under pydantic 2): `/help` or `/帮助` at priority 1, not blocking; `/帮助 <插件名>` answers with that
plugin's PluginMetadata (name, description, usage); without an argument, the list of plugins with
the version from their metadata's `extra`."""

from typing import Annotated

from nonebot import get_loaded_plugins, on_command
from nonebot.adapters import Message
from nonebot.params import CommandArg
from nonebot.plugin import PluginMetadata

__plugin_meta__ = PluginMetadata(name="帮助菜单", description="列出插件和它们的用法", usage="/帮助 [插件名]")

MENU_TITLE = "已加载插件："

helper = on_command("help", aliases={"帮助"}, priority=1, block=False)


@helper.handle()
async def _answer(arg: Annotated[Message, CommandArg()]) -> None:
    wanted = arg.extract_plain_text().strip()
    plugins = [plugin for plugin in get_loaded_plugins() if plugin.metadata is not None]
    if not wanted:
        names = sorted(f"{p.metadata.name} {p.metadata.extra.get('version', '')}".strip() for p in plugins)
        await helper.finish(MENU_TITLE + "\n" + "\n".join(names))
    for plugin in plugins:
        if wanted in (plugin.name, plugin.metadata.name):
            meta = plugin.metadata
            await helper.finish(f"{meta.name}：{meta.description}\n{meta.usage}")
    await helper.finish(f"{wanted} 不存在或未加载")
