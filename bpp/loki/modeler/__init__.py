"""The opponent modeler of Poki's architecture (Billings2002 §4 figure, §6; Billings1998 §4.3; Billings1998b).

* :mod:`bpp.loki.modeler.weights` — weight tables and their re-weighting (Billings2002 §6 "updating weight table");
* :mod:`bpp.loki.modeler.weightnet` — the re-weighting as a Bayesian network (pgmpy);
* :mod:`bpp.loki.modeler.opponent_model` — the generic and specific models, the twelve contexts (Billings2002 §6);
* :mod:`bpp.loki.modeler.predictors` — the neural network, rule and meta predictors (Billings2002 §6 "neural networks");
* :mod:`bpp.loki.modeler.modelers` — the component objects a player holds: the uniform modeler of player B, Loki's
  and Poki's weighting modelers.
"""
