"""The explorer's browser tests use the session's headless Chromium (``browser``, ``page``: ``tests/conftest.py``)."""
