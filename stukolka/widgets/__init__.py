"""Everything that needs ``ipywidgets`` (and nothing else in the package does): the playable
tables and the explorers.  They draw what the engine returns and send it action strings;
no rule of any game lives here.

* :mod:`~stukolka.widgets.common` -- the seated table shared by the games' tables;
* :mod:`~stukolka.widgets.stukolka_table`, :mod:`~stukolka.widgets.pot_calculator` -- Stukolka;
* :mod:`~stukolka.widgets.shtoss_explorers` -- a shtoss deal step by step, the odds explorer;
* :mod:`~stukolka.widgets.faraon_table` -- the shedding game;
* :mod:`~stukolka.widgets.notation` -- card notation.
"""

from stukolka.widgets.common import GameTable, SeatedTable
from stukolka.widgets.stukolka_table import StukolkaTable, parse_cards_any, render_stukolka, stukolka_table
from stukolka.widgets.pot_calculator import POT_EXAMPLES, PotCalculator, pot_calculator
from stukolka.widgets.shtoss_explorers import (
    SHTOSS_RULE_TEXT, ShtossDeal, ShtossOdds, bar_chart_svg, shtoss_deal, shtoss_odds_explorer,
)
from stukolka.widgets.faraon_table import faraon_table, render_faraon
from stukolka.widgets.notation import notation_explorer

__all__ = ["GameTable", "SeatedTable", "StukolkaTable", "stukolka_table", "render_stukolka", "parse_cards_any",
           "PotCalculator", "pot_calculator", "POT_EXAMPLES", "ShtossDeal", "shtoss_deal", "ShtossOdds",
           "shtoss_odds_explorer", "bar_chart_svg", "SHTOSS_RULE_TEXT", "faraon_table", "render_faraon",
           "notation_explorer"]
