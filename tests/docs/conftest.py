"""The documentation site, built once per session (``docs/build.py``: Sphinx with ``-W --keep-going``).

The browser fixtures (``browser``, ``page``) are the explorer tests' own
(``tests/explore/conftest.py``), loaded from that file so both suites drive
the same headless Chromium the same way.
"""

from __future__ import annotations

import functools
import os
import importlib.util
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

_spec = importlib.util.spec_from_file_location("_explore_browser_fixtures", ROOT / "tests" / "explore" / "conftest.py")
_browser = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_browser)
browser = _browser.browser
page = _browser.page


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The built site's folder; the build's own output is shown if it fails (a warning fails it)."""
    pytest.importorskip("sphinx", reason="the docs extra is not installed (pip install -e '.[docs]')")
    out = tmp_path_factory.mktemp("docs") / "html"
    run = subprocess.run([sys.executable, str(DOCS / "build.py"), str(out)], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, f"the docs build failed (exit {run.returncode}):\n{run.stdout[-6000:]}\n{run.stderr[-6000:]}"
    return out


@pytest.fixture(scope="session")
def site_url(site) -> str:
    """The built site served on 127.0.0.1 (the search page fetches the pages it summarises: no file:// there)."""

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):  # the browser asks for /favicon.ico; the site has none
            if self.path == "/favicon.ico":
                self.send_response(204)
                self.end_headers()
                return
            super().do_GET()

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()
