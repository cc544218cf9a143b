"""Build script: the packages game and gui, and the top-level assets/ and saves/ folders as data packages.

Everything else is in pyproject.toml. assets/ and saves/ stay at the top of the repository and are installed as
the packages catan_table_assets and catan_table_saves (read through importlib.resources, see
game/core/resources.py), both by `pip install .` and by `pip install -e .`.
"""

from setuptools import find_packages, setup

DATA_PACKAGES = {"catan_table_assets": "assets", "catan_table_saves": "saves"}

setup(
    packages=[*find_packages(include=["game", "game.*", "gui", "gui.*"]), *DATA_PACKAGES],
    package_dir=DATA_PACKAGES,
)
