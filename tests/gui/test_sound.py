"""Sound on the dummy audio driver: sounds are made in code, played on game events, muted by M, silent at volume 0
and without an audio device."""

from __future__ import annotations

import io
import wave
from pathlib import Path
from typing import Any

import pygame
import pytest

from gui.sound import EVENT_SOUNDS, SOUND_NAMES, SoundPlayer, sound_for, synthesize, wav_bytes
from tests.gui.conftest import key
from tests.gui.table_fixtures import catan_game


def test_every_sound_is_synthesised_as_a_short_wav() -> None:
    for name in SOUND_NAMES:
        samples = synthesize(name)
        assert 0.02 < len(samples) / 22050 < 2.0, name
        assert max(abs(v) for v in samples) > 0.05, f"{name} is silent"
        with wave.open(io.BytesIO(wav_bytes(samples)), "rb") as wav:
            assert wav.getnchannels() == 1 and wav.getsampwidth() == 2 and wav.getnframes() == len(samples)
    assert synthesize("dice") == synthesize("dice"), "a sound is the same every time"
    with pytest.raises(ValueError):
        synthesize("trumpet")


def test_event_kinds_map_to_one_sound_by_priority() -> None:
    assert set(EVENT_SOUNDS.values()) <= set(SOUND_NAMES)
    assert sound_for(["dice_rolled", "resources_produced"]) == "dice"
    assert sound_for(["piece_built", "special_card_moved", "game_won"]) == "win"
    assert sound_for(["cards_robber_raid", "cards_drawn"]) == "robber"
    assert sound_for(["turn_ended"]) is None


def test_player_plays_caches_and_respects_volume_and_mute(tmp_path: Path) -> None:
    state = {"volume": 0.5, "muted": False}
    player = SoundPlayer(lambda: state["volume"], lambda: state["muted"], cache_dir=tmp_path)
    try:
        assert player.available and set(player.sounds) == set(SOUND_NAMES)
        assert sorted(p.name for p in (tmp_path / "v1").iterdir()) == sorted(f"{n}.wav" for n in SOUND_NAMES)
        assert player.play("dice") and player.played[-1] == "dice"
        assert player.sounds["dice"].get_volume() == pytest.approx(0.5, abs=0.01)
        state["volume"] = 0.0
        assert not player.play("build"), "volume 0 is silent"
        state["volume"], state["muted"] = 1.0, True
        assert not player.play("build"), "muted is silent"
        assert player.played == ["dice"]
    finally:
        player.close()
    again = SoundPlayer(lambda: 1.0, lambda: False, cache_dir=tmp_path)  # read back from the cache
    try:
        assert again.available and again.play("win")
    finally:
        again.close()


def test_no_audio_device_gives_a_silent_player(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_device(*args: Any, **kwargs: Any) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    player = SoundPlayer(lambda: 1.0, lambda: False)
    assert not player.available and not player.sounds
    assert not player.play("dice")
    player.on_game_events(None, [])
    player.close()


def test_the_app_without_audio_still_runs(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_device(*args: Any, **kwargs: Any) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    app = make_app()
    assert not app.sound.available
    app.start_game(catan_game(["human", "random", "random"], seed=5))
    table = app.top
    assert table.act(table.actor_legal()[0]), "a set-up settlement is built in silence"
    app.step([], 1 / 60)
    assert table.session.revision == 1
    assert app.top is table


def test_m_mutes_and_shows_the_badge(make_app: Any) -> None:
    from gui.menu import MenuScene

    app = make_app()
    app.push(MenuScene(app))
    app.step([], 1 / 60)
    before = app.screen.copy()
    app.step([key(pygame.K_m)], 1 / 60)
    assert app.settings.muted and app.mute_note > 0
    assert not app.sound.play("dice")
    from gui.settings import load_settings

    assert load_settings(app.settings_path)[0].muted, "the choice is remembered"
    corner = pygame.Rect(0, app.size[1] - 40, 40, 40)
    assert any(app.screen.get_at(p) != before.get_at(p) for p in
               ((x, y) for x in range(corner.x, corner.right, 3) for y in range(corner.y, corner.bottom, 3))), \
        "the mute badge is drawn in the corner"
    app.step([key(pygame.K_m, pygame.KMOD_CTRL)], 1 / 60)
    assert app.settings.muted, "Ctrl+M is not mute"
    app.step([key(pygame.K_m)], 1 / 60)
    assert not app.settings.muted


def test_m_types_into_a_focused_text_field(make_app: Any) -> None:
    from gui.dialogs.files import SaveDialog

    app = make_app()
    app.push(SaveDialog(app, catan_game(["human", "random", "random"])))
    dialog = app.top
    dialog.name.focused = True
    app.step([key(pygame.K_m)], 1 / 60)
    assert not app.settings.muted


def test_table_plays_sounds_on_game_events(make_app: Any) -> None:
    from gui.session import wait_for_ai

    app = make_app()
    if not app.sound.available:
        pytest.skip("the dummy audio driver did not open")
    app.start_game(catan_game(["random", "random", "random"], seed=2))
    table = app.top
    for _ in range(12):
        if not wait_for_ai(table.session, timeout=5.0):
            break
    assert "build" in app.sound.played, "set-up settlements and roads knock"
    app.settings.volume = 0.0
    count = len(app.sound.played)
    for _ in range(6):
        wait_for_ai(table.session, timeout=5.0)
    assert len(app.sound.played) == count, "volume 0 plays nothing"


def test_a_click_on_a_settings_button_clicks(make_app: Any) -> None:
    from gui.settings_comfort import ComfortSettingsScene
    from tests.gui.conftest import click

    app = make_app()
    if not app.sound.available:
        pytest.skip("the dummy audio driver did not open")
    scene = ComfortSettingsScene(app)
    app.push(scene)
    app.step(click((scene.volume.rect.right - 5, scene.volume.rect.centery)), 1 / 60)
    assert app.settings.volume == 1.0
    assert app.sound.played[-2:] == ["build", "click"]
