"""Property: any valid Norma → LexML → Norma is the identity, and the XML validates."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from lexconsolida.lexml.profile import rigid_violation
from lexconsolida.readers.lexml import read
from lexconsolida.writers.lexml import write
from tests.conftest import assert_valid_lexml
from tests.strategies import normas

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(normas())
def test_write_read_is_identity(norma):
    data = write(norma)
    profile = "lexml-flexivel" if rigid_violation(norma) else "lexml-rigido"
    assert f'perfil="{profile}"'.encode() in data
    assert_valid_lexml(data, profile)
    assert read(data).norma == norma
    assert write(read(data).norma) == data


@SETTINGS
@given(normas(flexible=False))
def test_lc95_structures_are_written_rigid(norma):
    assert rigid_violation(norma) is None
    assert b'perfil="lexml-rigido"' in write(norma)


@settings(max_examples=20, deadline=None)
@given(normas())
def test_flexible_profile_always_possible(norma):
    data = write(norma, profile="flexivel")
    assert_valid_lexml(data, "lexml-flexivel")
    assert read(data).norma == norma
