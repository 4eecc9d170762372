"""The faster forms of the card-level BPP's per-round computations give the same numbers as the forms they replace."""

import itertools

import numpy as np

from holdem.evaluate import evaluate_unchecked

from bpp.stud.model.handvalue import HAND_TYPE_NAMES, hand_type, hand_value, hand_value_codes
from bpp.stud.players.reference import _win_sampled, unseen_cards


def _win_given_holes_by_hands(mine, theirs_up, holes, n_samples, rng):
    """The previous implementation (every candidate's and sample's two hands built and evaluated), kept as the oracle."""
    k = holes.size
    n_mine = 5 - len(mine)
    n_theirs = 4 - len(theirs_up)
    m = n_mine + n_theirs
    unseen = np.ones(52, dtype=bool)
    unseen[list(mine) + list(theirs_up)] = False
    pool = np.flatnonzero(unseen).astype(np.int8)
    size = pool.size
    rows = np.broadcast_to(pool, (n_samples, size)).copy()
    picks = rng.integers(np.arange(m + 1), size, size=(n_samples, m + 1))
    index = np.arange(n_samples)
    for j in range(m + 1):
        chosen = rows[index, picks[:, j]]
        rows[index, picks[:, j]] = rows[:, j]
        rows[:, j] = chosen
    head = rows[:, : m + 1]
    where = np.full((n_samples, 52), m, dtype=np.intp)
    where[index[:, None], head] = np.arange(m + 1)
    drop = where[:, holes].T
    out = np.broadcast_to(head[:, :m], (k, n_samples, m)).copy()
    ki, si = np.nonzero(drop < m)
    j = np.arange(m)
    out[ki, si] = head[si[:, None], j + (j >= drop[ki, si][:, None])]
    hands = np.empty((2, k, n_samples, 5), dtype=np.int8)
    hands[0, :, :, : len(mine)] = np.array(mine, dtype=np.int8)
    hands[0, :, :, len(mine) :] = out[:, :, :n_mine]
    hands[1, :, :, 0] = holes[:, None]
    hands[1, :, :, 1 : 1 + len(theirs_up)] = np.array(theirs_up, dtype=np.int8)
    hands[1, :, :, 1 + len(theirs_up) :] = out[:, :, n_mine:]
    r = evaluate_unchecked(hands.reshape(-1, 5)).reshape(2, k, n_samples)
    return ((r[0] > r[1]).sum(axis=1) + 0.5 * (r[0] == r[1]).sum(axis=1)) / n_samples


def test_win_given_holes_by_key_sums_is_identical_to_building_every_hand():
    rng = np.random.default_rng(5)
    for trial in range(60):
        deck = rng.permutation(52)
        r = trial % 3  # rounds 1-3 (the sampler; rounds 3 and 4 are enumerated exactly in play, tests/stud/test_stud_reference.py)
        if trial % 10 == 9:  # boards where flushes are live for both sides
            suited = [int(c) for c in range(52) if c & 3 == trial & 3]
            mine, up = tuple(suited[: r + 2]), tuple(suited[r + 2 : 2 * r + 3])
        else:
            mine, up = tuple(int(c) for c in deck[: r + 2]), tuple(int(c) for c in deck[10 : 11 + r])
        holes = unseen_cards(mine, up)
        got = _win_sampled(mine, up, holes, 150, np.random.default_rng(trial))
        expected = _win_given_holes_by_hands(mine, up, holes, 150, np.random.default_rng(trial))
        assert np.array_equal(got, expected)


def test_hand_value_codes_order_hands_as_hand_value_does():
    rng = np.random.default_rng(0)
    straights = [[(top - i) * 4 + (i + s) % 4 for i in range(5)] for top in range(4, 13) for s in range(2)]
    straights += [[12 * 4 + 1, 0, 4, 8, 12]]  # the wheel, A-2-3-4-5
    flushes = [[r * 4 + 2 for r in combo] for combo in itertools.combinations(range(13), 5)][::7]
    batches = [np.array(list(itertools.combinations(range(52), k))) for k in (1, 2, 3)]  # every 1-3 card hand
    batches += [np.sort(np.array([rng.choice(52, k, replace=False) for _ in range(3000)]), axis=1) for k in (4, 5)]
    batches.append(np.sort(np.array(straights + flushes), axis=1))
    for hands in batches:
        codes, types = hand_value_codes(hands)
        values = [hand_value(h) for h in hands.tolist()]
        assert types.tolist() == [hand_type(h) for h in hands.tolist()]
        i, j = rng.integers(0, len(hands), (2, 20000))
        assert ((codes[i] > codes[j]) == np.array([values[a] > values[b] for a, b in zip(i, j)])).all()
        assert ((codes[i] == codes[j]) == np.array([values[a] == values[b] for a, b in zip(i, j)])).all()
    # hands of different lengths (an up card against a down card and up cards)
    short, long = batches[0], batches[2]
    a, b = rng.integers(0, len(short), 5000), rng.integers(0, len(long), 5000)
    cs, _ = hand_value_codes(short)
    cl, _ = hand_value_codes(long)
    assert ((cs[a] > cl[b]) == np.array([hand_value(short[x].tolist()) > hand_value(long[y].tolist()) for x, y in zip(a, b)])).all()
    assert HAND_TYPE_NAMES[int(hand_value_codes(np.array(straights[-1:]))[1][0])] == "straight"


def test_card_bpp_posterior_kept_through_the_hand_equals_recounting_every_decision(random_states):
    """CardBPP multiplies in only the opponent's new decisions; the posterior is bit-identical to recounting them all."""
    from bpp.stud.players.cardlevel import CardBPP
    from bpp.stud.players.reference import unseen_cards

    player = CardBPP(rng=0)
    player.model_.counts_ += np.random.default_rng(1).uniform(0, 5, player.model_.counts_.shape)  # a learned-looking CPT
    hands = 0
    last = None
    checked = 0
    for state in random_states(40, seed=3):
        if state is not last:  # a new hand
            player.new_hand(0)
            last = state
            hands += 1
        seat = state.current_player  # its own view, as in play (the kept product grows) ...
        for seat in (seat, 1 - seat) if checked % 3 == 0 else (seat,):  # ... and now and then the other seat's (it starts again)
            obs = state.observation(seat)
            me = obs.player
            cards = unseen_cards(obs.hole, obs.up_cards[me], obs.up_cards[1 - me])
            got_cards, got = player.posterior(obs)
            oracle = player._posterior(player._evidence(obs.history, 1 - me, cards, obs.up_cards[1 - me], obs.up_cards[me]), cards.size)
            assert np.array_equal(got_cards, cards) and np.array_equal(got, oracle)
            checked += 1
    assert hands == 40 and checked > 300


def test_rules_batch_value_lookup_equals_hand_value_codes():
    """figure4_policy_batch reads 1-4 card values from a table of ranks; they equal hand_value_codes on real cards."""
    from bpp.stud.opponents.paper import _value_codes

    rng = np.random.default_rng(3)
    for k in (1, 2, 3, 4, 5):
        hands = np.array([rng.choice(52, k, replace=False) for _ in range(4000)])
        for got, expected in zip(_value_codes(hands), hand_value_codes(hands)):
            np.testing.assert_array_equal(got, expected)


def _hole_posterior_card_by_card(observation, max_bets=4):
    """The previous ``hole_posterior``: Figure 4's policy called once per candidate card and decision, kept as the oracle."""
    from bpp.stud.opponents import figure4_policy
    from bpp.stud.players.reference import _CALL, _FOLD, opponent_decisions

    me = observation.player
    mine_up, theirs_up = observation.up_cards[me], observation.up_cards[1 - me]
    cards = unseen_cards(observation.hole, mine_up, theirs_up)
    weights = np.ones(cards.size)
    for r, facing, can_raise, kind in opponent_decisions(observation, max_bets=max_bets):
        row = []
        for h in cards:
            fold, call, bet = figure4_policy((int(h),), theirs_up[: r + 1], mine_up[: r + 1], facing)
            if not facing:
                call += fold
                fold = 0.0
            if not can_raise:
                call += bet
                bet = 0.0
            row.append(fold if kind == _FOLD else (call if kind == _CALL else bet))
        weights *= row
    total = weights.sum()
    if total <= 0.0:
        weights, total = np.ones(cards.size), float(cards.size)
    return cards, weights / total


def test_rules_reader_posterior_batch_equals_figure4_card_by_card(random_states):
    """hole_posterior scores every candidate down card from one figure4_policy_cards call a round; bit-identical to the card loop."""
    from bpp.stud.players.reference import hole_posterior

    checked = informed = 0
    for state in random_states(60, seed=11):
        for seat in (0, 1):
            obs = state.observation(seat)
            cards, got = hole_posterior(obs)
            oracle_cards, oracle = _hole_posterior_card_by_card(obs)
            assert np.array_equal(cards, oracle_cards) and np.array_equal(got, oracle)
            checked += 1
            informed += not np.allclose(got, got[0])  # the actions moved the posterior off uniform
    assert checked > 200 and informed > 50


def test_rules_reader_posterior_kept_through_the_hand_equals_hole_posterior(random_states):
    """RulesReader multiplies in only the opponent's new decisions; the posterior is bit-identical to hole_posterior."""
    from bpp.stud.players.reference import RulesReader, hole_posterior

    reader = RulesReader(rng=0)
    checked = extended = 0
    seen: list = []
    for state in random_states(60, seed=5):
        seat = state.current_player
        views = [state.observation(seat)]  # its own view, as in play (the kept product grows) ...
        if checked % 3 == 0:
            views.append(state.observation(1 - seat))  # ... now and then the other seat's (it starts again) ...
        if checked % 4 == 1 and seen:
            views.append(seen[checked % len(seen)])  # ... or an earlier point, perhaps of this hand (fewer cards and decisions)
        if checked % 4 == 2 and seen:  # ... or another hand's cards with this down card (other up cards, same decisions)
            views.append(seen[checked % len(seen)]._replace(player=seat, hole=views[0].hole))
        seen.append(views[0])
        for obs in views:
            before = getattr(reader, "_kept_posterior", None)
            got_cards, got = reader.posterior(obs)
            cards, expected = hole_posterior(obs)
            assert np.array_equal(got_cards, cards) and np.array_equal(got, expected)
            extended += before is not None and reader._kept_posterior[4] is before[4]
            checked += 1
    assert checked > 300 and extended > 50


def _showings(rng, n):
    """``n`` random deals of two showings of 1-4 cards each, every fifth one with four up cards of one suit (a flush is live)."""
    for trial in range(n):
        k = 1 + trial % 4
        deck = [int(c) for c in rng.permutation(52)]
        if trial % 5 == 4:
            suited = [c for c in deck if c & 3 == trial & 3]
            mine, theirs = tuple(suited[:4]), tuple(c for c in deck if c not in suited[:4])[:4]
            mine, theirs = (mine, theirs) if trial % 2 else (theirs, mine)
        else:
            mine, theirs = tuple(deck[:k]), tuple(deck[k : 2 * k])
        yield mine, theirs


def test_down_card_codes_and_showing_code_equal_hand_value_codes():
    """The table lookups of every down card's hand and of a showing give hand_value_codes of the real cards, flushes included."""
    from bpp.stud.model.handvalue import down_card_codes, showing_code

    rng = np.random.default_rng(8)
    flushes = 0
    for up, other in itertools.chain([((), (5,))], _showings(rng, 300)):
        holes = unseen_cards(up)
        hands = np.concatenate([holes[:, None], np.broadcast_to(np.array(up, dtype=np.int64), (holes.size, len(up)))], axis=1)
        expected_codes, expected_types = hand_value_codes(hands)
        codes, types = down_card_codes(up)
        assert np.array_equal(codes[holes], expected_codes) and np.array_equal(types[holes], expected_types)
        flushes += int((expected_codes >> 52 == 5).sum())
        for hand in (up, other):
            if hand:
                code, kind = hand_value_codes(np.array([hand]))
                assert showing_code(hand) == (int(code[0]), int(kind[0]))
    assert flushes > 100


def test_figure4_policy_cards_equals_figure4_policy_for_every_down_card():
    """figure4_policy_cards classes every down card once a round; each class's row is figure4_policy's answer, facing or not."""
    from bpp.stud.opponents.paper import FIGURE4_BY_CLASS, figure4_policy, figure4_policy_cards

    rng = np.random.default_rng(9)
    seen = set()
    for mine, theirs in _showings(rng, 200):
        behind, classes = figure4_policy_cards(mine, theirs)
        for h in unseen_cards(mine, theirs).tolist():
            for facing in (False, True):
                expected = figure4_policy((h,), mine, theirs, facing)
                assert tuple(FIGURE4_BY_CLASS[int(behind), int(facing), :, classes[h]].tolist()) == expected
                seen.add(expected)
    assert len(seen) == 6  # every answer of Figure 4 was met


def test_round3_win_by_rank_equals_the_count_card_by_card():
    """Without a possible flush, round 3's P(win | h) counted by rank is bit-identical to the count over every pair of cards."""
    from holdem.tables import load_tables
    from bpp.stud.players.reference import _win_one_to_come, _win_one_to_come_cards, _win_one_to_come_ranks

    tables = load_tables()
    rng = np.random.default_rng(12)
    by_rank = 0
    for trial in range(150):
        if trial % 10 == 0:  # quads for BPP and trips showing for the opponent: values with five of a rank are never weighted
            r, q = rng.choice(13, 2, replace=False)
            mine, up = tuple(int(r) * 4 + s for s in range(4)), (int(q) * 4, int(q) * 4 + 1, int(q) * 4 + 2)
        else:
            deck = [int(c) for c in rng.permutation(52)]
            mine, up = tuple(deck[:4]), tuple(deck[4:7])
        pool = unseen_cards(mine, up)
        expected = _win_one_to_come_cards(tables, mine, up, pool, pool)
        assert np.array_equal(_win_one_to_come(mine, up, pool), expected)
        if len({c & 3 for c in mine}) > 1 and len({c & 3 for c in up}) > 1:
            assert np.array_equal(_win_one_to_come_ranks(tables, mine, up, pool, pool[::3]), expected[::3])
            by_rank += 1
    assert by_rank > 120


def _decisions_by_replay(history, opp, max_bets=4):
    """The previous ``_decisions``: every event of the hand read again at each call, kept as the oracle."""
    out, r, bets, facing = [], -1, 0, {0: False, 1: False}
    for event in history:
        if event.kind != "action":
            continue
        if event.round != r:
            r, bets, facing = event.round, 0, {0: False, 1: False}
        kind = int(event.action.kind)
        if event.player == opp:
            out.append((r, facing[opp], bets < max_bets, kind))
        if kind == 2:
            bets += 1
            facing = {event.player: False, 1 - event.player: True}
        else:
            facing[event.player] = False
    return out


def test_decision_reader_kept_through_the_hand_equals_reading_every_event(random_states):
    """The players read only the events added since their last call; the decisions equal a full reading, whatever is asked next."""
    from bpp.stud.players.reference import _DecisionReader

    reader = _DecisionReader()
    seen: list = []
    checked = 0
    for i, state in enumerate(random_states(80, seed=13)):
        history = tuple(state.history)
        asks = [(history, state.current_player, 4)]
        if i % 3 == 0:
            asks.append((history, 1 - state.current_player, 4))  # the other seat
        if i % 5 == 1 and seen:
            asks.append((seen[i % len(seen)], state.current_player, 4))  # an earlier point, perhaps of another hand
        if i % 7 == 2:
            asks.append((history, state.current_player, 1))  # another raise cap
        seen.append(history)
        for h, opp, cap in asks:
            got = reader.read(h, opp, cap)
            assert got == _decisions_by_replay(h, opp, cap)
            got.append(None)  # the caller's list is its own
            checked += 1
    assert checked > 500


def test_round2_with_bpp_flushes_counted_by_rank_equals_the_count_card_by_card():
    """BPP's three cards of one suit, the opponent's two of two suits: the rank table plus BPP's flushes counted by rank
    is bit-identical to every completion counted card by card (pairs and trips showing, ranks shared with BPP included)."""
    from bpp.stud.players.reference import _round2_table, _win_round2, _win_two_to_come_cards

    table = _round2_table()
    rng = np.random.default_rng(14)
    for trial in range(40):
        deck = [int(c) for c in rng.permutation(52)]
        suited = [c for c in deck if c & 3 == trial % 4]
        mine = tuple(suited[:3])
        rest = [c for c in deck if c not in mine]
        if trial % 5 == 0:  # the opponent pairs one of BPP's ranks
            up = tuple(c for c in rest if c >> 2 == mine[0] >> 2)[:1] + (rest[0],)
            up = up if up[0] & 3 != up[1] & 3 else (up[0], next(c for c in rest if c & 3 != up[0] & 3 and c != up[0]))
        elif trial % 5 == 1:  # a pair showing
            r = rest[0] >> 2
            up = tuple(c for c in rest if c >> 2 == r)[:2]
        else:
            up = (rest[0], next(c for c in rest[1:] if c & 3 != rest[0] & 3))
        if up[0] & 3 == up[1] & 3:
            continue
        holes = unseen_cards(mine, up)
        assert np.array_equal(_win_round2(table, mine, up, holes), _win_two_to_come_cards(mine, up, holes))


def test_showdown_read_from_round_3_by_rank_equals_evaluating_the_hands(random_states):
    """The showdown's P(win | h) read from the round-3 values a player kept equals evaluating every hand, and a kept
    round 3 of other cards (another hand, the other seat) is not used."""
    import bpp.stud.players.reference as ref

    kept: dict = {}
    by_rank = 0
    seen = []
    for state in random_states(300, seed=15):
        for seat in (0, 1):
            obs = state.observation(seat)
            mine, theirs = obs.hole + obs.up_cards[seat], obs.up_cards[1 - seat]
            if len(mine) < 4:
                continue
            holes = unseen_cards(mine, theirs)
            if len(mine) == 5 and len(seen) % 3 == 0:  # now and then a round 3 of other cards is what was kept last
                other = seen[len(seen) // 2]
                ref._win_given_holes(other[0], other[1], unseen_cards(*other), 200, None, kept)
            reading = kept.get("round3")
            got = ref._win_given_holes(mine, theirs, holes, 200, None, kept)
            assert np.array_equal(got, ref._win_given_holes(mine, theirs, holes, 200, None))
            if len(mine) == 4:
                seen.append((mine, theirs))
            elif reading is not None and reading[0] == mine[:4] and reading[1] == theirs[:3]:
                by_rank += 1
    assert by_rank > 20 and len(seen) > 100


def test_likelihood_table_by_two_gathers_equals_the_slice_writes():
    """OpponentActionModel.likelihood adds two CPT entries per cell; bit-identical to the legal-move merges written slice by slice."""
    from bpp.stud.players.cardlevel import OpponentActionModel

    def by_slices(model):
        p = model.cpt()
        out = np.zeros((2, 2, 2, 3, 3))
        out[:, :, 1] = p
        out[:, 0, :, 1] += out[:, 0, :, 0]
        out[:, 0, :, 0] = 0.0
        out[:, :, 0, 1] = out[:, :, 1, 1] + out[:, :, 1, 2]
        out[:, 0, 0, 1] = 1.0
        out[:, 1, 0, 0] = out[:, 1, 1, 0]
        return out

    rng = np.random.default_rng(16)
    for _ in range(100):
        model = OpponentActionModel(prior_strength=float(rng.uniform(0.1, 5.0)))
        model.counts_ = rng.uniform(0, 50, (2, 2, 3, 3)) * (rng.random((2, 2, 3, 3)) < 0.7)
        assert np.array_equal(model.likelihood(), by_slices(model))
