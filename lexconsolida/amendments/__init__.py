"""Amending instructions: recognised from an amending act as explicit operations.

``recognise(norma, resolve)`` → :class:`Recognition` (operations + problems);
``decide(recognition, decisoes)`` applies the human decisions recorded in ``norma.toml``.
"""

from lexconsolida.amendments.model import OP_KINDS, Operation, OpKind, Problem, Recognition
from lexconsolida.amendments.recognition import recognise

__all__ = ["OP_KINDS", "OpKind", "Operation", "Problem", "Recognition", "recognise"]
