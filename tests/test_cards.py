"""Cards, decks and notation (stukolka.cards)."""

import re
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stukolka.cards import (
    ACE, CLUBS, DIAMONDS, HEARTS, JACK, KING, NOTATIONS, QUEEN, QUEEN_OF_SPADES, SPADES,
    Card, CardParseError, Cards, DeckError, card_colour, card_glyph, card_name, card_rank,
    card_suit, card_svg, cards_html, deck, format_card, make_card, parse_card, parse_cards,
)

cards = st.integers(min_value=0, max_value=51)
notations = st.sampled_from(NOTATIONS)


@settings(max_examples=500, derandomize=True)
@given(cards, notations)
def test_every_notation_round_trips(card, notation):
    assert parse_card(format_card(card, notation)) == card


@settings(max_examples=200, derandomize=True)
@given(st.lists(st.tuples(cards, notations), max_size=8))
def test_several_cards_round_trip_in_mixed_notations(items):
    text = ", ".join(format_card(c, n) for c, n in items)
    assert list(parse_cards(text)) == [c for c, _ in items]


@settings(max_examples=200, derandomize=True)
@given(cards, notations)
def test_parsing_ignores_case_and_spaces(card, notation):
    text = format_card(card, notation)
    assert parse_card(f"  {text.upper()} ") == card
    assert parse_card(text.lower()) == card


def test_card_arithmetic_and_constants():
    assert [card_rank(c) for c in deck(52)[:13]] == list(range(2, 15))
    assert make_card(QUEEN, SPADES) == QUEEN_OF_SPADES == 10
    assert card_suit(make_card(ACE, CLUBS)) == CLUBS
    assert make_card(ACE, CLUBS) == 51
    assert {card_colour(make_card(2, s)) for s in (HEARTS, DIAMONDS)} == {"red"}
    assert {card_colour(make_card(2, s)) for s in (SPADES, CLUBS)} == {"black"}


@pytest.mark.parametrize("text", ["Q♠", "Qs", "qS", "Д♠", "Дп", "дп", "дама пик", "Дама Пик",
                                  "queen of spades", "Queen of Spade", "\U0001F0AD", "Q ♠", "Q♤"])
def test_queen_of_spades_in_every_notation(text):
    assert parse_card(text) == QUEEN_OF_SPADES


@pytest.mark.parametrize("text,expected", [
    ("10h", "10♥"), ("Th", "10♥"), ("th", "10♥"), ("10♥", "10♥"), ("десятка червей", "10♥"),
    ("Тб", "A♦"), ("туз бубен", "A♦"), ("Вт", "J♣"), ("валет треф", "J♣"),
    ("семёрка треф", "7♣"), ("семерка треф", "7♣"), ("К♥", "K♥"), ("король червей", "K♥"),
])
def test_russian_and_ascii_notations(text, expected):
    assert str(parse_card(text)) == expected


@pytest.mark.parametrize("bad", ["", "  ", "Z♠", "1♠", "11h", "Q", "дама", "Qx", "туз пикк", "♠", "Q♠♠"])
def test_bad_input_raises_a_specific_error_that_quotes_it(bad):
    with pytest.raises(CardParseError) as info:
        parse_card(bad)
    assert repr(bad) in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("bad", [52, -1, True, 3.0, None])
def test_card_numbers_out_of_range_are_refused(bad):
    with pytest.raises(CardParseError):
        Card(bad)


def test_parse_cards_names_the_bad_token():
    with pytest.raises(CardParseError, match="'11h'"):
        parse_cards("Q♠ 11h 7♦")


def test_decks_have_fixed_order_and_sizes():
    assert [len(deck(n)) for n in (52, 36, 32)] == [52, 36, 32]
    assert min(card_rank(c) for c in deck(36)) == 6
    assert min(card_rank(c) for c in deck(32)) == 7
    assert deck(52) == tuple(range(52))
    assert str(deck(32)[:3]) == "7♠ 8♠ 9♠"
    with pytest.raises(DeckError, match="40"):
        deck(40)


def test_make_card_rejects_bad_rank_and_suit():
    with pytest.raises(DeckError, match="15"):
        make_card(15, SPADES)
    with pytest.raises(DeckError, match="4"):
        make_card(ACE, 4)


def test_names_in_both_languages():
    assert card_name(make_card(JACK, CLUBS)) == "jack of clubs"
    assert card_name(make_card(KING, HEARTS), "ru") == "король червей"
    assert card_name(make_card(ACE, DIAMONDS), "ru") == "туз бубен"
    with pytest.raises(ValueError, match="'fr'"):
        card_name(0, "fr")


def test_unicode_glyphs_skip_the_knights():
    glyphs = {card_glyph(c) for c in range(52)}
    assert len(glyphs) == 52
    knights = {chr(base + 0xC) for base in (0x1F0A0, 0x1F0B0, 0x1F0C0, 0x1F0D0)}
    assert not glyphs & knights


def test_reprs_are_readable_and_stable():
    q = Card("Q♠")
    assert repr(q) == "Card('Q♠')" and str(q) == "Q♠"
    assert repr(Cards.parse("A♠ 7♦")) == "Cards('A♠ 7♦')"
    assert f"{q:ru_long}" == "дама пик"
    assert pickle.loads(pickle.dumps(q)) == q and isinstance(pickle.loads(pickle.dumps(q)), Card)
    assert "0x" not in repr(deck(32))


def test_pictures_carry_a_text_alternative():
    svg = card_svg(QUEEN_OF_SPADES)
    assert svg.startswith("<svg") and "<title>queen of spades (дама пик)</title>" in svg
    assert 'aria-label="queen of spades (дама пик)"' in svg
    assert "face-down card" in card_svg(None)
    html = Cards.parse("A♠ 10♥")._repr_html_()
    assert html.count("<svg") == 2 and "A♠ 10♥" in html


def test_four_colour_palette_gives_four_colours():
    aces = [make_card(ACE, s) for s in (SPADES, HEARTS, DIAMONDS, CLUBS)]
    two = {card_svg(c).split('fill="')[3].split('"')[0] for c in aces}
    four = {card_svg(c, palette="four").split('fill="')[3].split('"')[0] for c in aces}
    assert len(two) == 2 and len(four) == 4
    assert cards_html(aces, palette="four").count("<svg") == 4


def test_cards_slices_stay_cards():
    d = deck(36)
    assert isinstance(d[:5], Cards) and isinstance(d[0], Card)
    assert isinstance(d[:2] + d[-2:], Cards)


def test_a_russian_card_picture_shows_the_russian_rank_letters():
    """A Russian reader's cards show Т, К, Д, В in their corners, as Russian packs print them."""
    from stukolka.cards import card_svg, parse_card
    corner = lambda svg: re.search(r'font-weight="bold"[^>]*>([^<]+)<', svg).group(1)  # noqa: E731
    assert [corner(card_svg(parse_card(c), lang="ru")) for c in ("A♠", "K♥", "Q♦", "J♣", "10♠", "7♥")] == \
        ["Т", "К", "Д", "В", "10", "7"]
    assert [corner(card_svg(parse_card(c), lang=x)) for c in ("A♠", "Q♦") for x in ("en", None)] == ["A", "A", "Q", "Q"]
