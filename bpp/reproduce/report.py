"""Write ``report.md`` and ``report.html``: every experiment's rows, figures, seeds, commands and wall time.

A report replaces nothing: an earlier ``report.md`` / ``report.html`` in the
folder is first moved to ``history/`` under its own time stamp.
"""

from __future__ import annotations

import html
import os
import re
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from bpp.reproduce.registry import PAPERS

if TYPE_CHECKING:
    from bpp.reproduce.run import ExperimentRun

__all__ = ["write_report"]

_COLOURS = {"exact": "#1b7837", "within CI": "#5aae61", "differs": "#c51b7d"}


def _archive(out: Path) -> None:
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    for name in ("report.md", "report.html"):
        path = out / name
        if path.exists():
            (out / "history").mkdir(exist_ok=True)
            target = out / "history" / f"{path.stem}-{stamp}{path.suffix}"
            k = 1
            while target.exists():
                target = out / "history" / f"{path.stem}-{stamp}-{k}{path.suffix}"
                k += 1
            path.rename(target)


def _sections(runs, out: Path):
    """Per run: (run, rows, figure paths relative to out, text)."""
    figures = out / "figures"
    figures.mkdir(exist_ok=True)
    done = []
    for run in runs:
        rows, paths, text = run.experiment.report(run.results(), figures)
        done.append((run, rows, [Path(p).relative_to(out).as_posix() for p in paths], text))
    return done


def _rerun(run, scale) -> str:
    return f"bpp reproduce --scale {scale} --only {run.experiment.paper} --out DIR"


def write_report(runs: Sequence[ExperimentRun], out: str | os.PathLike[str], *, scale: str, command: str, versions: dict, wall: float) -> tuple[Path, Path]:
    """Write ``out/report.md`` and ``out/report.html`` for ``runs`` (:class:`bpp.reproduce.run.ExperimentRun` s)."""
    out = Path(out)
    sections = _sections(runs, out)
    _archive(out)
    counts: dict[str, int] = {}
    for _, rows, _, _ in sections:
        for r in rows:
            counts[r.verdict] = counts.get(r.verdict, 0) + 1
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    summary = ", ".join(f"{counts[k]} {k}" for k in ("exact", "within CI", "differs") if k in counts)

    md = [f"# bpp reproduce — {scale} scale", "",
          f"Written {stamp}. Command: `{command}`. Total wall time of this invocation: {wall:.0f} s.", "",
          "Versions: " + ", ".join(f"{k} {v}" for k, v in versions.items()) + ".", "",
          f"Verdicts: {summary}. *exact* — equal at the paper's precision; *within CI* — the paper's value lies in "
          "our 95 % interval (for a claim such as a sign or a significance: the claim holds at 95 %); *differs* — "
          "with one sentence on why.", ""]
    body = [f"<h1>bpp reproduce — {scale} scale</h1>",
            f"<p>Written {stamp}. Command: <code>{html.escape(command)}</code>. Total wall time of this invocation: {wall:.0f} s.</p>",
            "<p>Versions: " + ", ".join(f"{html.escape(k)} {html.escape(str(v))}" for k, v in versions.items()) + ".</p>",
            f"<p>Verdicts: {summary}. <i>exact</i>: equal at the paper's precision; <i>within CI</i>: the paper's "
            "value lies in our 95 % interval (for a claim such as a sign or a significance: the claim holds at 95 %); "
            "<i>differs</i>: with one sentence on why.</p>"]
    for beyond in (False, True):
        chosen = [s for s in sections if s[0].experiment.beyond == beyond]
        if not chosen:
            continue
        heading = "The toolkit's own results beyond the papers" if beyond else "The papers' results"
        md += [f"## {heading}", ""]
        body.append(f"<h2>{heading}</h2>")
        paper = None
        for run, rows, figs, text in chosen:
            exp = run.experiment
            if exp.paper != paper and not beyond:
                paper = exp.paper
                key, title = PAPERS[paper]
                md += [f"### {title} ({key})", ""]
                body.append(f"<h3>{html.escape(title)} ({key})</h3>")
            how = (f"{exp.source}. Log `{run.log.relative_to(out).as_posix()}` run {run.run}, started {run.started}, "
                   f"{run.seconds:.1f} s{' (reused from the log)' if run.reused else ''}.")
            md += [f"#### {exp.title}", "", how, "", "| item | paper | bpp | 95 % CI | verdict | why |",
                   "|---|---|---|---|---|---|"]
            md += [f"| {r.item} | {r.paper} | {r.ours} | {r.ci} | {r.verdict} | {r.why} |" for r in rows]
            md.append("")
            if text:
                md += [text, ""]
            md += [f"![{exp.key}]({f})" for f in figs] + ([""] if figs else [])
            steps = "\n".join(f"    {s['name']}: {_command(s)}  # {s['seconds']:.1f} s" for s in run.steps)
            md += [f"Re-run: `{_rerun(run, run.scale)}`; each step alone in Python:", "", steps, ""]
            how_html = re.sub(r"`([^`]*)`", r"<code>\1</code>", html.escape(how))
            body.append(f"<h4>{html.escape(exp.title)}</h4><p class='how'>{how_html}</p>")
            body.append("<table><tr><th>item</th><th>paper</th><th>bpp</th><th>95 % CI</th><th>verdict</th><th>why</th></tr>")
            for r in rows:
                colour = _COLOURS.get(r.verdict, "#555")
                body.append("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in (r.item, r.paper, r.ours, r.ci))
                            + f"<td style='color:{colour};font-weight:bold'>{html.escape(r.verdict)}</td>"
                            + f"<td>{html.escape(r.why)}</td></tr>")
            body.append("</table>")
            if text:
                body.append(f"<p>{html.escape(text)}</p>")
            body += [f"<img src='{html.escape(f)}' alt='{exp.key}'>" for f in figs]
            body.append(f"<details><summary>re-run</summary><pre>{html.escape(_rerun(run, run.scale))}\n"
                        f"{html.escape(steps)}</pre></details>")
    style = ("body{font-family:system-ui,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem;color:#222}"
             "table{border-collapse:collapse;margin:.5rem 0;font-size:.9rem}td,th{border:1px solid #ccc;padding:.25rem .5rem;"
             "vertical-align:top}th{background:#f3f3f3}img{max-width:100%;margin:.5rem 0}.how{color:#555;font-size:.85rem}"
             "pre{font-size:.8rem;overflow-x:auto}")
    page = ("<!doctype html><html><head><meta charset='utf-8'><title>bpp reproduce</title>"
            f"<style>{style}</style></head><body>" + "\n".join(body) + "</body></html>\n")
    md_path, html_path = out / "report.md", out / "report.html"
    md_path.write_text("\n".join(md), encoding="utf-8")
    html_path.write_text(page, encoding="utf-8")
    return md_path, html_path


def _command(step: dict) -> str:
    module, func = step["target"].split(":")
    args = ", ".join(f"{k}={v!r}" for k, v in step["kwargs"].items())
    return f"from {module} import {func}; {func}({args})"
