"""One module per role (and per non-role title such as 警长 or 狼头)."""
