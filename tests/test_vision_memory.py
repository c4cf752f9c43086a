"""Freed page arrays are kept for the next photo where glibc's malloc allows it."""

import sys

import pytest

from pnp.vision.memory import keep_freed_memory


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt only")
def test_keep_freed_memory_takes_on_linux_and_only_once():
    assert keep_freed_memory() in (True, False)  # False on a musl Linux
    assert keep_freed_memory.cache_info().currsize == 1
    keep_freed_memory()
    assert keep_freed_memory.cache_info().hits >= 1


def test_keep_freed_memory_is_a_no_op_elsewhere(monkeypatch):
    keep_freed_memory.cache_clear()
    monkeypatch.setattr(sys, "platform", "darwin")
    try:
        assert keep_freed_memory() is False
    finally:
        keep_freed_memory.cache_clear()
