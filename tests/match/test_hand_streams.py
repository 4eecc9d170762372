"""The per-hand random streams (:func:`holdem.agents.hand_uniform`) are independent where the design says so.

Design (``holdem/agents.py``, ``holdem/match/runner.py``): an agent's random
number is SplitMix64 of ``key + hand * H + step * G + draw * D`` (mod 2**64),
``key`` drawn once from the agent's own generator, ``hand`` the hand's index
among the hands the agent was told of (in a block for agents made per block;
match-wide for learners kept for the whole match), ``step`` the actions so
far, ``draw`` which number of the decision.  Agent ``i`` of block ``b`` draws
its key from child ``(b, 1 + i)`` of the match's ``SeedSequence`` and the
deals come from child ``(b, 0)``; a kept learner's key from
``(LEARNER_KEY, i)``.  So every hand (including the two replays of a
duplicate deal: hands ``2d`` and ``2d + 1``), every seat, every block and
every agent has numbers of its own, and none are the deal's.

Two kinds of check:

* exact: no two ``(hand, step, draw)`` within the bounds a match reaches feed
  the mixer the same word, for one key or between the keys of a real match
  (a shared word is the same number: a perfect correlation);
* statistical, on the numbers really drawn in a match (recorded by wrapping
  the stream functions): the Pearson correlation of the pairs that must be
  independent (consecutive hands, the two replays of a deal, the two seats,
  consecutive blocks, the deal's cards, ``prob``'s completions against its
  decisions) is zero within ``z / sqrt(n)``, ``z`` the two-sided normal
  quantile of a family-wise error of 1e-3 over every correlation of the test
  (Bonferroni): under independence sqrt(n) r is asymptotically N(0, 1).
  A deliberately broken stream (the hand index not reaching it) is caught.
"""

from __future__ import annotations

import sys
from collections import defaultdict

import numpy as np
import pytest
from scipy import stats

import holdem.agents as agents_module
from holdem.agents import _DRAW_STEP, _GOLDEN, _HAND_STEP
from holdem.games import Stud5
from holdem.match import agents as match_agents
from holdem.match import play_match
from holdem.match import runner

_M = 1 << 64
FAMILY_ERROR = 1e-3


def _smallest_draw_gap(offset: int, hands: int, steps: int) -> int:
    """min |Δd| over |Δh| <= hands, |Δs| <= steps (not all zero when ``offset`` is 0) with
    ``offset + Δh H + Δs G + Δd D ≡ 0 (mod 2**64)``: how far apart two draws must be to share a mixer input."""
    d_inv = np.uint64(pow(_DRAW_STEP, -1, _M))
    dh = np.arange(-hands, hands + 1).astype(np.int64).astype(np.uint64)
    best = _M
    with np.errstate(over="ignore"):
        for ds in range(-steps, steps + 1):
            word = np.uint64(offset % _M) + dh * np.uint64(_HAND_STEP) + np.uint64((ds * _GOLDEN) % _M)
            dd = ((np.uint64(0) - word) * d_inv).view(np.int64)  # the Δd that closes the equation, as a signed int
            gap = np.abs(dd.astype(np.float64))
            if offset == 0 and ds == 0:
                gap[hands] = np.inf  # the trivial solution
            best = min(best, int(gap.min()))
    return best


def test_one_key_never_feeds_the_mixer_the_same_word_twice():
    """For one key: any two (hand, step, draw) with |Δhand| <= 2**17 (a learner kept over 65,000 duplicate deals),
    |Δstep| <= 64 are at least 2**38 draws apart before they share an input word (prob draws 3,500 a round)."""
    assert _smallest_draw_gap(0, 1 << 17, 64) > 1 << 38


class _Recorder:
    """Every number an agent's per-hand stream gives during a match: ``(key, hand, step, draw) -> 53-bit uniform``.

    Wraps ``hand_bits``, ``hand_uniforms`` and ``hand_uniform`` in every module that imported them, the match's
    ``play_block`` (to know the block) and ``AgentSpec.make`` (to know which agent of which block has which key).
    ``broken=True`` drops the hand index from the streams (a planted bug the checks must catch).
    """

    def __init__(self, monkeypatch, broken: bool = False) -> None:
        self.numbers: dict[tuple[int, int, int, int], float] = {}
        self.agents: dict[tuple[int, int], object] = {}  # (block, agent index) -> agent
        self.block = -1
        self._made = 0
        bits, uniform = agents_module.hand_bits, agents_module.hand_uniform

        def spy_bits(key, hands, steps, draw=0):  # recorded under the hand asked for
            out = bits(key, np.zeros_like(np.asarray(hands)) if broken else hands, steps, draw)
            h, s, d, b = np.broadcast_arrays(np.asarray(hands), np.asarray(steps), np.asarray(draw), out)
            keep = d < 2  # prob draws thousands a round: its first two are enough here
            for row in zip(h[keep].tolist(), s[keep].tolist(), d[keep].tolist(), b[keep].tolist()):
                self.numbers[(key,) + tuple(row[:3])] = (row[3] >> 11) * 2.0**-53
            return out

        def spy_uniforms(key, hands, steps, draw=0):
            return (spy_bits(key, hands, steps, draw) >> np.uint64(11)).astype(np.float64) * 2.0**-53

        def spy_uniform(key, hand, step, draw=0):
            out = uniform(key, 0 if broken else hand, step, draw)
            if draw < 2:
                self.numbers[(key, hand, step, draw)] = out
            return out

        originals = {id(bits): spy_bits, id(agents_module.hand_uniforms): spy_uniforms, id(uniform): spy_uniform}
        for module in list(sys.modules.values()):
            if getattr(module, "__name__", "").partition(".")[0] in ("holdem", "bpp"):
                for name in ("hand_bits", "hand_uniforms", "hand_uniform"):
                    if id(getattr(module, name, None)) in originals:
                        monkeypatch.setattr(module, name, originals[id(getattr(module, name))])
        play_block, make = runner.play_block, match_agents.AgentSpec.make

        def spy_block(plan, block, stream):
            self.block, self._made = block, 0
            return play_block(plan, block, stream)

        def spy_make(spec, rng):
            agent = make(spec, rng)
            if self.block >= 0:
                self.agents[(self.block, self._made)] = agent
                self._made += 1
            return agent

        monkeypatch.setattr(runner, "play_block", spy_block)
        monkeypatch.setattr(match_agents.AgentSpec, "make", spy_make)


def _streams(monkeypatch, names, n_deals, block_size, seed, broken=False):
    """Play a duplicate heads-up stud match and sort its recorded numbers.

    Returns ``decisions[i][(block, hand, step)]`` (agent ``i``'s number for a decision, hand counted in its block),
    ``samples[i][(block, hand, round)]`` (the first number of ``prob``'s completions), the keys, and the deals.
    """
    for name in names:  # import the agents' modules before wrapping what they imported
        match_agents.resolve_agent(name)
    rec = _Recorder(monkeypatch, broken)
    play_match(Stud5(), list(names), n_deals, rng=seed, duplicate=True, block_size=block_size)
    per_block = 2 * block_size
    owner = {}
    for (block, i), agent in rec.agents.items():
        kept = sum(a is agent for a in rec.agents.values()) > 1  # one instance in every block: a kept learner
        owner[agent._stream_key] = (i, "decision", None if kept else block)
        if hasattr(agent, "_sample_key"):
            owner[agent._sample_key] = (i, "sample", None if kept else block)
    decisions, samples = defaultdict(dict), defaultdict(dict)
    for (key, hand, step, draw), u in rec.numbers.items():
        i, kind, block = owner[key]
        if block is None:
            block, hand = divmod(hand, per_block)
        if draw == 0:
            (decisions if kind == "decision" else samples)[i][(block, hand, step)] = u
    deals = {b: runner.block_deals(np.random.SeedSequence(seed, spawn_key=(b,)), min(block_size, n_deals - b * block_size),
                                   len(names))[0]
             for b in range(-(-n_deals // block_size))}
    keys = [k for k in owner]
    return decisions, samples, keys, deals


def _first(numbers: dict) -> dict:
    """(block, hand) -> the number of the first decision (or round) of that hand."""
    out: dict = {}
    for (block, hand, step) in sorted(numbers):
        out.setdefault((block, hand), numbers[(block, hand, step)])
    return out


def _pairs(decisions, samples, deals):
    """Every (label, x, y) sample of pairs that must be independent."""
    out = []
    for i, numbers in decisions.items():
        nxt = [(u, numbers[(b, h + 1, s)]) for (b, h, s), u in numbers.items() if (b, h + 1, s) in numbers]
        out.append((f"agent {i}: hand h vs h+1, same step", nxt))
        rep = [(u, numbers[(b, h + 1, s)]) for (b, h, s), u in numbers.items() if h % 2 == 0 and (b, h + 1, s) in numbers]
        out.append((f"agent {i}: replay 0 vs replay 1 of a deal, same step", rep))
        blk = [(u, numbers[(b + 1, h, s)]) for (b, h, s), u in numbers.items() if (b + 1, h, s) in numbers]
        out.append((f"agent {i}: block b vs b+1, same hand and step", blk))
        first = _first(numbers)
        card = [(u, (deals[b][h // 2, 0] + 0.5) / 52) for (b, h), u in first.items()]
        out.append((f"agent {i}: first decision vs the deal's first card", card))
    firsts = [_first(decisions[i]) for i in sorted(decisions)]
    out.append(("agent 0 vs agent 1: first decision of the same hand",
                [(u, firsts[1][bh]) for bh, u in firsts[0].items() if bh in firsts[1]]))
    for i, numbers in samples.items():
        nxt = [(u, numbers[(b, h + 1, r)]) for (b, h, r), u in numbers.items() if (b, h + 1, r) in numbers]
        out.append((f"agent {i} completions: hand h vs h+1, same round", nxt))
        first = _first(numbers)
        for j, label in ((i, "its own"), (1 - i, "the other agent's")):
            mine = _first(decisions[j])
            out.append((f"agent {i} completions: first round vs {label} first decision",
                        [(u, mine[bh]) for bh, u in first.items() if bh in mine]))
    return out


def _correlations(pairs):
    """(label, n, r, bound) per sample of pairs, the bound z / sqrt(n) at a family-wise error of FAMILY_ERROR."""
    z = stats.norm.ppf(1 - FAMILY_ERROR / (2 * len(pairs)))
    out = []
    for label, xy in pairs:
        x, y = np.array(xy).T if xy else (np.zeros(0), np.zeros(0))
        r = float(np.corrcoef(x, y)[0, 1]) if len(xy) > 2 else float("nan")
        out.append((label, len(xy), r, z / np.sqrt(max(len(xy), 1))))
    return out


@pytest.mark.parametrize("names", [("bpp-up", "prob"), ("rules-reader", "rules")])
def test_the_numbers_a_match_draws_are_uncorrelated_where_the_design_says_independent(monkeypatch, names):
    """bpp-up (kept for the match: the batched learner) vs prob (per block, batched) and rules-reader (per block) vs rules,
    300 duplicate deals in 3 blocks: every correlation within its bound, and no two keys within reach of each other."""
    decisions, samples, keys, deals = _streams(monkeypatch, names, 300, 100, seed=5)
    assert len(keys) == len(set(keys))  # no key shared by two agents, two blocks or prob's two streams
    for a in keys:
        for b in keys:
            if a < b:  # two keys' streams share an input word only if |Δdraw| reaches this far
                assert _smallest_draw_gap(a - b, 1 << 10, 32) > 1 << 30
    results = _correlations(_pairs(decisions, samples, deals))
    for label, n, r, bound in results:
        print(f"{label}: n = {n}, r = {r:+.4f}, bound {bound:.4f}")
    for label, n, r, bound in results:
        assert n >= 20, f"{label}: only {n} pairs"
        assert abs(r) < bound, f"{label}: r = {r:+.3f} over {n} pairs, bound {bound:.3f}"


def test_a_stream_without_the_hand_index_is_caught(monkeypatch):
    """The same checks on streams whose hand index is dropped: consecutive hands repeat their numbers."""
    decisions, samples, _, deals = _streams(monkeypatch, ("rules-reader", "rules"), 100, 100, seed=5, broken=True)
    results = {label: (n, r, bound) for label, n, r, bound in _correlations(_pairs(decisions, samples, deals))}
    n, r, bound = results["agent 0: hand h vs h+1, same step"]
    assert n > 50 and r > 0.99 > bound


def test_an_agent_draws_the_same_numbers_whatever_it_plays_against(monkeypatch):
    """Identical where the design says so (common random numbers): agent ``i``'s key in block ``b`` comes from child
    ``(b, 1 + i)`` of the seed alone, so a paired experiment on one seed (bpp learning or frozen, one network or
    another, against the same opponent) gives the opponent the same stream in every block, and the same deals."""
    made = []
    make = match_agents.AgentSpec.make
    monkeypatch.setattr(match_agents.AgentSpec, "make", lambda spec, rng: made.append(make(spec, rng)) or made[-1])
    keys = []
    for first in ("bpp", "bpp-card"):
        made.clear()
        play_match(Stud5(), [first, "prob"], 30, rng=7, duplicate=True, block_size=10)
        # the last three: one prob per block (keep_learners made one first to ask whether it learns)
        keys.append([(a._stream_key, a._sample_key) for a in made if type(a).__name__ == "ProbabilisticPlayer"][-3:])
    assert keys[0] == keys[1]  # the same keys against either BPP
    assert len({k for pair in keys[0] for k in pair}) == 6  # and a different key in every block
