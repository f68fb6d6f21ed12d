"""Board files (板子文件): a director's board as a short Chinese YAML file, checked and typed.

`check(text)` gives a `BoardFile` (spec.py) or the problems with their lines; `problems_text`
is the reply to a file with problems. catalog.py renders the role library for /身份库.
"""

from bansha_engine.boardfile.loader import Checked, Problem, check, problems_text
from bansha_engine.boardfile.spec import BoardFile, NightEntry, RosterEntry

__all__ = ["BoardFile", "Checked", "NightEntry", "Problem", "RosterEntry", "check", "problems_text"]
