"""The simulator of Poki's architecture: selective-sampling simulation betting (Billings2002 §4 figure, §5, §8).

* :mod:`bpp.loki.simulator.sampling` — :func:`~bpp.loki.simulator.sampling.simulate` and the component object
  :class:`~bpp.loki.simulator.sampling.Simulator` a player holds.
"""
