"""The Federation layout files load, match the rulebook, and broken copies are refused."""

import re
from pathlib import Path

import pytest
import yaml

from scoring.federation._common import federation_dir
from scoring.federation.reference import load_reference
from scoring.federation.score_pad import load_score_pad
from scoring.federation.setup_counts import load_setup
from scoring.federation.solo import RULEBOOK_PAYOUT
from scoring.federation.solo_tracker import load_solo_tracker
from scoring.layout_file import LayoutError

RULEBOOK = Path("/work/shared/rules/federation-piracy.txt")


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


# --- reference.yaml ----------------------------------------------------------


def test_reference_counts_match_the_component_list():
    ref = load_reference()
    assert len(ref.alteration_piracy_tokens.tokens) == 8
    assert len(ref.deep_space_piracy_tiles.tiles) == 7
    assert len(ref.ai_assistants.cards) == 7
    assert [t.id for t in ref.erudite_tiles.tiles] == ["1A5", "1B5", "1C5", "1D5", "1E5"]
    assert [p.colour for p in ref.piracy_planets.planets] == [
        "purple", "yellow", "blue", "green", "orange",
    ]  # fmt: skip
    assert len(ref.pirate_stalls.stalls) == 6
    assert len(ref.piracy_influence.colours) == 7


def test_assistant_cards_have_a_bonus_for_every_die_value():
    cards = {c.name: c for c in load_reference().ai_assistants.cards}
    assert list(cards) == [
        "Games", "Art", "Hacking", "Communication", "Mathematics", "Reflection", "Support",
    ]  # fmt: skip
    for card in cards.values():
        assert [card.bonus_for(d) is card.bonuses[(d - 1) // 2] for d in range(1, 7)] == [True] * 6
    assert cards["Support"].bonus_for(6).text.startswith("Pay 1 Coppernium")
    assert "+3 influence" in cards["Support"].bonus_for(5).text
    assert cards["Support"].note.startswith("The bonus is effective")
    with pytest.raises(ValueError, match="die value 7"):
        cards["Art"].bonus_for(7)


def test_paid_bonuses_read_as_printed():
    ref = load_reference()
    alt = {t.id: t.text for t in ref.alteration_piracy_tokens.tokens}
    assert alt["alt3"] == "Spend 1 Oceanium, get 1 grey Piracy Influence token."
    assert alt["alt8"] == (
        "Lose 2 degrees of accreditation, gain 1 Coppernium, 1 Lavandium, 1 Oceanium "
        "and 1 Gold Diamond."
    )
    # The restriction is printed beside the list, not on one stall.
    (note,) = ref.pirate_stalls.notes
    assert note.printed_after == "asteroids"


def reference_texts() -> list[str]:
    """Every piece of rulebook text the reference file carries."""
    ref = load_reference()
    texts = [ref.piracy_planets.rule, ref.alteration_piracy_tokens.restriction]
    for p in ref.piracy_planets.planets:
        texts += [p.summary, p.text, *p.notes]
    texts += [s.text for s in ref.pirate_stalls.stalls] + [n.text for n in ref.pirate_stalls.notes]
    texts += [t.text for t in ref.alteration_piracy_tokens.tokens]
    texts += [ref.erudite_tiles.rule] + [t.text for t in ref.erudite_tiles.tiles]
    dsp = ref.deep_space_piracy_tiles
    texts += [dsp.rule, *dsp.notes] + [t.text for t in dsp.tiles]
    texts += [*ref.ai_assistants.rules, ref.ai_assistants.support_bonus_tile]
    for card in ref.ai_assistants.cards:
        texts += ([card.note] if card.note else []) + [b.text for b in card.bonuses]
    texts.append(ref.piracy_influence.rule)
    return texts


@pytest.mark.skipif(not RULEBOOK.exists(), reason="rulebook text not available")
def test_reference_text_is_verbatim_from_the_rulebook():
    book = squash(RULEBOOK.read_text(encoding="utf-8"))
    missing = [t for t in reference_texts() if squash(t) not in book]
    assert missing == []


@pytest.mark.skipif(not RULEBOOK.exists(), reason="rulebook text not available")
def test_assistant_bonuses_sit_under_their_die_values_in_the_rulebook():
    book = squash(RULEBOOK.read_text(encoding="utf-8"))
    for card in load_reference().ai_assistants.cards:
        for bonus in card.bonuses:
            label = "/".join(str(d) for d in bonus.die)
            assert f"{label}: {squash(bonus.text)}" in book, (card.name, label)


# --- setup.yaml --------------------------------------------------------------


def test_setup_counts_printed_in_the_rulebook():
    setup = load_setup()
    counts = {e.id: e for e in setup.entries}
    assert (
        counts["alteration_piracy_tokens"].count_for(3),
        counts["alteration_piracy_tokens"].out_of,
    ) == (4, 8)
    assert (
        counts["deep_space_piracy_tiles"].count_for(2),
        counts["deep_space_piracy_tiles"].out_of,
    ) == (3, 7)
    assert counts["deep_space_piracy_tiles"].count_for(4) == 3  # no matter the number of players
    for colour in ("blue", "purple", "yellow", "green", "orange", "black", "grey"):
        entry = counts[f"piracy_influence_{colour}"]
        assert [entry.count_for(n) for n in (1, 2, 3, 4)] == [1, 2, 3, 4]
    assistants = counts["ai_assistant_cards"]
    assert [assistants.count_for(n) for n in (1, 2, 3, 4)] == [1 + 1, 2 + 1, 3 + 1, 4 + 1]
    assert assistants.out_of == 7
    assert counts["erudite_stack_size"].count_for(2) == 4
    assert counts["solo_assistant_dice"].count == 3
    assert counts["solo_deep_space_tiles"].count == 4
    assert counts["solo_starting_tiles"].count == 4
    assert (counts["solo_cards"].count, counts["solo_cards"].out_of) == (5, 12)
    assert (
        counts["solo_deep_space_piracy_tiles"].count,
        counts["solo_deep_space_piracy_tiles"].out_of,
    ) == (3, 7)
    assert counts["piracy_major_project_tokens_needed"].count_for(4) == 10
    assert counts["piracy_major_project_most_tokens_pp"].count_for(4) == 16
    with pytest.raises(ValueError, match="no value for 3 players"):
        counts["piracy_major_project_tokens_needed"].count_for(3)


def test_every_assumed_setup_count_says_why():
    assumed = [e for e in load_setup().entries if e.assumed]
    assert {e.id for e in assumed} == {"erudite_types", "rounds", "ambassador_tokens"}
    assert all(e.note for e in assumed)


# --- cross-file agreement --------------------------------------------------


def test_files_agree_with_each_other():
    ref, setup, solo = load_reference(), load_setup(), load_solo_tracker()
    assert setup.entry("alteration_piracy_tokens").out_of == ref.components.alteration_piracy_tokens
    assert setup.entry("deep_space_piracy_tiles").out_of == ref.components.deep_space_piracy_tiles
    assert setup.entry("ai_assistant_cards").out_of == ref.components.ai_assistant_cards
    assert setup.entry("solo_cards").count == solo.solo_cards.drawn == solo.rounds == 5
    assert setup.entry("solo_cards").out_of == solo.solo_cards.available == 12
    assert setup.entry("solo_assistant_dice").count == solo.dice.count == 3
    assert setup.entry("senate_floors").count == len(solo.senate.floors) == 3
    assert setup.entry("senate_spaces_per_floor").count == solo.senate.spaces_per_floor == 6
    # The arithmetic's payout is the one the tracker prints.
    assert solo.comparison.payout() == RULEBOOK_PAYOUT


# --- solo.yaml and scorepad.yaml -------------------------------------------


def test_solo_tracker_lists_the_rulebook_projects_and_payouts():
    solo = load_solo_tracker()
    assert [(p.id, p.scoring) for p in solo.major_projects] == [
        ("atalum", "compare"), ("arratooine", "compare"),
        ("special_missions", "compare"), ("joint", "funded"),
    ]  # fmt: skip
    c = solo.comparison
    assert (c.at_or_above_pp, c.below_by_at_most, c.below_by_at_most_pp, c.otherwise_pp) == (
        10,
        2,
        4,
        0,
    )
    assert c.joint_funded_pp == 10
    assert [s.step for s in solo.end_of_round_steps if s.uses_solo_card] == [4, 5]


def test_score_pad_categories():
    pad = load_score_pad()
    assert [c.id for c in pad.categories] == [
        "game_pp", "medals_of_honor", "remaining_resources",
        "funded_major_projects", "piracy_major_project",
    ]  # fmt: skip
    assert [c.end_step for c in pad.categories] == [None, 1, 2, 3, None]
    assert (pad.players.min, pad.players.max) == (1, 5)
    assert [c.digits for c in pad.categories] == [3, 2, 2, 2, 2]
    assert not any(c.signed for c in pad.categories)
    assert pad.total_max == 199 + 99 + 99 + 99 + 99
    assert all(c.note for c in pad.categories if c.assumed)


# --- broken copies -----------------------------------------------------------


def broken_copy(tmp_path: Path, name: str, edit) -> Path:
    data = yaml.safe_load((federation_dir() / name).read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def test_missing_field_is_named(tmp_path):
    path = broken_copy(tmp_path, "scorepad.yaml", lambda d: d["categories"][1].pop("max_value"))
    with pytest.raises(LayoutError) as err:
        load_score_pad(path)
    assert err.value.problems == ["categories.1.max_value: Field required"]


def test_unknown_key_is_named(tmp_path):
    path = broken_copy(tmp_path, "solo.yaml", lambda d: d["comparison"].update(bonus_pp=3))
    with pytest.raises(LayoutError) as err:
        load_solo_tracker(path)
    assert err.value.problems == ["comparison.bonus_pp: Extra inputs are not permitted"]


def test_every_problem_is_listed_at_once(tmp_path):
    def edit(data):
        del data["ai_assistants"]["cards"][0]["name"]
        data["erudite_tiles"]["tiles"][2]["colour"] = "red"

    with pytest.raises(LayoutError) as err:
        load_reference(broken_copy(tmp_path, "reference.yaml", edit))
    assert sorted(err.value.problems) == [
        "ai_assistants.cards.0.name: Field required",
        "erudite_tiles.tiles.2.colour: Extra inputs are not permitted",
    ]


def test_cross_field_problems_are_named(tmp_path):
    def edit(data):
        data["alteration_piracy_tokens"]["tokens"].pop()
        data["ai_assistants"]["cards"][2]["bonuses"][1]["die"] = [3]
        data["pirate_stalls"]["notes"][0]["printed_after"] = "nowhere"
        data["deep_space_piracy_tiles"]["tiles"][1]["id"] = "dsp1"

    with pytest.raises(LayoutError) as err:
        load_reference(broken_copy(tmp_path, "reference.yaml", edit))
    assert sorted(err.value.problems) == [
        "ai_assistants.cards.2.bonuses: die values [1, 2, 3, 5, 6] must cover 1 to 6 once each",
        "alteration_piracy_tokens.tokens: 7 entries, the component list says 8",
        "deep_space_piracy_tiles.tiles: id 'dsp1' is used 2 times",
        "pirate_stalls.notes.0.printed_after: no stall 'nowhere'",
    ]


def test_setup_entry_problems_are_named(tmp_path):
    def edit(data):
        data["entries"][0]["per_player"] = 1  # now both count and per_player
        data["entries"][1]["assumed"] = True  # assumed without a note
        data["entries"][-1]["id"] = "rounds"

    with pytest.raises(LayoutError) as err:
        load_setup(broken_copy(tmp_path, "setup.yaml", edit))
    assert sorted(err.value.problems) == [
        "entries.0: give exactly one of count, per_player, by_players "
        "(got ['count', 'per_player'])",
        "entries.1.note: an assumed count must say why",
        "entries: id 'rounds' is used 2 times",
    ]


def test_per_player_count_beyond_the_pool_is_refused(tmp_path):
    def edit(data):
        data["players"]["max"] = 7  # 7 + 1 AI Assistant cards, only 7 exist

    index = [e.id for e in load_setup().entries].index("ai_assistant_cards")
    with pytest.raises(LayoutError) as err:
        load_setup(broken_copy(tmp_path, "setup.yaml", edit))
    assert err.value.problems == [f"entries.{index}.out_of: 7 players need 8, only 7 exist"]
