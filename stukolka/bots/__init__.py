"""Computer players for the games, and the experiments that test their advice.

* :mod:`~stukolka.bots.players` -- the random, rule-of-thumb and shedding-game players;
* :mod:`~stukolka.bots.determinize` -- hidden cards dealt consistently with what a seat saw;
  the exact solver of the remaining tricks;
* :mod:`~stukolka.bots.advisor` -- the Monte Carlo player and the Hint (advice with values);
* :mod:`~stukolka.bots.lab` -- seeded, paired experiments for the strategy lab.

Bots see only their seat's observation and the legal actions, never the state.
"""

from stukolka.bots.players import HAND_CLASSES, Bot, FaraonBot, RandomBot, RuleOfThumbBot, hand_class
from stukolka.bots.advisor import Advice, MonteCarloBot, advise, mean_ci

__all__ = ["Bot", "RandomBot", "FaraonBot", "RuleOfThumbBot", "MonteCarloBot", "hand_class", "HAND_CLASSES",
           "Advice", "advise", "mean_ci"]
