"""§6.1's split playing curves (Korb1999 §6.1): ``bpp-actions``' own pass/bet and fold/call/raise curves, ``bpp-showing``.

* the shared mechanism: a :class:`CurveSet` with the same curves in every
  situation plays exactly as the merged curves; a set whose situations
  differ is read in the right situation, in ``act``, ``action_probabilities``
  and the batched ``holdings_action_probabilities`` alike;
* ``bpp-actions`` splits on what is owed (open vs facing a bet);
* ``bpp-showing`` splits on BPP_Strength, checked on hand-built hands where
  the up cards fix the type and where the down card makes it;
* the showing network's BIF / XMLBIF files read back to the same network
  (its compiled tables equal pgmpy ``VariableElimination``: ``test_stud_compiled.py``);
* the search never writes over an existing file and searches a CurveSet.
"""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

from holdem.cards import parse_cards
from holdem.games import Stud5
from holdem.match import play_match


from bpp.stud.decision.curves import DEFAULT_PARAMS, CurveParams, CurveSet, load_params
from bpp.stud.model import showing as sh
from bpp.stud.players.actions import ActionsBPP
from bpp.stud.players.paper import BPPPlayer
from bpp.stud.players.showing import ShowingBPP

#: Curves that bet/raise at every d in [-1, 1] (and never fold or call), and ones that always fold / pass.
AGGRESSIVE = CurveParams(bet=(-3.0,) * 4, fold=(3.0,) * 4, call=(5.0,) * 4)
PASSIVE = CurveParams(bet=(3.0,) * 4, fold=(-3.0,) * 4, call=(5.0,) * 4)


def _observation(down: str, up: str, opp_up: str, *, to_call: int = 0):
    """A hand-built heads-up observation of seat 0 in the round given by the number of up cards."""
    obs = Stud5().new_hand(np.arange(52)).observation(0)
    up_cards = tuple(parse_cards(up))
    return obs._replace(
        round=len(up_cards) - 1, hole=tuple(parse_cards(down)), up_cards=(up_cards, tuple(parse_cards(opp_up))), to_call=to_call
    )


# ---------------------------------------------------------------- the mechanism


def test_curve_set_round_trip_and_errors(tmp_path):
    s = CurveSet(("open", "facing"), (DEFAULT_PARAMS, AGGRESSIVE))
    back = CurveSet.load(s.save(tmp_path / "s.json", note="x"))
    assert back == s and back["facing"] == AGGRESSIVE
    np.testing.assert_array_equal(CurveSet.from_array(s.contexts, s.as_array().ravel()).as_array(), s.as_array())
    with pytest.raises(ValueError, match="distinct"):
        CurveSet(("a", "a"), (DEFAULT_PARAMS, DEFAULT_PARAMS))
    with pytest.raises(ValueError, match="must be one of open, facing"):
        s["showing"]
    (tmp_path / "bad.json").write_text(json.dumps({"contexts": {"open": {"bet": [0, 0]}}}))
    with pytest.raises(ValueError, match="'open' is not a set of curve parameters"):
        CurveSet.load(tmp_path / "bad.json")
    with pytest.raises(ValueError, match="must be CurveParams"):
        BPPPlayer(params=s)
    with pytest.raises(ValueError, match="CurveSet over"):
        ShowingBPP(params=s)


class _MergedActions(ActionsBPP):
    """bpp-actions without split curves (one CurveParams for every decision)."""

    curve_contexts = None


@pytest.mark.parametrize("cls,merged_cls", [(ActionsBPP, _MergedActions), (ShowingBPP, BPPPlayer)])
def test_same_curves_in_every_situation_play_as_the_merged_curves(cls, merged_cls):
    merged = load_params()
    split = cls(params=CurveSet.uniform(cls.curve_contexts, merged), rng=5)
    assert cls(params=merged, rng=5).params == split.params  # plain parameters serve every situation
    a = play_match(Stud5(), [split, "rules"], 60, rng=3)
    b = play_match(Stud5(), [merged_cls(params=merged, rng=5), "rules"], 60, rng=3)
    np.testing.assert_array_equal(a.winnings, b.winnings)
    assert np.abs(a.winnings).sum() > 0


def test_bpp_actions_splits_on_what_is_owed():
    player = ActionsBPP(params=CurveSet(("open", "facing"), (PASSIVE, AGGRESSIVE)), rng=0)
    state = Stud5().new_hand(np.arange(52))
    first = state.observation(state.current_player)
    assert first.to_call == 0 and player.curve_context(first) == 0
    probs = {a.kind: p for a, p in player.action_probabilities(first).items()}
    assert probs[1] == pytest.approx(1.0, abs=1e-6)  # open: PASSIVE passes
    state.apply(first.legal[-1])  # a bet
    facing = state.observation(state.current_player)
    assert facing.to_call > 0 and player.curve_context(facing) == 1
    assert player.decision(facing)["context"] == "facing"
    probs = player.action_probabilities(facing)
    assert probs[facing.legal[-1]] == pytest.approx(1.0, abs=1e-6)  # facing: AGGRESSIVE raises
    rows = player.holdings_action_probabilities(facing, np.array([[40], [41], [42]]))
    np.testing.assert_allclose(rows[:, -1], 1.0, atol=1e-6)
    swapped = ActionsBPP(params=CurveSet(("open", "facing"), (AGGRESSIVE, PASSIVE)), rng=0)
    assert {a.kind: p for a, p in swapped.action_probabilities(facing).items()}[0] == pytest.approx(1.0, abs=1e-6)  # folds


# ---------------------------------------------------------------- bpp-showing: the split fires where it should

SHOWING_CASES = [
    # (down, up, opponent's up, expected BPP_Strength): the up cards fix the hand's type → showing
    ("2c", "Ah", "Kd", "showing"),  # ace high, the ace is up
    ("Ac", "2h", "Kd", "hidden"),  # ace high, the ace is the down card
    ("Ac", "Ah", "Kd", "hidden"),  # a pair of aces needs the down card
    ("3c", "Ah Ad", "Kd Qs", "showing"),  # the pair is on the board
    ("Ad", "Ah 3c", "Kd Qs", "hidden"),  # the pair is made with the down card
    ("2s", "Ah Ad Ac", "Kd Qs Js", "showing"),  # trips up
    ("Ac", "Ah Ad 5c", "Kd Qs Js", "hidden"),  # trips with the down card
    ("2s", "Kh Kd 7c 7s", "Ad Qs Js 3h", "showing"),  # two pair up
    ("7d", "Kh Kd 7c 2s", "Ad Qs Js 3h", "hidden"),  # two pair with the down card
    ("9h", "2h 5h 7h Jh", "Ad Qs Js 3h", "hidden"),  # the flush is completed by the down card
]


@pytest.mark.parametrize("down,up,opp_up,expected", SHOWING_CASES)
def test_bpp_showing_context_on_hand_built_hands(down, up, opp_up, expected):
    player = ShowingBPP(params=CurveSet(("hidden", "showing"), (PASSIVE, AGGRESSIVE)), rng=0)
    obs = _observation(down, up, opp_up)
    assert sh.STRENGTH_STATES[player.curve_context(obs)] == expected
    assert sh.STRENGTH_STATES[sh.strength_state(obs.hole, obs.up_cards[0])] == expected
    assert player.evidence(obs)[sh.STRENGTH_NODE] == expected


def test_bpp_showing_plays_the_curves_of_its_context(random_observations):
    player = ShowingBPP(params=CurveSet(("hidden", "showing"), (PASSIVE, AGGRESSIVE)), rng=0)
    seen = set()
    for obs in itertools.islice(random_observations(40, seed=3), 400):
        ctx = player.curve_context(obs)
        seen.add(ctx)
        assert player.decision(obs)["context"] == ("hidden", "showing")[ctx]
        kinds = {a.kind: p for a, p in player.action_probabilities(obs).items()}
        if ctx == 1 and 2 in kinds and obs.round < 3:  # showing: AGGRESSIVE bets (no last-round bluff mixing)
            assert kinds[2] == pytest.approx(1.0, abs=1e-6)
        if ctx == 0 and obs.round < 3:  # hidden: PASSIVE passes or folds
            assert kinds.get(2, 0.0) == pytest.approx(0.0, abs=1e-6)
        seen_up = {c for u in obs.up_cards for c in u}
        holdings = np.array([[c] for c in range(52) if c not in seen_up][:12])
        expect = [player.curve_context(obs._replace(hole=(int(h[0]),))) for h in holdings]
        np.testing.assert_array_equal(player.holdings_curve_contexts(obs, holdings), expect)
        rows = player.holdings_action_probabilities(obs, holdings)
        for h, row in zip(holdings, rows):
            one = player.action_probabilities(obs._replace(hole=(int(h[0]),)))
            np.testing.assert_allclose(row, [one[a] for a in obs.legal], atol=1e-9)
    assert seen == {0, 1}


# ---------------------------------------------------------------- the search


def test_search_never_overwrites_and_searches_a_curve_set(tmp_path):
    from bpp.stud.experiments import search

    existing = tmp_path / "curves.json"
    existing.write_text("{}")
    with pytest.raises(ValueError, match="never overwritten"):
        search.output_paths(existing)
    (tmp_path / "new_search.json").write_text("{}")
    with pytest.raises(ValueError, match="never overwritten"):
        search.output_paths(tmp_path / "new.json")  # its trace exists
    assert search.main(["--out", str(existing), "--generations", "1"]) == 2
    assert existing.read_text() == "{}"
    start = CurveSet.uniform(ActionsBPP.curve_contexts, DEFAULT_PARAMS)
    result = search.search_curves(
        n_generations=1, population=3, elite=2, n_hands=6, validation_hands=6, rng=2, start=start,
        player="bpp-actions", shape="paper", progress=False,
    )
    assert isinstance(result.params, CurveSet) and result.params.contexts == ("open", "facing")
    assert {"diff_mean", "diff_ci95", "start_mean"} <= set(result.validation)
    out = result.save(tmp_path / "split.json")
    assert CurveSet.load(out).contexts == ("open", "facing")
    with pytest.raises(ValueError, match="never overwritten"):
        result.save(out)
