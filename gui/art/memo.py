"""ArtMemo: parts of pictures (a terrain scene, a gradient) drawn once and reused within one build."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

from PIL import Image

MEMO_ITEMS = 24


class ArtMemo:
    """A small least-recently-used store of images by key; callers must not modify what it returns."""

    def __init__(self, max_items: int = MEMO_ITEMS) -> None:
        self._items: OrderedDict[Hashable, Image.Image] = OrderedDict()
        self._max = max_items

    def get(self, key: Hashable, make: Callable[[], Image.Image]) -> Image.Image:
        """The image stored under key, made by make() the first time."""
        img = self._items.get(key)
        if img is None:
            img = self._items[key] = make()
            if len(self._items) > self._max:
                self._items.popitem(last=False)
        else:
            self._items.move_to_end(key)
        return img

    def __len__(self) -> int:
        return len(self._items)
