"""The parallel layer on a Dask cluster: a LocalCluster on loopback gives the local path's numbers.

One ``LocalCluster`` (two worker processes, one thread each, loopback only) is
started for the module.  A match, a pre-flop roll-out and a reproduce
experiment must give identical numbers through it and through the local path;
killing a worker process in the middle of a match must not change the totals
(its lost blocks are re-run on the other worker or its restarted replacement).
"""

import os
import signal
import time

import numpy as np
import pytest

distributed = pytest.importorskip("distributed")

from holdem.games import LimitHoldem  # noqa: E402
from holdem.match import play_match  # noqa: E402
from holdem.match.cluster import ParallelNote, connect, disconnect, iter_map, scheduler_address  # noqa: E402


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    ) as c:
        yield c
        disconnect()


def test_match_on_cluster_equals_local(cluster):
    kw = dict(rng=11, block_size=50, duplicate=True)
    local = play_match(LimitHoldem(), ["random", "call"], 400, workers=1, **kw)
    remote = play_match(LimitHoldem(), ["random", "call"], 400, scheduler=cluster.scheduler_address, **kw)
    np.testing.assert_array_equal(local.winnings, remote.winnings)


def test_lbr_on_cluster_equals_local(cluster, tmp_path):
    """bpp lbr runs on the runner's machinery, so a Dask scheduler plays its blocks with the same result."""
    from bpp.lbr.run import run_lbr

    local = run_lbr("random", betting="fc", n_deals=6, block_size=2, rng=5)
    remote = run_lbr("random", betting="fc", n_deals=6, block_size=2, rng=5, scheduler=cluster.scheduler_address,
                     log=tmp_path / "lbr.jsonl")
    assert np.array_equal(local.chips, remote.chips) and np.array_equal(local.imaginary, remote.imaginary)
    resumed = run_lbr("random", betting="fc", n_deals=6, block_size=2, rng=5, log=tmp_path / "lbr.jsonl")
    assert np.array_equal(resumed.chips, local.chips)


def test_environment_variable_selects_the_cluster(cluster, monkeypatch):
    monkeypatch.setenv("BPP_SCHEDULER", cluster.scheduler_address)
    assert scheduler_address() == cluster.scheduler_address
    assert list(iter_map(pow, [(2, 5), (3, 3), (5, 2)])) == [32, 27, 25]


def test_rollout_on_cluster_equals_local(cluster, monkeypatch):
    from bpp.loki.evaluator.preflop import rollout

    local = rollout(3, 2_000, rng=5, n_jobs=1)
    monkeypatch.setenv("BPP_SCHEDULER", cluster.scheduler_address)
    remote = rollout(3, 2_000, rng=5, n_jobs=1)
    np.testing.assert_array_equal(local.rates, remote.rates)
    np.testing.assert_array_equal(local.games, remote.games)


def test_reproduce_experiment_on_cluster_equals_local(cluster, tmp_path):
    from bpp.reproduce.run import run_experiment
    from bpp.reproduce.registry import get_experiment

    exp = get_experiment("bpp-significance")
    local = run_experiment(exp, "quick", tmp_path / "a", workers=1)
    remote = run_experiment(exp, "quick", tmp_path / "b", scheduler=cluster.scheduler_address)
    assert [s["result"] for s in local.steps] == [s["result"] for s in remote.steps]


def test_learning_match_says_it_is_one_task(cluster):
    from bpp.registry import match_agents
    from holdem.games import Stud5

    agents = match_agents(["bpp", "rules"], rng=3)
    with pytest.warns(ParallelNote, match="learn across hands: this match is one task"):
        play_match(Stud5(), agents, 20, rng=3, scheduler=cluster.scheduler_address)


def test_killed_worker_blocks_are_rerun_with_unchanged_totals(cluster):
    from holdem.match.parallel import iter_blocks
    from holdem.match.runner import MatchPlan, play_block
    from holdem.match.agents import resolve_agent

    game = LimitHoldem()
    # record=True keeps the blocks on the hand-by-hand path: the batched engine plays a 1,500-hand block of two
    # `random` agents so fast that every block can be finished before the first result arrives, leaving none to kill
    plan = MatchPlan(game, (resolve_agent("random"), resolve_agent("random")), 16 * 1500, 1500, False, record=True)

    def tasks():  # fresh seeds each time: spawning from a SeedSequence advances it
        return list(enumerate(np.random.SeedSequence(4).spawn(plan.n_blocks)))

    local = [play_block(plan, b, s).chips.sum(axis=0) for b, s in tasks()]
    client = connect(cluster.scheduler_address)
    pids = client.run(os.getpid)
    results = []
    killed = None
    for res in iter_blocks(plan, tasks(), play=play_block, scheduler=cluster.scheduler_address):
        results.append(res.chips.sum(axis=0))
        if killed is None:
            busy = {w: len(t) for w, t in client.processing().items() if t}
            assert busy, "no block in flight when the worker was to be killed"
            killed = max(busy, key=busy.get)
            os.kill(pids[killed], signal.SIGKILL)
    assert [r.tolist() for r in results] == [r.tolist() for r in local]
    deadline = time.time() + 30
    while killed in client.scheduler_info()["workers"] and time.time() < deadline:
        time.sleep(0.2)
    assert killed not in client.scheduler_info()["workers"]  # the worker really died mid-match


def test_unreachable_scheduler_is_one_value_error():
    with pytest.raises(ValueError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        connect("tcp://127.0.0.1:9", timeout=1)


def test_match_command_takes_a_scheduler(cluster, capsys):
    from bpp.cli import main

    assert main(["match", "limit-holdem", "--agents", "random,call", "--hands", "60", "--seed", "2", "--block-size", "20",
                 "--scheduler", cluster.scheduler_address, "--json", "--no-progress"]) == 0
    remote = capsys.readouterr().out
    assert main(["match", "limit-holdem", "--agents", "random,call", "--hands", "60", "--seed", "2", "--block-size", "20",
                 "--json", "--no-progress"]) == 0
    assert capsys.readouterr().out == remote
    assert main(["match", "stud5", "--agents", "call,call", "--hands", "10", "--scheduler", "tcp://127.0.0.1:9"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err[0]
