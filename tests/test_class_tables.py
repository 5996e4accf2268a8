"""Class play without a network: classes, codes and tokens, seats, refusals, bots, the next deal,
the totals, the records, and every table brought back from the store at the same action."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from classroom.store import Store
from classroom.tables import CODE_ALPHABET, CODE_LENGTH, CODE_RE, ClassError, Classes, ClassTable, game_fields, \
    new_code, token_hash
from stukolka.errors import IllegalActionError, StukolkaError
from stukolka.live import GAMES

#: One table of each game a class can hold, with the options a teacher would give.
GAMES_OPTIONS = {
    "stukolka": {"variant": "prikup", "n_players": 4},
    "shtoss": {"punters": 2},
    "pharaon": {},
    "queen_of_spades": {"evening": 1},
    "faraon": {"players": 3, "target": 30},
}


def fresh(tmp_path=None) -> Classes:
    return Classes(Store(":memory:" if tmp_path is None else tmp_path / "c.sqlite"))


def step(c: Classes, room, t: ClassTable, rng: random.Random) -> None:
    """One move: a bot's own, or a random legal action of the seat to act (an open seat's too)."""
    q = t.live.to_act()
    if t.seats[q].bot:
        c.bot_move(room, t)
        return
    action = rng.choice(t.live.state.legal_actions())
    st = room.students.get(t.seats[q].student) if t.seats[q].student else None
    if st is None:
        t.act(q, action)
        c.save_table(room, t)
    else:
        c.act(room, st, action)


def play_out(c: Classes, room, t: ClassTable, rng: random.Random, limit: int = 2000) -> int:
    """Play ``t``'s deal to its end."""
    moves = 0
    while not t.over() and moves < limit:
        step(c, room, t, rng)
        moves += 1
    return moves


def test_codes_and_tokens_come_from_secrets_and_are_stored_only_as_hashes(tmp_path):
    """class-rule-code: a class code is six of 32 unmistakable characters; tokens are 192-bit; the
    store keeps their hashes, never the tokens themselves."""
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200 and all(CODE_RE.fullmatch(x) for x in codes)
    assert set("".join(codes)) <= set(CODE_ALPHABET) and not set("01OI") & set(CODE_ALPHABET)
    c = fresh(tmp_path)
    room, teacher = c.open_class("7b")
    _, st, seat = c.join(room.code, "Anna")
    assert len(room.code) == CODE_LENGTH and len(teacher) >= 32 and len(seat) >= 32
    text = b"".join(p.read_bytes() for p in tmp_path.glob("c.sqlite*"))     # the file and its write-ahead log
    assert teacher.encode() not in text and seat.encode() not in text
    assert token_hash(teacher).encode() in text and token_hash(seat).encode() in text


def test_a_wrong_code_or_token_is_refused_without_saying_which(tmp_path):
    """class-rule-code: the same refusal for a wrong code, a wrong token, or a token of another class."""
    c = fresh()
    room, teacher = c.open_class("7b")
    other, other_teacher = c.open_class("8a")
    _, st, seat = c.join(room.code, "Anna")
    assert c.teacher(room.code, teacher) is room
    assert c.student(room.code, seat) == (room, st)
    refusals = set()
    for code, token in [(room.code, "x" * 32), ("ZZZZZZ", teacher), (other.code, teacher), (room.code, other_teacher),
                        (room.code, None), (None, teacher), (room.code, seat)]:
        with pytest.raises(ClassError) as e:
            c.teacher(code, token)
        refusals.add(str(e.value))
    for code, token in [(room.code, teacher), ("ZZZZZZ", seat), (other.code, seat), (room.code, 5)]:
        with pytest.raises(ClassError) as e:
            c.student(code, token)
        refusals.add(str(e.value))
    assert refusals == {"this class code and teacher token do not open a class [class-rule-code]",
                        "this class code and seat token do not open a seat [class-rule-code]"}


def test_joining_needs_the_code_and_a_name_and_seats_students_in_the_order_they_come():
    c = fresh()
    room, _ = c.open_class("7b")
    t = c.add_table(room, "stukolka", {"n_players": 3}, students=2)
    with pytest.raises(ClassError, match="no open class has this code"):
        c.join("QQQQQQ", "Anna")
    for bad in ("", "   ", "\u0000\u200b", None, 7):
        with pytest.raises(ClassError) as e:
            c.join(room.code, bad)
        assert e.value.rule == "class-rule-join"
    _, anna, _ = c.join(room.code.lower(), "  Anna \t K.\n")
    _, boris, _ = c.join(room.code, "Boris")
    _, vera, _ = c.join(room.code, "Vera" * 20)
    assert anna.name == "Anna K." and len(vera.name) == 24
    assert [(s.table, s.seat) for s in (anna, boris, vera)] == [(t.id, 0), (t.id, 1), (t.id, None)]
    assert [s.kind for s in t.seats] == ["student", "student", "bot"]
    t2 = c.add_table(room, "shtoss", {"punters": 1})     # a new table seats whoever waits
    assert (vera.table, vera.seat) == (t2.id, 0)


def test_a_student_acts_only_for_his_seat_on_his_turn_and_a_refusal_changes_nothing():
    """class-rule-turn, class-rule-paused: out of turn, paused, a seat a bot plays, an action the
    engine refuses: each refused in words, and the table (its record, its version) unchanged."""
    c = fresh()
    room, _ = c.open_class("7b")
    t = c.add_table(room, "stukolka", {"n_players": 3, "dealer": 2}, students=3)
    students = [c.join(room.code, n)[1] for n in ("Anna", "Boris", "Vera")]
    first = t.live.to_act()
    waiting = next(s for s in students if s.seat != first)
    acting = next(s for s in students if s.seat == first)
    before = (json.dumps(t.record()), t.version)

    with pytest.raises(ClassError, match=r"not your turn.*\[class-rule-turn\]"):
        c.act(room, waiting, t.live.state.legal_actions()[0])
    with pytest.raises(IllegalActionError) as e:
        c.act(room, acting, "play A♠")
    assert e.value.rule                                  # the engine's own rule label
    for junk in ("", "x" * 500, None, 12, ["knock"], {"a": 1}):
        with pytest.raises(StukolkaError):
            c.act(room, acting, junk)
    c.set_table(room, t.id, paused=True)
    with pytest.raises(ClassError, match=r"\[class-rule-paused\]"):
        c.act(room, acting, t.live.state.legal_actions()[0])
    c.set_table(room, t.id, paused=False)
    c.set_bot(room, t.id, first, True)
    with pytest.raises(ClassError, match=r"a bot plays seat .*\[class-rule-turn\]"):
        c.act(room, acting, t.live.state.legal_actions()[0])
    c.set_bot(room, t.id, first, False)
    assert json.dumps(t.record()) == before[0] and t.version > before[1]
    c.act(room, acting, t.live.state.legal_actions()[0])
    assert len(t.record()["actions"]) > len(json.loads(before[0])["actions"])


def test_a_bot_plays_an_empty_seat_and_a_student_replaced_by_a_bot_gets_his_seat_back():
    c = fresh()
    room, _ = c.open_class("7b")
    t = c.add_table(room, "stukolka", {"n_players": 3}, students=1)
    _, anna, _ = c.join(room.code, "Anna")
    assert t.live.people == [0] and sorted(t.live.bots) == [1, 2]
    c.set_bot(room, t.id, 0, True)
    assert t.seats[0].student == anna.id and t.seats[0].kind == "bot" and 0 in t.live.bots
    while not t.over():                    # every seat a bot now: the server's bots finish the deal
        assert t.bot_due()
        c.bot_move(room, t)
    c.set_bot(room, t.id, 0, False)
    assert t.seats[0].kind == "student" and 0 not in t.live.bots


def test_moving_a_student_to_a_taken_seat_makes_its_holder_watch():
    c = fresh()
    room, _ = c.open_class("7b")
    t = c.add_table(room, "stukolka", {"n_players": 3}, students=3)
    _, anna, _ = c.join(room.code, "Anna")
    _, boris, _ = c.join(room.code, "Boris")
    c.move(room, boris.id, t.id, 0)
    assert (boris.table, boris.seat) == (t.id, 0) and (anna.table, anna.seat) == (t.id, None)
    assert t.seats[0].student == boris.id and t.seats[1].student is None and t.seats[1].kind == "open"
    with pytest.raises(ClassError):
        c.move(room, anna.id, t.id, 9)
    with pytest.raises(ClassError):
        c.move(room, "s-nobody", t.id, 1)


@pytest.mark.parametrize("game", sorted(GAMES_OPTIONS))
def test_every_game_plays_deal_after_deal_with_its_session_and_the_students_totals(game):
    """The next deal is the driver's (Stukolka: the engine's next dealer and carry) or carries what
    the engine booked (shtoss: the capitals; an evening: the next one); each finished deal is
    archived once and its nets added to the seated students' totals."""
    rng = random.Random(f"next-{game}")
    c = fresh()
    room, _ = c.open_class("7b")
    t = c.add_table(room, game, GAMES_OPTIONS[game], seed=11, students=0 if game == "queen_of_spades" else None)
    names = ["Anna", "Boris", "Vera", "Gleb"]
    students = [c.join(room.code, n)[1] for n in names[:sum(1 for s in t.seats if not s.bot)]]
    nets = []
    for deal in (1, 2, 3):
        assert t.deal == deal
        play_out(c, room, t, rng)
        assert t.over() and t.booked
        nets.append(list(t.live.deal_summary()["net"]))
        if deal < 3:
            c.next_deal(room, t.id)
            if not t.over():
                with pytest.raises(ClassError, match="not over"):
                    c.next_deal(room, t.id)
    archived = c.store.deals(room.code)
    assert [d["deal"] for d in archived] == [1, 2, 3]
    session = t.live.session()
    assert session["totals"] == [sum(n[q] for n in nets) for q in range(t.n)]
    for st in students:
        assert Fraction(st.total) == sum(Fraction(str(n[st.seat])) for n in nets) and st.deals == 3
    if game == "queen_of_spades":
        assert [d["record"]["actions"] != [] for d in archived] == [True] * 3
        assert t.public({})["evening"]["number"] == 3


@pytest.mark.parametrize("game", sorted(GAMES_OPTIONS))
def test_a_table_comes_back_from_the_store_at_the_same_action(tmp_path, game):
    """Every table is stored after every action; a new server reading the store replays each deal
    on its seed to the very same action (the same record, the same moves, the same seat to act)."""
    rng = random.Random(f"store-{game}")
    c = fresh(tmp_path)
    room, teacher = c.open_class("7b")
    t = c.add_table(room, game, GAMES_OPTIONS[game], students=0 if game == "queen_of_spades" else None)
    students = {n: c.join(room.code, n) for n in ("Anna", "Boris", "Vera")}
    play_out(c, room, t, rng)
    c.next_deal(room, t.id)
    for _ in range(rng.randrange(3, 9)):
        if t.over():
            break
        step(c, room, t, rng)
    record, moves, to_act = t.record(), list(t.live.moves), t.to_act()
    view = {q: t.seat_view(q, room.students) for q in range(t.n)}

    again = Classes(Store(tmp_path / "c.sqlite"))
    assert again.load() == []
    room2 = again.teacher(room.code, teacher)
    t2 = room2.tables[t.id]
    assert t2.record() == record and t2.live.moves == moves and t2.to_act() == to_act
    assert t2.deal == 2 and t2.live.session()["deals"][0]["net"] == t.live.session()["deals"][0]["net"]
    assert t2.version > t.version
    for q in range(t.n):
        v2 = t2.seat_view(q, room2.students)
        assert {k: x for k, x in v2.items() if k != "live"} == {k: x for k, x in view[q].items() if k != "live"}
    for name, (_, st, token) in students.items():
        room3, st2 = again.student(room.code, token)
        assert (st2.name, st2.table, st2.seat, st2.total) == (name, st.table, st.seat, st.total)


def test_the_records_of_a_class_open_in_the_book():
    """The one JSON file of every record: each finished Stukolka deal loads into a live table
    (the book's "Load a record" does the same with the engine's loads)."""
    rng = random.Random(5)
    c = fresh()
    room, _ = c.open_class("7b")
    t = c.add_table(room, "stukolka", {"n_players": 3}, students=2)
    c.join(room.code, "Anna")
    c.join(room.code, "Boris")
    for _ in range(2):
        play_out(c, room, t, rng)
        c.next_deal(room, t.id)
    data = json.loads(json.dumps(c.records(room)))
    assert data["format"] == "stukolka-class-records/1" and data["code"] == room.code
    (table,) = data["tables"]
    assert [d["deal"] for d in table["deals"]] == [1, 2] and table["in_play"]["deal"] == 3
    assert "record" not in table["in_play"] and "every card" in table["in_play"]["withheld"]
    c.end_class(room)
    assert c.records(room)["tables"][0]["in_play"]["record"]["actions"]
    for d in table["deals"]:
        state = GAMES["stukolka"].load(json.dumps(d["record"]))
        assert state.is_terminal() and list(state.returns()) == d["summary"]["net"]
        assert d["names"][:2] == ["Anna", "Boris"]


def test_the_teacher_form_takes_each_games_options_from_the_driver():
    fields = game_fields()
    assert set(fields) == set(GAMES)
    assert fields["stukolka"]["settings"] == GAMES["stukolka"].settings()
    c = fresh()
    room, _ = c.open_class("7b")
    with pytest.raises(StukolkaError):                    # the engine refuses what its rules do not allow
        c.add_table(room, "stukolka", {"variant": "golets", "n_players": 12})
    with pytest.raises(ClassError, match="not one of"):
        c.add_table(room, "poker", {})
    with pytest.raises(ClassError):
        c.add_table(room, "stukolka", {}, pace=-1)
    assert room.tables == {}
