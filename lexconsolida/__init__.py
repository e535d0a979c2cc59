"""lexconsolida: read, amend, consolidate and publish Brazilian municipal acts (LexML)."""

__version__ = "0.1.0"
