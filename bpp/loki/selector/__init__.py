"""The action selector of Poki's architecture: the betting rule base and probability triples (Billings2002 §4 figure, §5; Billings1998 §4.4).

* :mod:`bpp.loki.selector.triples` — probability triples and the formula strategy (Billings2002 §5);
* :mod:`bpp.loki.selector.betting` — the betting context and Loki's rules (Billings1998 §4.4);
* :mod:`bpp.loki.selector.selectors` — the component objects a player holds:
  :class:`~bpp.loki.selector.selectors.RuleSelector` and :class:`~bpp.loki.selector.selectors.FormulaSelector`.
"""
