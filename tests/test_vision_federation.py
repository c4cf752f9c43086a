"""Federation sheets through pen and reader: a state's marks, filled by a seeded hand,
read back into the same state (no camera: the filled page is flattened straight into
the common box, as tests/test_vision_distant_suns.py does).

The pen makes overruns, strays and corrections on purpose, so a reading may be
doubtful; it must never be silently wrong, and once the doubted fields are answered
from the pen's truth it must be the state itself.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from flat_pages import flat_reading

from pnp.synth.marks import SheetMarks, sheet_marks
from pnp.synth.states import random_state, random_states
from pnp.vision.fields import UNREAD_KINDS
from pnp.vision.states import assemble


def read_back(pages: list[tuple[SheetMarks, int]]):
    """Every page filled and read; the assembled states before and after answering
    each doubted field from the pen's truth."""
    read = [flat_reading(m, seed, f"page{k}.png") for k, (m, seed) in enumerate(pages)]
    sheets = [sheet for sheet, _ in read]
    truth = {sheet.source: t["fields"] for sheet, t in read}
    first, refused = assemble(sheets)
    assert not refused
    answers = {
        f"{d.source}:{d.field}": truth[d.source][d.field]["marked"]
        for a in first
        for d in a.doubtful
    }
    answered, _ = assemble(sheets, answers)
    return first, answered


def assert_round_trip(pages, expected: list[dict]) -> None:
    first, answered = read_back(pages)
    for a, want in zip(first, expected, strict=True):
        assert a.state == want or a.doubtful, "silently wrong"
    assert [a.state for a in answered] == expected
    assert not [d for a in answered for d in a.doubtful]
    assert not [n for a in answered for n in a.notes]


@pytest.mark.parametrize("seed", [3, 6])
def test_a_table_pad_reads_back_its_state(seed):
    state = random_state("federation", seed)
    (marks,) = sheet_marks("federation", state)
    assert_round_trip([(marks, seed)], [state])


def test_a_player_page_holds_one_player_as_column_one():
    (state,) = random_states("federation", 4, players=1, layout="player")
    (marks,) = sheet_marks("federation", state, "player")
    assert (marks.layout, marks.serial) == ("player", 1)
    assert {f.split("-")[0] for f in marks.marks} == {"p1"}
    (table,) = sheet_marks("federation", state)
    assert dict(marks.marks) == dict(table.marks)  # the same ids, on a roomier page


@pytest.mark.parametrize("seed", [1, 5])
def test_player_pages_read_back_one_state_a_player_each(seed):
    pads = random_states("federation", seed, players=3, layout="player")
    pages = [
        (m, seed * 10 + k)
        for k, pad in enumerate(pads)
        for m in sheet_marks("federation", pad, "player")
    ]
    assert [m.serial for m, _ in pages] == [1, 2, 3]
    expected = {"game": "federation", "modules": ["piracy"], "players": []}
    expected["players"] = [pad["players"][0] for pad in pads]
    # in any order: pad copy k is player k
    assert_round_trip(pages[::-1], [expected])


def test_player_pages_keep_a_confidence_for_every_field_of_each():
    pads = random_states("federation", 2, players=2, layout="player")
    pages = [
        (m, 20 + k) for k, pad in enumerate(pads) for m in sheet_marks("federation", pad, "player")
    ]
    first, _ = read_back(pages)
    (a,) = first
    read = {
        (s.source, i) for s in a.sheets for i, kind in s.kinds.items() if kind not in UNREAD_KINDS
    }
    # the pages hold the same ids: each keyed by its photo, none lost to the other page's
    assert len(a.confidence) == len(read)
    assert set(a.confidence) == {f"{source}:{i}" for source, i in read}


def test_one_player_page_is_a_state_of_one_player():
    state = random_state("federation", 8, layout="player")
    (marks,) = sheet_marks("federation", state, "player")
    assert_round_trip([(marks, 8)], [state])


def test_a_pad_layout_is_refused_for_other_games_and_unknown_layouts():
    with pytest.raises(ValueError, match="unknown score pad layout 'wide'"):
        sheet_marks("federation", random_state("federation", 1), "wide")
    with pytest.raises(ValueError, match="no layout"):
        sheet_marks("distant-suns", random_state("distant-suns", 1), "player")


# --- the Solo tracker ---------------------------------------------------------------


def solo_pages(state: dict, seed: int) -> list[tuple[SheetMarks, int]]:
    return [(m, seed * 7 + k) for k, m in enumerate(sheet_marks("federation", state))]


def test_a_solo_state_marks_both_tracker_pages():
    state = random_state("federation", 3, layout="solo")
    rounds, projects, pad = sheet_marks("federation", state)
    assert (rounds.layout, projects.layout, pad.layout) == ("rounds", "projects", "player")
    assert rounds.serial == projects.serial == 1
    assert "r5-floor3-sum" in rounds.marks and "end-total-write" in projects.marks
    assert not set(rounds.marks) & set(projects.marks)
    with pytest.raises(ValueError, match="Solo tracker"):
        sheet_marks("federation", state, "player")


@pytest.mark.parametrize("seed", [4, 7, 11, 13])
def test_solo_tracker_pages_read_back_their_state(seed):
    state = random_state("federation", seed, layout="solo")
    assert_round_trip(solo_pages(state, seed), [state])


def test_a_solo_game_with_blank_rows_used_reads_back():
    state = next(
        s
        for s in (random_state("federation", seed, layout="solo") for seed in range(40))
        if "other1" in s["projects"]
    )
    assert_round_trip(solo_pages(state, 2), [state])


def test_one_tracker_page_alone_is_no_state_and_says_why():
    state = random_state("federation", 4, layout="solo")
    (rounds, seed), *_ = solo_pages(state, 4)
    sheet, _ = flat_reading(rounds, seed, "rounds.png")
    (a,), refused = assemble([sheet])
    assert not refused and a.state is None
    assert a.notes == [
        "serial 1: no Solo tracker projects page in the batch; a Solo game needs both"
    ]


def test_a_projects_page_alone_asks_about_its_total_bubbled_in_part():
    """Seed 821 #99 (``python -m pnp.bench photos --n 300 --seed 821``), a real-mode
    projects page alone: its Total PP's units bubble, a fill drawn past its circle, read
    hatched out, the total left a tens bubble alone, and nothing asked."""
    state = random_state("federation", 4, layout="solo")
    _, (projects, seed), _ = solo_pages(state, 4)
    sheet, _ = flat_reading(projects, seed, "projects.png")
    (a,), _ = assemble([sheet])
    assert not any(d.field.startswith("end-total-") for d in a.doubtful)
    filled = [r for r in sheet.readings if r.id.startswith("end-total-") and r.state == "filled"]
    assert any(r.id.startswith("end-total-tens-") for r in filled)
    (units,) = (r for r in filled if r.id.startswith("end-total-units-"))
    readings = [
        replace(r, state="empty", hatched=True) if r is units else r for r in sheet.readings
    ]
    (a,), _ = assemble([replace(sheet, readings=readings)])
    asked = {d.field: d.reason for d in a.doubtful}
    assert "bubbled in part" in asked[units.id]


def test_a_solo_game_and_a_table_pad_of_one_serial_are_two_states():
    solo = random_state("federation", 4, layout="solo")
    table = random_state("federation", 8)
    (pad_marks,) = sheet_marks("federation", table)
    assert pad_marks.serial == solo["serial"] == 1
    a, b = read_back([*solo_pages(solo, 4), (pad_marks, 8)])[1]
    assert (a.state, b.state) == (table, solo)


def test_the_solo_players_pad_page_joins_the_solo_game():
    state = random_state("federation", 6, layout="solo")
    pages = solo_pages(state, 6)
    assert [(m.sheet, m.layout) for m, _ in pages] == [
        ("solo", "rounds"),
        ("solo", "projects"),
        ("scorepad", "player"),
    ]
    assert state["score_pad"]["funded_major_projects"] > 0
    assert_round_trip(pages, [state])
    # without its pad page the game is read, without the pad's values
    bare = {k: v for k, v in state.items() if k != "score_pad"}
    assert_round_trip(pages[:2], [bare])


def test_a_pad_copy_of_another_funded_total_is_doubtful():
    state = random_state("federation", 6, layout="solo")
    values = dict(state["score_pad"], funded_major_projects=3)
    column = {"name": state["name"], "serial": 1, "values": values}
    pad = {"game": "federation", "modules": [], "players": [column]}
    (pad_page,) = sheet_marks("federation", pad, "player")
    tracker = solo_pages(state, 6)[:2]
    read = [flat_reading(m, seed, f"page{k}.png") for k, (m, seed) in enumerate(tracker)]
    read.append(flat_reading(pad_page, 69, "pad.png"))
    sheets = [sheet for sheet, _ in read]
    truth = {sheet.source: t["fields"] for sheet, t in read}
    why = (
        "score_pad.funded_major_projects: 3 PP, but the Solo tracker gives "
        f"{state['score_pad']['funded_major_projects']} PP"
    )
    answers, asked = {}, {}
    for _ in range(4):  # a person answers every doubt until none is left
        (a,), _ = assemble(sheets, answers)
        asked |= {d.field: d.reason for d in a.doubtful}
        answers |= {f"{d.source}:{d.field}": truth[d.source][d.field]["marked"] for d in a.doubtful}
    assert asked["p1-funded_major_projects-units-3"] == why
    # answered from the truth, the fields stand and the sheets disagree: said, not guessed
    assert a.state is None and not a.doubtful and a.notes == [f"serial 1: {why}"]


def test_two_solo_trackers_are_two_games_by_serial():
    games = random_states("federation", 9, players=2, layout="solo")
    pages = [page for k, game in enumerate(games) for page in solo_pages(game, 20 + k)]
    _, answered = read_back(pages[::-1])
    assert [a.state for a in answered] == games


def _solo_game_with_stray(field: str):
    """Seed 4's Solo game (its blank row other2 unused) with a fill at ``field`` of the
    projects page: the state, the pages read (sheet, truth), the first assembly."""
    from dataclasses import replace

    from pnp.synth.marks import Mark

    state = random_state("federation", 4, layout="solo")
    assert "other2" not in state["projects"]
    rounds, projects, pad = sheet_marks("federation", state)
    stray = replace(projects, marks={**projects.marks, field: Mark("fill")})
    read = [flat_reading(m, 5, f"page{k}.png") for k, m in enumerate((rounds, stray, pad))]
    (first,), _ = assemble([sheet for sheet, _ in read])
    return state, read, first


def test_a_stray_mark_in_a_blank_row_is_doubted_not_a_dead_end():
    state, read, first = _solo_game_with_stray("r4-other2-units-1")
    sheets = [sheet for sheet, _ in read]
    doubted = {d.field: d.reason for d in first.doubtful}
    assert doubted["r4-other2-units-1"].startswith("r1-other2: no units bubble filled")
    answers = {"page1.png:r4-other2-units-1": False}
    answers |= {  # the pen's own trouble, answered from its truth
        f"{d.source}:{d.field}": read[int(d.source[4])][1]["fields"][d.field]["marked"]
        for d in first.doubtful
        if d.field != "r4-other2-units-1"
    }
    (answered,), _ = assemble(sheets, answers)
    assert answered.state == state


def _with_fills(marks: SheetMarks, *ids: str) -> SheetMarks:
    from dataclasses import replace

    from pnp.synth.marks import Mark

    return replace(marks, marks={**marks.marks, **{i: Mark("fill") for i in ids}})


def _second_units_bubble(marks: SheetMarks, prefix: str) -> tuple[str, str]:
    """The units bubble of ``prefix`` the hand filled, and a neighbour it did not."""
    (filled,) = [i for i in marks.marks if i.startswith(f"{prefix}-units-")]
    digit = int(filled.rsplit("-", 1)[1])
    return filled, f"{prefix}-units-{digit + 1 if digit < 9 else digit - 1}"


def test_two_bubbles_in_a_digit_of_a_total_are_settled_by_the_categories_sum():
    """The total only checks the categories, but a place of it read with two fills is
    not passed over: the one digit that makes the column add up is the total's
    (``pad_sums``)."""
    state = random_state("federation", 8)
    (pad,) = sheet_marks("federation", state)
    filled, extra = _second_units_bubble(pad, "p2-total")
    sheet, _ = flat_reading(_with_fills(pad, extra), 8, "pad.png")
    (a,), _ = assemble([sheet])
    assert not a.doubtful
    assert a.settled[f"pad.png:{filled}"] is True and a.settled[f"pad.png:{extra}"] is False
    assert a.state == state


def test_two_bubbles_in_a_digit_are_doubted_on_a_solo_page_read_alone():
    state = random_state("federation", 4, layout="solo")
    rounds, *_ = sheet_marks("federation", state)
    filled, extra = _second_units_bubble(rounds, "r1-law")
    sheet, _ = flat_reading(_with_fills(rounds, extra), 4, "rounds.png")
    (a,), _ = assemble([sheet])
    assert a.state is None and a.notes  # the projects page is missing...
    doubted = {d.field: d.reason for d in a.doubtful}
    assert {filled, extra} <= set(doubted)  # ...but what is on this page is checked
    assert doubted[extra].startswith("r1-law: 2 units bubbles filled")


def test_a_bubble_hatched_out_beside_its_digits_clean_fill_is_read_as_the_correction():
    from dataclasses import replace

    from pnp.vision.field_doubts import HATCHED, Doubt

    state = random_state("federation", 8)
    (pad,) = sheet_marks("federation", state)
    filled, extra = _second_units_bubble(pad, "p2-game_pp")
    sheet, _ = flat_reading(pad, 8, "pad.png")
    assert sheet.reading(filled).ink >= 0.35
    # the reader found a second bubble filled past its circle, and asked: hatched out?
    hatched = replace(sheet.reading(extra), state="filled", ink=0.9, beyond=0.8)
    readings = tuple(hatched if r.id == extra else r for r in sheet.readings)
    doubt = Doubt(extra, "inked past the circle: a fill, or hatched out?", "pad.png", HATCHED)
    sheet = replace(sheet, readings=readings, doubtful=(*sheet.doubtful, doubt))
    (a,), _ = assemble([sheet])
    assert a.state == state and not a.doubtful
    assert a.settled == {f"pad.png:{extra}": False} and a.confidence[extra] < 1
    # a person's answer outranks the page's own reading
    (b,), _ = assemble([sheet], {f"pad.png:{extra}": True})
    assert b.state is None and b.doubtful and not b.settled


def _hatched_out_on_pad(hatched: str, one_higher: str | None = None):
    """Seed 3's pad read flat with the bubble of place ``hatched`` (``p1-total-units``)
    read as hatched out, and the place ``one_higher`` (if given) read a digit higher:
    the state, the bubble read hatched out, and the page assembled."""
    from dataclasses import replace

    from flat_pages import flat_reading

    state = random_state("federation", 3)
    (marks,) = sheet_marks("federation", state)
    sheet, _ = flat_reading(marks, 3, "pad.png")
    (gone,) = (i for i in marks.marks if i.startswith(f"{hatched}-"))
    moved = {gone: dict(state="empty", hatched=True)}
    if one_higher:
        (real,) = (i for i in marks.marks if i.startswith(f"{one_higher}-"))
        moved[real] = dict(state="empty", ink=0.0)
        moved[f"{real[:-1]}{(int(real[-1]) + 1) % 10}"] = dict(state="filled", ink=0.95)
    readings = tuple(replace(r, **moved[r.id]) if r.id in moved else r for r in sheet.readings)
    (a,), _ = assemble([replace(sheet, readings=readings, doubtful=())])
    return state, gone, a


def test_a_column_off_by_one_misread_digit_asks_the_places_that_digit_could_be():
    """Seed 4's pad (Game PP 81, Medals 17, Resources 5, Funded 7, Piracy 3: total 113),
    read with Piracy's tens bubble 8 filled too (a fill of its own: not doubted), adds up
    to 80 more than its total. Asked are the places one digit of which is 80 off (Game
    PP's tens 8 for 0, Piracy's 8 for 0, the total's tens 1 for 9), not the column's 11
    bubbles; answered, the page reads the state."""
    from dataclasses import replace

    from flat_pages import flat_reading

    state = random_state("federation", 4)
    (marks,) = sheet_marks("federation", state)
    sheet, truth = flat_reading(marks, 4, "pad.png")
    assert not sheet.doubtful
    extra = "p1-piracy_major_project-tens-8"
    assert "p1-piracy_major_project-units-3" in marks.marks and extra not in marks.marks
    readings = tuple(
        replace(r, state="filled", ink=0.95, coverage=0.95) if r.id == extra else r
        for r in sheet.readings
    )
    sheet = replace(sheet, readings=readings)
    (a,), _ = assemble([sheet])
    asked = {d.field for d in a.doubtful}
    assert asked == {"p1-game_pp-tens-8", extra, "p1-total-tens-1"}
    why = "column 1: the bubbled total 113 is not the sum of its categories (193)"
    assert all(d.reason == why for d in a.doubtful)
    answers = {f"pad.png:{i}": truth["fields"][i]["marked"] for i in asked}
    (b,), _ = assemble([sheet], answers)
    assert b.state == state and not b.doubtful


def test_a_total_bubbled_in_part_is_settled_by_the_sum():
    """The total's units bubble read as hatched out (tens and no units): reading it
    filled is the one reading that makes the column add up."""
    state, units, a = _hatched_out_on_pad("p1-total-units")
    assert sum(state["players"][0]["values"].values()) >= 10  # a tens bubble, no units
    assert a.state == state and not a.doubtful
    assert a.settled.get(f"pad.png:{units}") is True


def test_a_total_bubbled_in_part_is_asked_not_left_unchecked():
    """As above, with Game PP's units read one higher too: no reading adds up, and the
    total's places are asked, the bubble read hatched out among them."""
    _, units, a = _hatched_out_on_pad("p1-total-units", one_higher="p1-game_pp-units")
    asked = {d.field: d.reason for d in a.doubtful}
    assert units in asked and "no units bubble" in asked[units]
    assert any(i.startswith("p1-total-tens-") for i in asked)


def test_a_digits_only_bubble_read_as_hatched_out_is_asked_by_name():
    """Game PP's units bubble read as hatched out, the total's units read one higher: no
    reading adds up, and the empty place is asked by the bubble read hatched out."""
    _, units, a = _hatched_out_on_pad("p1-game_pp-units", one_higher="p1-total-units")
    asked = {d.field: d.reason for d in a.doubtful}
    assert "no units bubble filled" in asked[units]


def test_a_solo_law_bubble_read_as_hatched_out_is_asked_with_both_pages():
    from dataclasses import replace

    from flat_pages import flat_reading

    state = random_state("federation", 4, layout="solo")
    rounds, projects, _ = sheet_marks("federation", state)
    (units,) = [i for i in rounds.marks if i.startswith("r4-law-units-")]
    sheets = [flat_reading(m, 40 + k, f"p{k}.png")[0] for k, m in enumerate((rounds, projects))]
    hatched = tuple(
        replace(r, state="empty", hatched=True) if r.id == units else r for r in sheets[0].readings
    )
    sheets[0] = replace(sheets[0], readings=hatched, doubtful=())
    (a,), _ = assemble(sheets)
    assert units in {d.field for d in a.doubtful}  # asked by name, not only noted


@pytest.mark.parametrize("page", ["rounds", "projects"])
def test_a_solo_page_read_alone_still_asks_about_a_bubble_read_as_hatched_out(page):
    from dataclasses import replace

    from flat_pages import flat_reading

    state = random_state("federation", 4, layout="solo")
    rounds, projects, _ = sheet_marks("federation", state)
    marks = rounds if page == "rounds" else projects
    start = "r4-law-units-" if page == "rounds" else "end-"
    units = sorted(i for i in marks.marks if i.startswith(start) and "-units-" in i)[0]
    sheet, _ = flat_reading(marks, 40, f"{page}.png")
    readings = tuple(
        replace(r, state="empty", hatched=True) if r.id == units else r for r in sheet.readings
    )
    (before,), _ = assemble([replace(sheet, doubtful=())])
    (a,), _ = assemble([replace(sheet, readings=readings, doubtful=())])
    assert a.state is None and "a Solo game needs both" in a.notes[0]
    # asked by name, though no state is made; and nothing else is asked for want of the
    # other page than the page's own crowded digits (the pen's corrections)
    assert {d.field for d in a.doubtful} == {d.field for d in before.doubtful} | {units}


def test_a_number_with_no_bubble_read_asks_which_bubble_of_the_empty_place_is_filled():
    """Seed 692 #934 (a hard score pad): Medals of Honor's units fill too faint to read,
    no bubble of the number read filled. The column was not scored and nothing asked
    (a note only); now the place's ten bubbles are asked, and answered, the pad is
    scored."""
    from dataclasses import replace

    from flat_pages import flat_reading

    state = random_state("federation", 4)
    (marks,) = sheet_marks("federation", state)
    sheet, truth = flat_reading(marks, 4, "pad.png")
    assert not sheet.doubtful
    prefix = "p1-remaining_resources"
    (gone,) = (i for i in marks.marks if i.startswith(f"{prefix}-units-"))  # Resources 5
    readings = tuple(
        replace(r, state="empty", ink=0.0, coverage=0.0) if r.id == gone else r
        for r in sheet.readings
    )
    (a,), _ = assemble([replace(sheet, readings=readings)])
    assert a.state is None
    asked = {d.field: d.reason for d in a.doubtful}
    assert set(asked) == {f"{prefix}-units-{d}" for d in range(10)}
    assert asked[gone] == f"{prefix}: no units bubble filled: is one of these?"
    answers = {f"pad.png:{i}": truth["fields"][i]["marked"] for i in asked}
    (b,), _ = assemble([replace(sheet, readings=readings)], answers)
    assert b.state == state and not b.doubtful and not b.notes


def test_a_stray_mark_making_a_pad_column_look_used_is_asked():
    """A grain read filled in the next column's total (seed 677 #534, a hard pad: 2
    players, a stray bubble in column 4's total) left every number of the columns
    after the players' without a bubble: notes only, nothing asked. The stray is now
    asked, once, and answered empty, the pad reads its state."""
    state = random_state("federation", 4)
    (pad,) = sheet_marks("federation", state)
    column = f"p{len(state['players']) + 1}"
    stray = f"{column}-total-units-3"
    sheet, _ = flat_reading(_with_fills(pad, stray), 4, "pad.png")
    (a,), _ = assemble([sheet])
    assert a.state is None
    asked = {d.field: d.reason for d in a.doubtful}
    assert asked == {stray: f"{column}: 5 numbers with no bubble filled: a stray mark?"}
    (b,), _ = assemble([sheet], {f"pad.png:{stray}": False})
    assert b.state == state and not b.doubtful and not b.notes
    # a column further on: the empty column before it is one note, not one a number
    after = f"p{len(state['players']) + 2}-total-units-3"
    sheet, _ = flat_reading(_with_fills(pad, after), 4, "pad.png")
    (c,), _ = assemble([sheet])
    assert {d.field for d in c.doubtful} == {after}
    assert c.notes == [f"pad.png: column {column[1:]}: 5 numbers with no bubble filled"]


def _law_fill_unread():
    """A Solo rounds page read alone (no sum to settle it), its Law units fill read empty
    but asked for its faint ink: (the page, the fill's field id, the page as read so
    without the reader's doubt)."""
    from dataclasses import replace

    from pnp.vision.field_doubts import NOISE, Doubt

    state = random_state("federation", 4, layout="solo")
    rounds, *_ = sheet_marks("federation", state)
    sheet, _ = flat_reading(rounds, 4, "rounds.png")
    (gone,) = (i for i in rounds.marks if i.startswith("r1-law-units-"))
    readings = tuple(
        replace(r, state="empty", ink=0.0, coverage=0.0) if r.id == gone else r
        for r in sheet.readings
    )
    noise = Doubt(gone, "noisy paper: faint strokes", "rounds.png", NOISE)
    return (
        replace(sheet, readings=readings, doubtful=(noise,)),
        gone,
        replace(sheet, readings=readings, doubtful=()),
    )


def test_a_number_with_no_bubble_read_asks_the_bubble_of_its_place_asked_already():
    """A Solo rounds page read alone (no sum to settle it): the Law units fill read
    empty but asked for its faint ink. That bubble alone is asked, for both reasons,
    not the place's other nine."""
    page, gone, undoubted = _law_fill_unread()
    (a,), _ = assemble([page])
    asked = {d.field: d.reason for d in a.doubtful}
    assert set(asked) == {gone}
    assert asked[gone].endswith("r1-law: no units bubble filled: is one of these?")
    (b,), _ = assemble([undoubted])
    assert {d.field for d in b.doubtful} == {f"r1-law-units-{d}" for d in range(10)}


def test_a_number_with_no_bubble_asks_the_bubble_the_noise_model_answered_empty(monkeypatch):
    """Seed 791 #114 (a hard Solo page): the end's Arratooine units fill too faint to
    read, asked for its noise, and the noise model sure it was grain. The place's rule
    (a number has a units bubble) then asked its nine other bubbles, never the one the
    model answered: a person looking at them says none is filled. Now the model's
    answer is the one asked, open to the person, and not recorded as settled."""
    import pnp.vision.learned as learned

    page, gone, _ = _law_fill_unread()
    model = {f"rounds.png:{gone}": 0.0001}  # sure: no mark
    monkeypatch.setattr(learned, "learned_answers", lambda out: (dict(model), {}))
    (a,), _ = assemble([page])
    asked = {d.field: d.reason for d in a.doubtful}
    assert set(asked) == {gone}
    assert asked[gone].endswith("r1-law: no units bubble filled: is one of these?")
    assert f"rounds.png:{gone}" not in a.settled
    # a person's answer still settles it
    (b,), _ = assemble([page], {f"rounds.png:{gone}": True})
    assert gone not in {d.field for d in b.doubtful}


def test_a_stray_mark_in_a_blank_rows_end_of_game_is_doubted_with_the_row():
    """Seeds 684 #914 and 702 #514 (hard): a blank row's end-of-game "funded: no" bubble
    read filled (a mark scribbled out) makes the row look used, and its own end-of-game
    number has no bubble: that was a note, the stray's question not naming the row; now
    the stray is asked with the row's problem."""
    _, _, first = _solo_game_with_stray("end-other2-funded-no")
    doubted = {d.field: d.reason for d in first.doubtful}
    assert "end-other2-yours: no units bubble filled" in doubted["end-other2-funded-no"]
    assert not [n for n in first.notes if "other2" in n]


def test_a_number_left_unwritten_by_a_mark_taken_back_asks_its_units():
    """Seed 726 #314 (a hard player pad, halved, JPEG 80): the Piracy Major Project's
    units-1 hatched out, its units-0 fill showing no ink at the ink step. The column's sum
    adds up with units-1 empty and the number unwritten as with 0, so it was settled
    empty and the Piracy module left out of the state, nothing asked. A mark taken back
    says the number was written: its units are asked, and answered, the pad reads its
    state."""
    import json
    from pathlib import Path

    from pnp.vision.read import read_photo

    page = Path(__file__).parent / "fixtures" / "pads"
    page /= "seed726-00314-federation-scorepad-player-hard-half.jpg"
    truth = json.loads(page.with_suffix(".json").read_text())["state"]
    prefix = "p1-piracy_major_project"
    value = truth["players"][0]["values"]["piracy_major_project"]
    (sheet,) = read_photo(page)
    (a,), _ = assemble([sheet])
    asked = {d.field: d.reason for d in a.doubtful}
    assert set(asked) == {f"{prefix}-units-{d}" for d in range(10) if d != 1}
    assert asked[f"{prefix}-units-0"].startswith(f"{prefix}: {prefix}-units-1 taken for no mark")
    answers = {f"{sheet.source}:{i}": i == f"{prefix}-units-{value}" for i in asked}
    (b,), _ = assemble([sheet], answers)
    assert b.state == truth and not b.doubtful


def test_a_number_the_noise_models_answer_leaves_unwritten_is_asked_if_it_was_inked():
    """A fill the noise model answered empty (a mark taken back, or the model wrong) and
    no other bubble of its number filled: the number's units are asked as a mark taken
    back; grain (under ``field_doubts.BUBBLE_MIN_COVERAGE``) so answered is not (a category the
    pad needs is asked for its empty units all the same)."""
    from dataclasses import replace

    from pnp.vision.federation import assemble_federation
    from pnp.vision.field_doubts import BUBBLE_MIN_COVERAGE

    state = random_state("federation", 4)
    (marks,) = sheet_marks("federation", state)
    sheet, _ = flat_reading(marks, 4, "pad.png")
    prefix = "p1-remaining_resources"
    (fill,) = (i for i in marks.marks if i.startswith(f"{prefix}-units-"))
    readings = {r.id: r for r in sheet.readings}
    for coverage, asked in ((0.34, True), (BUBBLE_MIN_COVERAGE / 2, False)):
        inked = replace(readings[fill], coverage=coverage)
        page = replace(sheet, readings=tuple(inked if r.id == fill else r for r in sheet.readings))
        key = f"pad.png:{fill}"
        (a,) = assemble_federation([page], {key: False}, frozenset({key}))
        taken = {d.field for d in a.doubtful if "taken for no mark" in d.reason}
        assert taken == ({f"{prefix}-units-{d}" for d in range(10)} - {fill} if asked else set())
