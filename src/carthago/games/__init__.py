"""One package per game; each registers itself with carthago.core.registry on import.

Importing this package makes ``carthago.games`` name the package, not the function of the
same name that DESIGN.md promises; so the package itself answers a call like the function.
"""

import sys
import types


class _GamesPackage(types.ModuleType):
    def __call__(self) -> list[str]:
        from carthago.core.registry import games

        return games()


sys.modules[__name__].__class__ = _GamesPackage
