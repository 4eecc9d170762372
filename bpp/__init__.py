"""bpp: the poker programs of five papers as agents with probabilistic graphs (pgmpy), on the holdem engine.

The programs, one package each, each reading like its paper (REFERENCES.md has the papers):

- bpp.loki: Loki and Poki, limit hold'em (Billings1998, Billings1998b, Billings2002): pre-flop income
  rates, hand strength and potential, weight tables, opponent models, the simulation player.
- bpp.stud: the Bayesian Poker Program, five-card stud (Korb1999): the four networks per round, the
  betting curves, the section 6 variants (linked, actions, bluff, showing, dbn, multi-seat).
- bpp.kendall: Kendall and Willdig's adaptive five-card draw player (Kendall2001): the four styles,
  the evolving player, Tables 5 and 6.
- bpp.lbr: Local Best Response (Lisy2017), a lower bound on an agent's exploitability.

Around them: bpp.registry (every agent by name), bpp.models (the networks and tables shipped in the
package; bpp.models.shipped_path finds them), bpp.plots, bpp.explore (the belief explorer and the
play page), bpp.reproduce (every paper's numbers beside bpp's), bpp.envs, bpp.openspiel and bpp.acpc
(the frameworks), bpp.cli (the bpp command).

Entry points:

- bpp demo: the main job, a short tour of every program with tables and figures.
- bpp match GAME --agents A,B: a match, mean and 95% CI per agent; bpp match --help lists the agents.
- bpp inspect GAME and bpp explore GAME: beliefs step by step, as a figure or an interactive page.
- bpp lbr, bpp kendall train and evaluate, bpp build TARGET, bpp reproduce (the report).
- holdem.play_match(game, agents, n_deals, rng=seed): the same matches from Python.

Agents are named as in bpp match: a name of bpp.registry.list_agents(), a "module:Class" path, or an
agent another installed distribution declares in the bpp.agents entry-point group. No import is needed
for names to work: holdem finds them through the entry points.

Read more: the documentation site built from docs/ (getting started, a tutorial per program, how-to
guides, the API reference, the results against the papers) and ARCHITECTURE.md.
"""

__version__ = "0.1.0"
