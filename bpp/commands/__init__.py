"""Subcommands of the ``bpp`` command, one module each (see :mod:`bpp.cli`).

The options every table build shares live with the tables (:mod:`holdem.tables`),
so the program packages' build modules need not import the command layer.
"""

from holdem.tables import MAX_COUNT, add_build_output, build_destination, count, positive_int, seed

__all__ = ["MAX_COUNT", "add_build_output", "build_destination", "count", "plain_help", "positive_int", "seed"]


def plain_help(doc: str, *, examples: bool = False) -> str:
    """A module docstring as ``--help`` text: reST literals and roles unwrapped; its ``::`` block dropped or kept.

    With ``examples`` the literal block stays, introduced by "Examples:" (use
    ``argparse.RawDescriptionHelpFormatter`` so that its lines are kept).

    >>> plain_help("Run ``bpp x`` (:func:`bpp.y`).\\n\\n::\\n\\n    bpp x\\n")
    'Run bpp x (bpp.y).'
    >>> plain_help("Run it::\\n\\n    bpp x\\n", examples=True)
    'Run it:\\n\\nExamples:\\n\\n    bpp x'
    """
    import re

    text = re.sub(r":[a-z]+:`~?([^`]+)`", r"\1", doc).replace("``", "")
    head, literal, rest = text.partition("::")
    head = head.rstrip()
    if head.endswith("Examples"):  # "Examples::" introduces the block itself
        head = head[: -len("Examples")].rstrip()
    if not examples or not literal:
        return head.rstrip(":")
    return f"{head if head.endswith(('.', ':')) else head + ':'}\n\nExamples:{rest.rstrip()}"
