"""Digests of seeded random games: every listed action, every event and the states along the way, so that a
speed-up of an engine can be shown to change no rule, no listed option and no order (see test_golden_games)."""

from __future__ import annotations

import hashlib
import json
import random
import sys

from game.core.registry import get_variant

STEPS = 600  # actions per game (most quick-card and intro games end sooner)


def game_digest(variant_id: str, players: int, seed: int) -> str:
    """Play a seeded game with uniform random choices and digest all that was listed and seen; a clone taken
    now and then must list the same actions as its original."""
    variant = get_variant(variant_id)
    game = variant.new_game(variant.default_seats(players), seed, None)
    rng = random.Random(seed)
    digest = hashlib.sha256()
    for step in range(STEPS):
        if game.is_over():
            break
        player = game.active_players()[0]
        legal = game.legal_actions(player)
        digest.update(json.dumps([a.to_json() for a in legal], sort_keys=True).encode())
        if step % 25 == 0:
            assert game.clone().legal_actions(player) == legal, f"a clone lists other actions at step {step}"
        events = game.apply(legal[rng.randrange(len(legal))])
        digest.update(json.dumps([e.to_json() for e in events], sort_keys=True, default=str).encode())
        if step % 20 == 0:
            digest.update(json.dumps(game.state_json(), sort_keys=True).encode())
    digest.update(json.dumps(game.state_json(), sort_keys=True).encode())
    return digest.hexdigest()


if __name__ == "__main__":  # python -m tests.game.golden VARIANT PLAYERS SEED...: print digests to record
    variant_arg, players_arg = sys.argv[1], int(sys.argv[2])
    for seed_text in sys.argv[3:]:
        print(f'("{variant_arg}", {players_arg}, {seed_text}): '
              f'"{game_digest(variant_arg, players_arg, int(seed_text))}",')
