"""The shipped files: fonts, catalogs and rules texts (assets/), example layouts and positions (saves/).

Both folders stay at the top of the repository. An install maps them into the packages `catan_table_assets` and
`catan_table_saves` (setup.py), which are read through importlib.resources; a checkout (this code beside a
pyproject.toml) reads its own folders, so an edited catalog shows at once and an older install elsewhere never
shadows it. The user's own saves and layouts live in the platformdirs folders, not here.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType

ASSETS_PACKAGE = "catan_table_assets"
EXAMPLES_PACKAGE = "catan_table_saves"
# The folder at the top of the repository each package is made from.
SOURCE_FOLDERS = MappingProxyType({ASSETS_PACKAGE: "assets", EXAMPLES_PACKAGE: "saves"})


class ShippedFilesMissing(RuntimeError):
    """The program's shipped files are neither in a checkout nor installed as a package on disk."""


def checkout_root() -> Path | None:
    """The repository this code runs from (the folder with pyproject.toml above game/), or None when installed."""
    root = Path(__file__).resolve().parents[2]
    return root if (root / "pyproject.toml").is_file() else None


@cache
def shipped_dir(package: str) -> Path:
    """The folder of a data package (ASSETS_PACKAGE or EXAMPLES_PACKAGE): the checkout's, else the installed one."""
    root = checkout_root()
    if root is not None and (root / SOURCE_FOLDERS[package]).is_dir():
        return root / SOURCE_FOLDERS[package]
    try:
        folder = resources.files(package)
    except ModuleNotFoundError as exc:
        raise ShippedFilesMissing(f"the package {package} is not installed: reinstall catan-table") from exc
    if not isinstance(folder, Path):
        # pip always unpacks wheels; fonts need a real file for pygame and FreeType.
        raise ShippedFilesMissing(f"the package {package} is not a folder on disk ({folder})")
    return folder


def assets_dir() -> Path:
    """The shipped assets: fonts/ (with their licence), i18n/<lang>/*.json and rules/*.md."""
    return shipped_dir(ASSETS_PACKAGE)


def examples_dir() -> Path:
    """The shipped examples: layouts/*.json (the beginner board among them) and positions/*.json."""
    return shipped_dir(EXAMPLES_PACKAGE)


def fonts_dir() -> Path:
    """The shipped DejaVu fonts."""
    return assets_dir() / "fonts"


def catalogs_dir() -> Path:
    """The translation catalogs, one folder per language."""
    return assets_dir() / "i18n"


def rules_dir() -> Path:
    """The rules texts, one Markdown file per document and language."""
    return assets_dir() / "rules"


def layouts_dir() -> Path:
    """The shipped board layouts (read-only examples; the user's own are in the user data folder)."""
    return examples_dir() / "layouts"


def positions_dir() -> Path:
    """The shipped example positions in the shared position format."""
    return examples_dir() / "positions"
