"""bpp: the agents of the five papers, their probabilistic graphs (pgmpy), experiments, plots and CLI."""

__version__ = "0.1.0"
