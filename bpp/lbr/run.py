"""Run Local Best Response for many duplicate deals: blocks, workers, a resumable log, the statistics (Lisy2017 §3, §4).

``n_deals`` deals are each played twice, LBR in seat 0 (the button: small
blind, first to act pre-flop) and then in seat 1 with the cards swapped —
"each hand was played by each player on the first as well as the second
position" (§4).  Deals are cut into blocks; block ``b`` draws its deals and
its opponent's random stream from child ``b`` of ``SeedSequence(seed)``, so a
result depends on the seed alone (not on ``workers`` or on resuming).  Blocks
run on the match runner's machinery (:func:`holdem.match.runner.run_blocks`: local worker processes or a Dask scheduler) and
stream to a JSON-lines log in :mod:`holdem.match.log`'s format (each hand line
also carries ``lbr_seat`` and ``imaginary``), from which an interrupted run resumes.

The variance reduction of §3 is reported as four estimates of the same mean
on the same hands, each with its 95 % CI: ``plain`` (every hand's chips as a
sample), ``duplicate`` (each deal's two hands averaged), ``imaginary`` (every
hand's imaginary observation) and ``both`` (duplicate pairs of imaginary
observations, the paper's setting and the headline value).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from holdem.checks import recorded_seed, seed_sequence
from holdem.files import check_output_path
from holdem.match.log import read_log
from holdem.cards import CARD_TEXT
from holdem.games import make_game
from holdem.match.runner import DealBlocks, log_header, run_blocks
from holdem.match.stats import summarize

from bpp import registry
from bpp.lbr.local_br import LBRConfig, play_lbr_hand
from bpp.lbr.policy import SampledPolicy, require_policy

if TYPE_CHECKING:
    from holdem._typing import RngLike
    from holdem.games.base import Game
    from holdem.match.stats import Summary

__all__ = ["LBRPlan", "LBRResult", "run_lbr", "ESTIMATORS", "PAPER_TABLE2"]


ESTIMATORS = ("plain", "duplicate", "imaginary", "both")
LBR_GAMES = ("nolimit-holdem", "limit-holdem", "stud5")
#: Table 2 of Lisy2017: what LBR wins from each chump, BB/hand, (mean, 95 % CI half-width), by (betting, rounds).
#: Used by ``figures/lbr_table2.py`` and ``bpp reproduce`` (moved here from the figure script).
PAPER_TABLE2 = {
    ("fc", "1-4"): {"call": (0.0, None), "call-raise": (7.1, 0.5), "random": (15.7, 0.4)},
    ("fc", "3-4"): {"call": (0.0, None), "call-raise": (16.2, 0.3), "random": (2.2, 0.7)},
    ("fcpa", "1-4"): {"call": (34.0, 0.5), "call-raise": (23.1, 0.5), "random": (39.1, 0.6)},
    ("fcpa", "3-4"): {"call": (49.0, 0.4), "call-raise": (24.4, 0.6), "random": (80.7, 0.7)},
}


@dataclass(frozen=True)
class LBRPlan(DealBlocks):
    """Everything a block needs (picklable): the game, the opponent's registry name, the LBR configuration."""

    game: Game
    opponent: str
    config: LBRConfig
    n_deals: int
    block_size: int
    policy_samples: int | None = None  # estimate her policy from this many calls of act per holding (bpp.lbr.policy)
    duplicate = True  # every deal from both seats
    n_replays = 2


@dataclass(frozen=True)
class LBRBlock:
    block: int
    n_deals: int
    chips: np.ndarray  # (n_deals, 2): LBR in seat 0, in seat 1
    imaginary: np.ndarray  # (n_deals, 2)
    lines: tuple[str, ...]

    def agent_chips(self) -> np.ndarray:
        """(n_hands, 2) chips by agent (LBR, opponent) in playing order, as the log's block marker sums them."""
        flat = self.chips.reshape(-1)
        return np.stack([flat, -flat], axis=1)


def play_lbr_block(plan: LBRPlan, block: int, stream: np.random.SeedSequence) -> LBRBlock:
    """Play one block's deals from both seats (module level, so worker processes can run it)."""
    deal_seed, opp_seed, lbr_seed = stream.spawn(3)
    lbr_rng = np.random.default_rng(lbr_seed)
    n = plan.block_deals(block)
    deals = np.argsort(np.random.default_rng(deal_seed).random((n, 52)), axis=1)
    opponent = registry.make_agent(plan.opponent, rng=opp_seed)
    if plan.policy_samples:
        opponent = SampledPolicy(opponent, plan.policy_samples, rng=np.random.SeedSequence(stream.entropy, spawn_key=stream.spawn_key + (0x5350,)))
    chips = np.zeros((n, 2), dtype=np.int64)
    imaginary = np.zeros((n, 2))
    lines = []
    first = block * plan.block_size
    for i, deal in enumerate(deals):
        deal = tuple(int(c) for c in deal)
        for seat in (0, 1):
            out = play_lbr_hand(plan.game, deal, seat, opponent, plan.config, rng=lbr_rng)
            chips[i, seat] = out.chips
            imaginary[i, seat] = out.imaginary
            payoffs = [out.chips, -out.chips] if seat == 0 else [-out.chips, out.chips]
            lines.append(json.dumps({
                "type": "hand", "hand": 2 * (first + i) + seat, "deal": first + i, "replay": seat, "block": block,
                "button": 0, "seats": [0, 1] if seat == 0 else [1, 0], "lbr_seat": seat,
                "cards": "".join(CARD_TEXT[c] for c in deal),
                "actions": [list(a) for a in out.actions], "payoffs": payoffs, "imaginary": out.imaginary,
            }) + "\n")
    return LBRBlock(block, n, chips, imaginary, tuple(lines))


@dataclass
class LBRResult:
    """LBR's winnings: per estimator a :class:`holdem.match.stats.Summary` in big blinds (or the game's unit)."""

    opponent: str
    config: LBRConfig
    unit: str
    unit_chips: int
    n_deals: int
    chips: np.ndarray
    imaginary: np.ndarray
    seed: int
    summaries: dict = field(default_factory=dict)

    def __post_init__(self):
        c = self.chips / self.unit_chips
        m = self.imaginary / self.unit_chips
        self.summaries = {
            "plain": summarize(c.ravel()),
            "duplicate": summarize(c.mean(axis=1)),
            "imaginary": summarize(m.ravel()),
            "both": summarize(m.mean(axis=1)),
        }

    @property
    def value(self) -> Summary:
        """The headline estimate (duplicate + imaginary observations)."""
        return self.summaries["both"]

    def ci_half_widths(self) -> dict:
        """95 % CI half-width of each estimator, in the unit."""
        return {k: (s.ci95[1] - s.ci95[0]) / 2 for k, s in self.summaries.items()}

    def to_dict(self) -> dict:
        half = self.ci_half_widths()
        milli = 1000 if self.unit == "bb" else 1
        return {
            "opponent": self.opponent, "betting": self.config.betting, "rounds": self.config.rounds,
            "unit": self.unit, "deals": self.n_deals, "hands": 2 * self.n_deals, "seed": self.seed,
            "estimators": {
                k: {"mean": s.mean, "ci95": list(s.ci95), "half_width": half[k],
                    **({"mbb_mean": s.mean * milli, "mbb_half_width": half[k] * milli} if self.unit == "bb" else {})}
                for k, s in self.summaries.items()
            },
        }

    def table(self) -> str:
        half = self.ci_half_widths()
        unit = {"bb": "BB/hand", "sb": "sb/hand", "units": "units/hand"}.get(self.unit, self.unit)
        lines = [f"LBR {self.config.label} vs {self.opponent}: {self.n_deals} deals x 2 seats ({unit}, 95% CI)"]
        for k, s in self.summaries.items():
            extra = f"   {s.mean * 1000:10.0f} ± {half[k] * 1000:.0f} mbb/hand" if self.unit == "bb" else ""
            lines.append(f"  {k:<10} {s.mean:9.3f} ± {half[k]:.3f}{extra}   (CI width {half[k] / half['plain']:.2f}x plain)")
        return "\n".join(lines)


def _check_opponent(opponent: str, game_name: str, policy_samples: int | None = None) -> None:
    registry.agent_factory(opponent)  # unknown names raise ValueError listing the known ones
    games = registry.agent_games(opponent)
    if games is not None and game_name not in games:
        raise ValueError(f"agent {opponent!r} plays {', '.join(games)}, not {game_name}")
    if not policy_samples:
        require_policy(registry.make_agent(opponent, rng=0), opponent)


def run_lbr(opponent: str, *, game: str = "nolimit-holdem", betting: str = "fcpa", rounds: str = "1-4",
            n_deals: int = 1000, rng: RngLike = 0, workers: int = 1, block_size: int = 50,
            log: str | os.PathLike[str] | None = None,
            progress: bool = False, policy_samples: int | None = None, scheduler: str | None = None) -> LBRResult:
    """Run LBR against the registered agent ``opponent`` for ``n_deals`` duplicate deals (2 hands each).

    LBR needs the opponent's policy (:mod:`bpp.lbr.policy`): an agent that does
    not state it is refused, unless ``policy_samples=N`` asks for an estimate
    from N calls of its ``act`` per holding (:class:`bpp.lbr.policy.SampledPolicy`).

    Blocks run on the match runner's machinery (:func:`holdem.match.runner.run_blocks`):
    ``workers`` local processes or the Dask ``scheduler`` (default
    ``$BPP_SCHEDULER``), the same result on any of them; ``log`` is a hand log
    that resumes an interrupted run and extends a shorter one.  ``rng`` (None,
    a seed, a ``SeedSequence`` or a ``Generator``; :func:`holdem.checks.seed_sequence`)
    makes every stream; the result records its seed.

    Both players check and call down, so each deal's two seatings cancel:

    >>> r = run_lbr("call", betting="fc", n_deals=4, rng=1)
    >>> r.summaries["duplicate"].mean, r.summaries["duplicate"].ci95
    (0.0, (0.0, 0.0))
    >>> run_lbr("call", rounds="5")
    Traceback (most recent call last):
    ...
    ValueError: The 'rounds' parameter of LBR must be a round 1-4 or a range like 3-4 of rounds 1-4; got '5'.
    """
    config = LBRConfig(betting, rounds)
    if game not in LBR_GAMES:
        raise ValueError(f"The 'game' parameter of run_lbr must be one of {', '.join(LBR_GAMES)}; got {game!r}.")
    if game == "limit-holdem" and betting not in ("fc", "fcpa"):  # a limit raise has one size: 56 would be fcpa relabelled
        raise ValueError(f"The 'betting' parameter of run_lbr must be fc or fcpa in limit-holdem (every raise has one size); "
                         f"got {betting!r}.")
    for name, value in (("n_deals", n_deals), ("workers", workers), ("block_size", block_size)):
        if not isinstance(value, (int, np.integer)) or isinstance(value, bool) or value < 1:
            raise ValueError(f"The '{name}' parameter of run_lbr must be a positive integer; got {value!r}.")
    seed = seed_sequence(rng, "run_lbr")
    if policy_samples is not None and (isinstance(policy_samples, bool) or not isinstance(policy_samples, (int, np.integer))
                                       or policy_samples < 1):
        raise ValueError(f"The 'policy_samples' parameter of run_lbr must be a positive integer or None; got {policy_samples!r}.")
    _check_opponent(opponent, game, policy_samples)
    game_obj = make_game(game)
    plan = LBRPlan(game_obj, opponent, config, int(n_deals), int(block_size),
                   int(policy_samples) if policy_samples else None)
    root = np.random.SeedSequence(seed.entropy, spawn_key=tuple(seed.spawn_key) + (0x4C4252,))
    chips = np.zeros((plan.n_deals, 2), dtype=np.int64)
    imaginary = np.zeros((plan.n_deals, 2))
    header = previous = None
    if log is not None:
        agents = [f"lbr:{config.betting}:{config.rounds}", opponent + (f"~{plan.policy_samples}" if plan.policy_samples else "")]
        header = log_header(game_obj, agents, root, plan.block_size, plan.n_deals, True)
        log = check_output_path(log, "log")
        previous = read_log(log) if log.exists() and log.stat().st_size > 0 else None

    def reuse(block, start):
        for h in previous.hands[start : start + 2 * plan.block_deals(block)]:
            chips[h["deal"], h["lbr_seat"]] = h["payoffs"][h["lbr_seat"]]
            imaginary[h["deal"], h["lbr_seat"]] = h["imaginary"]

    def take(res):
        first = res.block * plan.block_size
        chips[first : first + res.n_deals] = res.chips
        imaginary[first : first + res.n_deals] = res.imaginary

    run_blocks(plan, play_lbr_block, root, header, log=log, previous=previous, reuse=reuse, on_result=take,
               workers=workers, scheduler=scheduler, progress=progress, desc=f"LBR {config.label} vs {opponent}")
    return LBRResult(opponent + (f"~{plan.policy_samples}" if plan.policy_samples else ""), config, game_obj.unit, game_obj.unit_chips, plan.n_deals, chips, imaginary, recorded_seed(seed))
