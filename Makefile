# bpp: two commands do everything on a fresh machine with Python 3.11 (see README.md).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: demo test reproduce bench notebook docs clean

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

## demo: create .venv, install bpp, run the main job (writes results to demo-out/)
demo: $(STAMP)
	$(VENV)/bin/bpp demo --out demo-out

## test: create/update .venv with the test extras and run the whole (non-slow) suite
test: $(STAMP)
	$(PY) -m pytest -q

## reproduce: every paper's results beside bpp's (reproduce-out/report.html, paper scale), and the checks marked `slow`
reproduce: $(STAMP)
	$(VENV)/bin/bpp reproduce --scale paper --workers 2 --out reproduce-out
	$(PY) -m pytest -q -m slow

## bench: speed scripts with the anchors (eval7, phevaluator, treys, pokerkit) installed
bench: $(STAMP)
	$(PY) -m pip install --quiet -e '.[test,bench]'
	for f in benchmarks/bench_*.py; do $(PY) $$f; done

## notebook: install JupyterLab into .venv and open the tutorials (docs/tutorials/*.ipynb)
notebook: $(STAMP)
	$(PY) -m pip install --quiet -e '.[notebook]'
	$(VENV)/bin/jupyter lab docs/tutorials/

## docs: the documentation site into docs/_build/html (offline; Sphinx -W: a warning fails the build)
docs: $(STAMP)
	$(PY) docs/build.py

clean:
	rm -rf $(VENV) demo-out .pytest_cache
