"""The hand evaluator of Poki's architecture (Billings2002 §4 figure, §5; Billings1998 §4.1–4.4).

* :mod:`bpp.loki.evaluator.preflop` — income rates by roll-out and the pre-flop betting levels on them (Billings1998 §4.1);
* :mod:`bpp.loki.evaluator.postflop` — HS, one-card Ppot/Npot and EHS against weight tables (Billings1998 §4.2–4.4);
* :mod:`bpp.loki.evaluator.hand` — :class:`~bpp.loki.evaluator.hand.HandEvaluator`, the component object a player holds.
"""
