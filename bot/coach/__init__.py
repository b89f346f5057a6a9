"""The coach: `/hint` at tables opened with `hints:true` (see `hint`).

`hint` asks the strong AI from the asking seat's view, `typed` writes its move as the
command to type, `reasons` says why.
"""
