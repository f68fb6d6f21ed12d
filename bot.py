"""Start the bot: `python bot.py` from anywhere; settings come from the environment or `.env`."""

import gc
import os
import sys
from importlib.abc import PathEntryFinder
from importlib.machinery import ModuleSpec
from importlib.util import module_from_spec, spec_from_file_location
from pathlib import Path
from types import ModuleType

import nonebot
from nonebot.adapters.onebot.v11 import Adapter as OneBotV11Adapter
from nonebot.log import default_filter, default_format, logger, logger_id
from pydantic import BaseModel

ROOT = Path(__file__).resolve().parent
DEFAULT_DRIVER = "~fastapi+~websockets"  # reverse WebSocket server (+ client for forward connections)
PLUGIN = "nonebot_plugin_bansha_director"
SETTINGS_ERRORS = ROOT / "plugins" / "werewolf" / "settings_errors.py"
EDITABLE_ENTRY = "<editable installs>"  # a sys.path entry that only EditableInstalls answers for


class EditableInstalls(PathEntryFinder):
    """Lets NoneBot find plugins installed with `pip install -e .`.

    NoneBot loads a plugin through its own finder, which looks for the module on sys.path only
    (importlib's PathFinder).  An editable install of a package whose folder has another name
    (plugins/werewolf installed as nonebot_plugin_bansha_director) is not on sys.path: setuptools maps it
    with a finder of its own, so NoneBot's finder misses it, the module is imported as a plain one,
    and NoneBot logs `Failed to import "nonebot_plugin_bansha_director"` although its code ran.  This path
    entry hands NoneBot the spec that setuptools' finder would give.  A regular install needs none of
    this: the package is then on sys.path (site-packages)."""

    def __init__(self, entry: str) -> None:
        if entry != EDITABLE_ENTRY:
            raise ImportError(entry)

    def find_spec(self, fullname: str, target: object = None) -> ModuleSpec | None:
        editable = [f for f in sys.meta_path if str(getattr(f, "__module__", "")).startswith("__editable__")]
        return next((spec for f in editable if (spec := f.find_spec(fullname, None, target))), None)


def let_nonebot_find_editable_installs() -> None:
    sys.path_hooks.insert(0, EditableInstalls)
    sys.path.append(EDITABLE_ENTRY)


def log_at_configured_level() -> None:
    """NoneBot's stdout handler accepts every level and filters each record afterwards, so every
    DEBUG call (several per message and per API call) is fully formatted and then thrown away.
    Giving the handler the configured level lets loguru drop those calls up front."""
    logger.remove(logger_id)
    level = nonebot.get_driver().config.log_level
    logger.add(sys.stdout, level=level, diagnose=False, filter=default_filter, format=default_format)


def settings_errors() -> ModuleType:
    """The plugin's explanation of settings mistakes, loaded by its path: importing the plugin
    package needs NoneBot initialised, and this is for when it could not be."""
    spec = spec_from_file_location("werewolf_settings_errors", SETTINGS_ERRORS)
    assert spec is not None and spec.loader is not None
    module = module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def init_or_exit() -> None:
    """nonebot.init(); a mistake in NoneBot's own settings (SUPERUSERS, PORT ...) stops the bot
    with one line naming it.  The plugin does the same for the WEREWOLF_* settings."""
    try:
        nonebot.init(**({} if "DRIVER" in os.environ else {"driver": DEFAULT_DRIVER}))
    except ValueError as exc:  # pydantic's ValidationError; NoneBot's SettingsError (not valid JSON)
        sys.exit(f"配置错误：{settings_errors().explain(exc)}")


class LocalstoreChoice(BaseModel):
    """The nonebot-plugin-localstore settings that choose where data goes (importing that plugin
    here would keep NoneBot from loading it as a plugin later)."""

    localstore_use_cwd: bool = False
    localstore_data_dir: str | None = None
    localstore_plugin_data_dir: dict[str, str] = {}


def keep_data_in_project() -> None:
    """This ready-to-run bot keeps the plugin's files in the project's data/ folder (the database is
    data/werewolf.db, where earlier versions kept it), unless .env sets one of the LOCALSTORE_*
    options; nonebot-plugin-localstore would otherwise choose a folder in the user's home."""
    chosen = nonebot.get_plugin_config(LocalstoreChoice)
    if not (chosen.localstore_use_cwd or chosen.localstore_data_dir or chosen.localstore_plugin_data_dir):
        nonebot.get_driver().config.localstore_plugin_data_dir = {PLUGIN: ROOT / "data"}


async def resume_collector() -> None:
    """Start-up is over: the collector runs again.  Until then (start()) it is off: importing the
    plugin, the engine and SQLAlchemy makes a hundred thousand objects that live until shutdown,
    and the collector's passes over them took 130-150 ms of the start-up, to find a few hundred
    objects of garbage.  The plugin's own start-up hook, which runs before this one, freezes
    everything made so far (plugins/werewolf/collector.py)."""
    gc.enable()


def start() -> None:
    """Everything but running: NoneBot set up, the plugins loaded, the collector off until NoneBot's
    start-up hooks have run."""
    gc.disable()
    os.chdir(ROOT)  # .env and pyproject.toml are found relative to the project root
    let_nonebot_find_editable_installs()
    init_or_exit()
    keep_data_in_project()
    log_at_configured_level()
    nonebot.get_driver().register_adapter(OneBotV11Adapter)
    nonebot.load_from_toml("pyproject.toml")
    nonebot.get_driver().on_startup(resume_collector)  # after the plugins' own hooks


def main() -> None:
    start()
    nonebot.run()


if __name__ == "__main__":
    main()
