"""The documentation site, built once per session (``docs/build.py``: Sphinx with ``-W --keep-going``).

The browser tests use the session's headless Chromium (``browser``, ``page``
in ``tests/conftest.py``); ``site_url`` serves the built site to it.
"""

from __future__ import annotations

import functools
import os
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

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
