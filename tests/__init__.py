"""lexconsolida test suite (a package, so tests can import helpers from tests.conftest)."""
