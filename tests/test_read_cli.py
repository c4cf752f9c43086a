"""`pnp read` and photos in `pnp score`: committed photos against their truth, and every
kind of bad input refused with one line, its own exit code, and the rest of the batch read."""

from __future__ import annotations

import json
import shutil
import struct
import zlib
from pathlib import Path

import click
import cv2
import numpy as np
import pytest
from click.testing import CliRunner
from conftest import truth_marked

from pnp.asking import GRID_FROM
from pnp.cli import cli
from pnp.vision.answers import marked
from pnp.vision.fields import UNREAD_KINDS
from pnp.vision.photo_io import (
    EXIT_DUPLICATE,
    EXIT_NO_SHEET,
    EXIT_NOT_AN_IMAGE,
    EXIT_OTHER_VERSION,
    EXIT_TOO_LARGE,
    EXIT_TOO_SMALL,
    EXIT_WRONG_GAME,
)
from pnp.vision.read import read_photo
from pnp.vision.states import assemble

PHOTOS = Path(__file__).parent / "fixtures" / "photos"
EASY = sorted(PHOTOS.glob("*-easy.jpg"))
SHIP, TRACKER, TECH = (
    PHOTOS / f"0000{i}-stellar-drift-{s}-easy.jpg"
    for i, s in enumerate(("ship", "tracker", "tech"))
)
PAD = PHOTOS / "00004-federation-scorepad-easy.jpg"
COSMOS = PHOTOS / "00003-distant-suns-cosmos-easy.jpg"
PLAYER_PAD = PHOTOS / "00009-federation-scorepad-player-normal.jpg"
DOUBTED = PHOTOS / "00011-stellar-drift-tracker-hard.jpg"  # 10 fields asked (``reader_alone``)


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def assert_clean_refusal(result, code, *words):
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit)
    errors = [ln for ln in result.stderr.splitlines() if ln.startswith("error:")]
    assert len(errors) == 1, result.stderr
    for w in words:
        assert w in errors[0]


def truth(photo: Path) -> dict:
    return json.loads(photo.with_suffix(".json").read_text())


@pytest.mark.parametrize("photo", EASY, ids=lambda p: p.stem)
def test_easy_photos_read_their_truth_or_flag_the_difference(photo):
    expected = truth(photo)
    (sheet,) = read_photo(photo)
    assert sheet.code.text == expected["sheet"]["page_code"]
    (state,), refused = assemble([sheet])
    assert not refused
    doubtful = {d.field for d in state.doubtful}
    got = marked(sheet, {})
    clean = {
        fid: t["marked"]
        for fid, t in expected["sheet"]["fields"].items()
        if sheet.kinds[fid] not in UNREAD_KINDS
        and t["kind"] != "scribbled-out"
        and not t["overrun"]
        and not t["touched_by"]
    }
    silent = [f for f, m in clean.items() if (f in got) != m and f not in doubtful]
    assert not silent, silent
    if state.state is not None and not state.doubtful and sheet.code.game == "federation":
        assert state.state == expected["state"]


@pytest.mark.parametrize("pad", [PAD, PLAYER_PAD], ids=lambda p: p.stem)
def test_a_clear_federation_pad_is_its_truth_once_the_doubt_is_answered(pad):
    expected = truth(pad)
    (sheet,) = read_photo(pad)
    fields = expected["sheet"]["fields"]
    answers = {d.field: fields[d.field]["marked"] for d in sheet.doubtful}
    (state,), _ = assemble([sheet], answers)
    if state.state is not None and not state.doubtful:
        assert state.state == expected["state"]
    else:  # every remaining doubt names a field that is really in question
        assert state.doubtful


def test_read_json_gives_state_confidence_and_doubt():
    result = run("read", SHIP, "--json")
    assert result.exit_code in (0, 3), result.output
    out = json.loads(result.stdout)
    (state,) = out["states"]
    assert state["state"]["ship"] == "terran-starhopper"
    assert 0 <= min(state["confidence"].values()) <= 1
    assert all({"field", "reason", "source"} <= set(d) for d in state["doubtful"])
    assert out["states"][0]["sheets"][0]["reprojection_mm"] < 1.5


@pytest.mark.usefixtures("reader_alone")
def test_set_resolves_a_doubtful_field(tmp_path):
    first = json.loads(run("read", DOUBTED, "--json").stdout)["states"][0]
    fields = [d["field"] for d in first["doubtful"] if d["field"] != "shapes"]
    assert fields, f"pick a photo the reader asks about: {DOUBTED.name} is clear now"
    answer = [f"--set={fields[0]}=empty"]
    second = json.loads(run("read", DOUBTED, "--json", *answer).stdout)["states"][0]
    assert fields[0] not in {d["field"] for d in second["doubtful"]}
    assert second["confidence"][fields[0]] == 1.0
    assert run("read", DOUBTED, "--set", "no-such-field=filled").exit_code == 2
    assert run("read", DOUBTED, "--set", f"{fields[0]}=maybe").exit_code == 2


@pytest.mark.usefixtures("reader_alone")
def test_ask_shows_pictures_while_asking_and_leaves_none_behind(monkeypatch):
    first = json.loads(run("read", DOUBTED, "--json").stdout)["states"][0]
    doubts = len(first["doubtful"])
    assert doubts >= GRID_FROM, f"pick a photo with more doubt: {DOUBTED.name} asks {doubts}"
    shown = []
    prompt = click.prompt

    def looking(text, **kwargs):  # the picture named is there to open while asked
        line = text.split("crop: ")[1] if "crop: " in text else text.split("numbered in")[1]
        picture = Path(line.split()[0])
        shown.append((picture, cv2.imread(str(picture)) is not None))
        return prompt(text, **kwargs)

    monkeypatch.setattr(click, "prompt", looking)
    # the page's fields numbered in one picture; then one at a time, each with its crop
    answers = "one\n" + "empty\n" * doubts
    result = CliRunner().invoke(cli, ["read", str(DOUBTED), "--ask", "--json"], input=answers)
    assert "numbered in" in result.stderr and "crop: " in result.stderr
    assert len(shown) == 1 + doubts
    assert all(readable for _, readable in shown)
    assert not json.loads(result.stdout)["states"][0]["doubtful"]
    # and once answered, nothing is left behind in the temporary folder
    assert not shown[0][0].parent.exists()


@pytest.mark.usefixtures("reader_alone")
def test_answers_given_when_asked_are_printed_to_give_again_as_set_options():
    import shlex

    doubts = json.loads(run("read", DOUBTED, "--json").stdout)["states"][0]["doubtful"]
    reply = " ".join(map(str, truth_marked(DOUBTED, [d["field"] for d in doubts]))) or "none"
    asked = CliRunner().invoke(cli, ["read", str(DOUBTED), "--ask", "--json"], input=reply + "\n")
    (line,) = [ln for ln in asked.stderr.splitlines() if ln.startswith("answered:")]
    options = shlex.split(line.split("add ", 1)[1])
    assert options[0::2] == ["--set"] * (len(options) // 2)
    assert all(o.startswith(f"{DOUBTED.name}:") for o in options[1::2])
    again = run("read", DOUBTED, "--json", *options)
    assert "answered:" not in again.stderr  # none asked in the terminal this time
    (state_asked,), (state_again,) = (json.loads(r.stdout)["states"] for r in (asked, again))
    for state in (state_asked, state_again):
        for sheet in state["sheets"]:
            del sheet["timing_ms"]
    assert state_again == state_asked


def test_overlay_writes_an_annotated_png(tmp_path):
    result = run("read", SHIP, "--overlay", tmp_path / "ov")
    assert result.exit_code in (0, 3), result.output
    (png,) = (tmp_path / "ov").iterdir()
    assert png.name == f"{SHIP.stem}-overlay.png"
    image = cv2.imread(str(png))
    assert image.shape[0] > 1000 and image.shape[2] == 3


def test_a_cosmos_read_is_named_by_its_serial_as_a_ship_is():
    # not "player 1" by place in the table: the leader, whichever sheet it is
    (state,) = json.loads(run("read", COSMOS, "--json").stdout)["states"]
    assert state["state"]["player"] == "Player 1" and state["state"]["serial"] == 1


def test_score_reads_photos_with_their_serial_into_one_player():
    result = run("score", SHIP, TRACKER, TECH, "--json")
    assert result.exit_code in (0, 3), result.output
    if result.stdout.strip():
        (player,) = json.loads(result.stdout)["players"]
        assert player["total"] > 0
    else:  # the marks break a rule: the one player is held back, every field in doubt named
        (line,) = [ln for ln in result.stderr.splitlines() if "not scored" in ln]
        assert all(p.name in line for p in (SHIP, TRACKER, TECH))


def test_score_reads_the_photos_of_a_folder_as_named_one_by_one(tmp_path):
    folder = tmp_path / "table"
    folder.mkdir()
    for p in (SHIP, TRACKER, TECH):
        shutil.copy(p, folder / p.name)
    (folder / "notes.txt").write_text("not a photo: passed over")
    named = run("score", *(folder / p.name for p in (SHIP, TRACKER, TECH)), "--json")
    whole = run("score", folder, "--json")
    assert whole.exit_code == named.exit_code and whole.exit_code in (0, 3), whole.output
    assert whole.stdout == named.stdout


@pytest.mark.parametrize("command", ["read", "score"])
def test_a_folder_without_photos_is_a_usage_error_not_nothing_to_do(tmp_path, command):
    (tmp_path / "notes.txt").write_text("no photos here")
    result = run(command, tmp_path)
    assert result.exit_code == 2, result.output
    assert "no photos in this folder" in result.output and str(tmp_path) in result.output
    assert "Traceback" not in result.output


def test_help_documents_exit_codes():
    result = run("read", "--help")
    assert result.exit_code == 0
    for code in range(4, 10):
        assert f"  {code}  " in result.output
    assert f"  {EXIT_OTHER_VERSION} a sheet printed from another version" in result.output


# --- bad input -----------------------------------------------------------------------


def png_header(width, height) -> bytes:
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return (
        b"\x89PNG\r\n\x1a\n"
        + struct.pack(">I", len(ihdr))
        + chunk
        + struct.pack(">I", zlib.crc32(chunk))
    )


def jpeg_header(width, height) -> bytes:
    sof = struct.pack(">BHHB", 8, height, width, 1) + b"\x01\x11\x00"
    return b"\xff\xd8\xff\xc0" + struct.pack(">H", len(sof) + 2) + sof + b"\xff\xd9"


BAD = {
    "empty.jpg": (lambda: b"", EXIT_NOT_AN_IMAGE, "empty"),
    "truncated.jpg": (lambda: SHIP.read_bytes()[: SHIP.stat().st_size // 2], 5, "truncated"),
    "notes.jpg": (lambda: b"shopping list: milk, eggs\n" * 20, EXIT_NOT_AN_IMAGE, "not a JPEG"),
    "dot.png": (lambda: cv2.imencode(".png", np.zeros((1, 1), np.uint8))[1].tobytes(), 9, "small"),
    "bomb.png": (lambda: png_header(50000, 50000) + b"\0" * 64, EXIT_TOO_LARGE, "50000 x 50000"),
    "bomb.jpg": (lambda: jpeg_header(50000, 50000), EXIT_TOO_LARGE, "50000 x 50000"),
    "table.jpg": (
        lambda: cv2.imencode(
            ".jpg", np.random.default_rng(0).integers(60, 200, (900, 1200), dtype=np.uint8)
        )[1].tobytes(),
        EXIT_NO_SHEET,
        "no sheet",
    ),
}
assert EXIT_TOO_SMALL == 9


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_input_gets_one_line_its_code_and_the_batch_goes_on(tmp_path, name):
    make, code, words = BAD[name]
    bad = tmp_path / name
    bad.write_bytes(make())
    out = tmp_path / "ov"
    result = run("read", bad, SHIP, "--overlay", out)
    assert_clean_refusal(result, code, name, words)
    assert "terran-starhopper" in result.stdout  # the good photo is still read
    assert sorted(p.name for p in out.iterdir()) == [f"{SHIP.stem}-overlay.png"]


def covered(tmp_path, photo: Path, corners: int) -> Path:
    from pnp.vision.markers import find_fiducials

    gray = cv2.imread(str(photo), cv2.IMREAD_GRAYSCALE)
    for quad in list(find_fiducials(gray).values())[:corners]:
        centre = quad.mean(axis=0)
        pts = (centre + (quad - centre) * 1.5).round().astype(np.int32)
        cv2.fillConvexPoly(gray, pts, 150)  # a thumb
    path = tmp_path / f"thumb{corners}.png"
    cv2.imwrite(str(path), gray)
    return path


def test_one_covered_fiducial_still_reads(tmp_path):
    (sheet,) = read_photo(covered(tmp_path, TECH, 1))
    assert len(sheet.markers) == 3
    assert sheet.code.sheet == "tech"


def test_two_covered_fiducials_are_no_sheet(tmp_path):
    result = run("read", covered(tmp_path, TECH, 2))
    assert_clean_refusal(result, EXIT_NO_SHEET, "corner markers")


def test_wrong_game_in_a_folder_is_refused_and_the_rest_read_on_two_cores(tmp_path):
    folder = tmp_path / "table"
    folder.mkdir()
    for p in (SHIP, TRACKER, PAD):
        shutil.copy(p, folder / p.name)
    result = run("read", folder, "--json")
    assert_clean_refusal(result, EXIT_WRONG_GAME, PAD.name, "federation")
    (state,) = json.loads(result.stdout)["states"]
    assert len(state["sources"]) == 2


def test_a_sheet_of_another_layout_version_is_refused_not_misread(monkeypatch):
    """A sheet printed before its layout changed must not be read against the new blank."""
    from dataclasses import replace

    import pnp.vision.identify as identify

    real = identify.identify

    def older_tech(page):
        code = real(page)
        return replace(code, version=7) if code.sheet == "tech" else code

    monkeypatch.setattr(identify, "identify", older_tech)
    result = run("read", TECH, SHIP)
    printed = truth(TECH)["sheet"]["page_code"].split(":")[4]
    assert_clean_refusal(result, EXIT_OTHER_VERSION, TECH.name, "version 7", f"version {printed}")


def test_the_same_sheet_twice_names_both_photos(tmp_path):
    again = tmp_path / "again.jpg"
    shutil.copy(SHIP, again)
    result = run("read", SHIP, again)
    assert_clean_refusal(result, EXIT_DUPLICATE, "again.jpg", SHIP.name)


def test_score_refuses_a_state_file_of_another_game(tmp_path):
    other = tmp_path / "pad.json"
    other.write_text(json.dumps(truth(PAD)["state"]))
    result = run("score", SHIP, other)
    assert_clean_refusal(result, EXIT_WRONG_GAME, "pad.json")


def test_a_solo_game_photographed_scores_its_final_pp_once_doubts_are_answered(tmp_path):
    from pnp.synth.camera import photograph
    from pnp.synth.marks import sheet_marks
    from pnp.synth.pen import build_page, fill
    from pnp.synth.states import random_state
    from scoring.federation.solo_state import parse_state, score
    from scoring.federation.solo_tracker import load_solo_tracker

    state = random_state("federation", 4, layout="solo")
    photos, truth = [], {}
    for k, marks in enumerate(sheet_marks("federation", state)):
        filled = fill(build_page(marks), marks, 40 + k, 150)
        path = tmp_path / f"{marks.name}.jpg"
        path.write_bytes(photograph(filled.image, "easy", k, megapixels=2).jpeg)
        photos.append(path)
        truth[path.name] = filled.truth["fields"]
    sets = []
    for _ in range(3):  # answer what the reader doubts, as a person would
        out = json.loads(run("read", *photos, "--json", *sets).stdout)
        (read,) = out["states"]
        sets += [
            f"--set={Path(d['source']).name}:{d['field']}="
            + ("filled" if truth[Path(d["source"]).name][d["field"]]["marked"] else "empty")
            for d in read["doubtful"]
        ]
    assert read["state"] == state and not read["doubtful"] and not read["notes"]
    result = run("score", *photos, "--json", *sets)
    assert result.exit_code == 0, result.output
    (player,) = json.loads(result.stdout)["players"]
    expected = score(parse_state(state), load_solo_tracker())
    assert expected.complete and player["total"] == expected.total
    assert player["detail"]["funded_major_projects"] == state["score_pad"]["funded_major_projects"]


HARD_TRIO = [
    PHOTOS / f"000{10 + i}-stellar-drift-{s}-hard.jpg"
    for i, s in enumerate(("ship", "tracker", "tech"))
]


def test_a_score_counting_open_doubts_says_it_is_provisional_until_they_are_answered():
    read = json.loads(run("read", *HARD_TRIO, "--json").stdout)["states"][0]
    open_ = [d["field"] for d in read["doubtful"]]
    assert read["state"] and open_, "pick photos whose state is made with doubts left open"
    text = run("score", *HARD_TRIO)
    assert text.exit_code == 3, text.output
    row = text.stdout.splitlines()[1]  # place, player, total, tie-breaker
    assert row[:27].strip() == "1      Player 1" and row[27:33].strip().endswith("*"), row
    assert "Winner" not in text.stdout and "Leading: Player 1 (provisional" in text.stdout
    (hint,) = [ln for ln in text.stderr.splitlines() if ln.startswith("answer: ")]
    said = f"{len(open_)} doubtful field{'s' if len(open_) > 1 else ''} open"
    assert said in hint and "--ask" in hint
    example = hint.split("e.g. ")[1].rstrip(")").split()  # a --set the command takes
    assert run("read", *HARD_TRIO, *example).exit_code in (0, 3)
    (player,) = json.loads(run("score", *HARD_TRIO, "--json").stdout)["players"]
    assert player["provisional"] and player["doubtful"] == open_
    # answered, as the truth has them: the score is final, nothing is left to answer
    truths = {p.name: truth(p)["sheet"]["fields"] for p in HARD_TRIO}
    sets = [
        f"--set={d['field']}="
        + ("filled" if truths[Path(d["source"]).name][d["field"]]["marked"] else "empty")
        for d in read["doubtful"]
    ]
    answered = run("score", *HARD_TRIO, *sets)
    assert answered.exit_code == 0, answered.output
    assert "Winner: Player 1" in answered.stdout and "*" not in answered.stdout
    assert "answer: " not in answered.stderr
    (player,) = json.loads(run("score", *HARD_TRIO, "--json", *sets).stdout)["players"]
    assert player["provisional"] is False and "doubtful" not in player


def test_a_player_scored_without_all_sheets_is_provisional_and_says_which_are_missing():
    """A ship sheet alone scores (its tracker and tech fields count unmarked), but the
    table says so under the total and calls no winner: a sheet left out of the photos is
    no final score."""
    text = run("score", SHIP)
    assert text.exit_code == 3, text.output
    row = text.stdout.splitlines()[1]
    assert row[27:33].strip().endswith("*"), row
    missing = "no tracker or tech sheet in the batch; its fields count as unmarked"
    assert f"  note: serial 1: {missing}" in text.stdout.splitlines()
    assert "Winner" not in text.stdout
    assert "Leading: Player 1 (provisional: * has a note under its total)" in text.stdout
    (player,) = json.loads(run("score", SHIP, "--json").stdout)["players"]
    assert player["provisional"] and player["notes"] == [f"serial 1: {missing}"]
    assert "doubtful" not in player
    # ...and so does the overlay's headline
    from pnp.read_report import sheet_scores

    (a,), _ = assemble(read_photo(SHIP), {}, "stellar-drift")
    (headline,) = sheet_scores(a)[1].values()
    assert (
        headline.startswith("total Player 1: ")
        and f"(provisional: serial 1: {missing})" in headline
    )


def test_a_batch_with_nothing_scored_for_its_doubts_says_how_to_answer_them():
    trio = [
        PHOTOS / f"0000{5 + i}-stellar-drift-{s}-normal.jpg"
        for i, s in enumerate(("ship", "tracker", "tech"))
    ]
    result = run("score", *trio)
    assert result.exit_code == 3, result.output
    assert "not scored" in result.stderr and "answer: " in result.stderr


def test_a_refused_photo_beside_a_player_left_unscored_by_doubts_exits_with_its_own_code(
    tmp_path,
):
    """Doubts left open are no bad input: the one kind of bad input in the batch (the same
    ship twice) gives its code, not 1, the code of several kinds of bad input at once."""
    trio = [
        PHOTOS / f"0000{5 + i}-stellar-drift-{s}-normal.jpg"
        for i, s in enumerate(("ship", "tracker", "tech"))
    ]
    again = tmp_path / "again.jpg"
    shutil.copy(trio[0], again)
    result = run("score", *trio, again)
    assert "not scored" in result.stderr and "again.jpg" in result.stderr
    assert result.exit_code == EXIT_DUPLICATE, result.output


def test_an_answer_names_one_sheet_of_a_photo_holding_two():
    """A photo of two trackers: "table.jpg#2:FIELD" answers the second alone, and
    "table.jpg:FIELD" the first alone (not both, whose field ids are the same)."""
    from sheet_readings import sheet_reading

    from pnp.set_answers import check_sets
    from pnp.vision.answers import answer_for
    from pnp.vision.fields import FieldReading

    first, second = "photos/table.jpg", "photos/table.jpg#2"
    answers = {"table.jpg#2:track-power-1": True, "table.jpg:track-power-2": False}
    assert answer_for(answers, second, "track-power-1") is True
    assert answer_for(answers, first, "track-power-1") is None
    assert answer_for(answers, first, "track-power-2") is False
    assert answer_for(answers, second, "track-power-2") is None
    assert answer_for({"table#2:track-power-1": True}, second, "track-power-1") is True
    readings = tuple(FieldReading(f"track-power-{n}", "empty", 0.0, 1.0) for n in (1, 2))
    sheets = [sheet_reading(s, readings, "track_box", {}) for s in (first, second)]
    check_sets(answers, sheets)  # both name a sheet read
    with pytest.raises(click.BadParameter, match="table.jpg#3"):
        check_sets({"table.jpg#3:track-power-1": True}, sheets)


def test_a_bare_field_two_sheets_hold_is_refused_and_the_hint_names_the_sheet():
    """Two players' trackers in one batch: `--set FIELD=...` would answer for both (one of
    them read cleanly), so it is a usage error naming the sheets, and the hint printed
    for an open doubt names its sheet."""
    from sheet_readings import sheet_reading

    from pnp.read_report import answer_hint
    from pnp.set_answers import check_sets
    from pnp.vision.assembled import Assembled
    from pnp.vision.field_doubts import FAINT
    from pnp.vision.fields import FieldReading

    readings = tuple(FieldReading(f"track-power-{n}", "empty", 0.0, 1.0) for n in (1, 2))
    first = sheet_reading("photos/p1.jpg", readings, "track_box", {})
    second = sheet_reading("photos/p2.jpg", readings, "track_box", {"track-power-2": FAINT})
    with pytest.raises(click.BadParameter, match=r"2 sheets .* e\.g\. p2\.jpg:track-power-2"):
        check_sets({"track-power-2": True}, [first, second])
    check_sets({"p2.jpg:track-power-2": True, "p2:track-power-1": False}, [first, second])
    check_sets({"track-power-2": True}, [second])  # one sheet holds it: not in question
    table = [
        Assembled("stellar-drift", None, [s], doubtful=list(s.doubtful)) for s in (first, second)
    ]
    assert answer_hint(table).endswith("(e.g. --set p2.jpg:track-power-2=filled)")
    assert answer_hint(table[1:]).endswith("(e.g. --set track-power-2=filled)")
