"""A throw-away certificate authority for the gazette's signature tests, made in the test itself.

Every key is generated at run time (small, fast EC keys) and lives only in the test's temporary
folder: nothing that looks like a real private key is committed. The names say what they are
("AC DE TESTE — SEM VALOR"), so a file left behind can never be mistaken for a real certificate.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import NameOID

PASSWORD = b"senha-de-teste"


@dataclass(slots=True)
class TestCA:
    root: x509.Certificate
    root_key: ec.EllipticCurvePrivateKey

    def root_pem(self, folder: Path) -> Path:
        path = folder / "ac-raiz-teste.pem"
        path.write_bytes(self.root.public_bytes(serialization.Encoding.PEM))
        return path

    def holder(self, folder: Path, *, name: str = "MARIA DA SILVA DE TESTE:00000000191",
               valid_from: datetime | None = None, valid_to: datetime | None = None,
               password: bytes | None = PASSWORD, file_name: str = "titular.p12") -> Path:
        """A PKCS#12 file with a holder's key and certificate (and the root), like an A1."""
        now = datetime.now(timezone.utc)
        key = ec.generate_private_key(ec.SECP256R1())
        cert = (x509.CertificateBuilder()
                .subject_name(x509.Name([x509.NameAttribute(NameOID.COUNTRY_NAME, "BR"),
                                         x509.NameAttribute(NameOID.ORGANIZATION_NAME, "ICP-Brasil de TESTE"),
                                         x509.NameAttribute(NameOID.COMMON_NAME, name)]))
                .issuer_name(self.root.subject)
                .public_key(key.public_key())
                .serial_number(x509.random_serial_number())
                .not_valid_before(valid_from or now - timedelta(days=1))
                .not_valid_after(valid_to or now + timedelta(days=365))
                .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=True,
                                             key_encipherment=False, data_encipherment=False,
                                             key_agreement=False, key_cert_sign=False, crl_sign=False,
                                             encipher_only=False, decipher_only=False), critical=True)
                .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
                .sign(self.root_key, hashes.SHA256()))
        encryption = (serialization.BestAvailableEncryption(password) if password
                      else serialization.NoEncryption())
        path = folder / file_name
        path.write_bytes(pkcs12.serialize_key_and_certificates(
            b"titular de teste", key, cert, [self.root], encryption))
        return path


    def tsa(self):
        """A time-stamping authority's certificate and key (asn1crypto objects, for pyHanko's
        DummyTimeStamper)."""
        from asn1crypto import keys as asn1_keys
        from asn1crypto import x509 as asn1_x509
        from cryptography.x509.oid import ExtendedKeyUsageOID

        from cryptography.hazmat.primitives.asymmetric import rsa

        now = datetime.now(timezone.utc)
        key = rsa.generate_private_key(public_exponent=65537, key_size=2048)  # pyHanko's test TSA is RSA-only
        cert = (x509.CertificateBuilder()
                .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "ACT DE TESTE — SEM VALOR")]))
                .issuer_name(self.root.subject).public_key(key.public_key())
                .serial_number(x509.random_serial_number())
                .not_valid_before(now - timedelta(days=1)).not_valid_after(now + timedelta(days=365))
                .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.TIME_STAMPING]), critical=True)
                .sign(self.root_key, hashes.SHA256()))
        der = serialization.Encoding.DER
        return (asn1_x509.Certificate.load(cert.public_bytes(der)),
                asn1_keys.PrivateKeyInfo.load(key.private_bytes(der, serialization.PrivateFormat.PKCS8,
                                                                serialization.NoEncryption())),
                asn1_x509.Certificate.load(self.root.public_bytes(der)))


def make_ca() -> TestCA:
    now = datetime.now(timezone.utc)
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COUNTRY_NAME, "BR"),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, "ICP-Brasil de TESTE"),
                      x509.NameAttribute(NameOID.COMMON_NAME, "AC DE TESTE — SEM VALOR")])
    root = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - timedelta(days=30)).not_valid_after(now + timedelta(days=3650))
            .add_extension(x509.BasicConstraints(ca=True, path_length=1), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=False,
                                         key_encipherment=False, data_encipherment=False,
                                         key_agreement=False, key_cert_sign=True, crl_sign=True,
                                         encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
            .sign(key, hashes.SHA256()))
    return TestCA(root, key)
