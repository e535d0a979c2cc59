"""The review desk as an office uses it: a bounded load test on loopback against the real server
(``lexconsolida mesa``, a subprocess, on the fictional acervo) — 20 sessions reading the queue and
items for 30 seconds, every answer correct and the 95th percentile under half a second — while a
password-guessing loop runs against another user, who gets locked out at once without anyone
waiting for it."""

from __future__ import annotations

import http.cookiejar
import random
import re
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

from lexconsolida.review.auth import add_user
from tests.conftest import ROOT
from tests.mesa_support import MUN, make_acervo

pytestmark = pytest.mark.slow
SESSIONS, SECONDS, P95 = 20, 30.0, 0.5


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def _opener():
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), _NoRedirect())


def _call(opener, url, data=None) -> tuple[int, str, float]:
    started = time.perf_counter()
    try:
        with opener.open(url, urllib.parse.urlencode(data).encode() if data else None, timeout=30) as r:
            body = r.read().decode("utf-8")
            return r.status, body, time.perf_counter() - started
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode("utf-8"), time.perf_counter() - started


def _login(opener, base, user, password) -> int:
    _, page, _ = _call(opener, f"{base}/entrar")
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    return _call(opener, f"{base}/entrar", {"usuario": user, "senha": password, "volta": "/", "csrf": csrf})[0]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("carga")
    acervo = make_acervo(tmp)
    users = tmp / "usuarios.toml"
    add_user(users, "maria", "senha-da-maria", "revisor", "Maria Souza")
    add_user(users, "joao", "senha-do-joao", "revisor", "João Lima")
    out = tmp / "mesa.txt"
    with open(out, "w") as stdout:
        proc = subprocess.Popen([sys.executable, "-m", "lexconsolida", "mesa", str(acervo), "--porta", "0",
                                 "--usuarios", str(users), "--processos", "1", "--sem-cache"], cwd=ROOT,
                                stdout=stdout, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 180
        base = None
        while time.monotonic() < deadline and proc.poll() is None:
            m = re.search(r"(http://127\.0\.0\.1:\d+)/", out.read_text(encoding="utf-8"))
            if m:
                base = m.group(1)
                break
            time.sleep(0.2)
        assert base, "a mesa não iniciou"
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_twenty_sessions_while_a_password_is_guessed(server):
    base = server
    sessions = [_opener() for _ in range(SESSIONS)]
    for s in sessions:  # each session logs in (before anyone guesses: the address is the same)
        assert _login(s, base, "maria", "senha-da-maria") == 303
    status, queue, _ = _call(sessions[0], f"{base}/")
    assert status == 200
    items = sorted(set(re.findall(r'href="(/item/[^"?]+)"', queue)))
    assert len(items) >= 4
    for href in items:  # warm: each item page computed once
        assert _call(sessions[0], base + href)[0] == 200
    urls = ["/", "/?grupo=instrucao", "/?ato=lei+70&estado=pendente", f"/ato/{MUN}/lei-10-2010", *items]
    times: list[float] = []
    errors: list[str] = []
    guesses: list[tuple[int, float]] = []
    stop = time.monotonic() + SECONDS
    lock = threading.Lock()

    def reader(opener, seed: int) -> None:
        rnd = random.Random(seed)
        while time.monotonic() < stop:
            url = rnd.choice(urls)
            code, body, took = _call(opener, base + url)
            with lock:
                times.append(took)
                if code != 200 or "</html>" not in body:
                    errors.append(f"{url}: {code}")
            time.sleep(rnd.uniform(0.2, 0.6))  # a person reads

    def guesser() -> None:
        opener = _opener()
        n = 0
        while time.monotonic() < stop:
            n += 1
            code = _login(opener, base, "joao", f"chute-{n}")
            guesses.append((code, 0.0))

    threads = [threading.Thread(target=reader, args=(s, i)) for i, s in enumerate(sessions)]
    threads.append(threading.Thread(target=guesser))
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=SECONDS + 60)
    p95 = statistics.quantiles(times, n=20, method="inclusive")[18]
    print(f"\n{len(times)} pedidos de {SESSIONS} sessões em {SECONDS:.0f} s: mediana {statistics.median(times) * 1000:.0f} ms, "
          f"p95 {p95 * 1000:.0f} ms; {len(guesses)} tentativas de senha ({sum(1 for c, _ in guesses if c == 429)} "
          "recusadas pelo bloqueio)")
    assert errors == []
    assert p95 < P95
    codes = [c for c, _ in guesses]
    # locked after five wrong passwords, at once, for as long as the lock lasts (30 s, doubling)
    assert codes[:5] == [401] * 5 and codes[5] == 429 and codes.count(401) <= 6
    # João is locked; Maria's sessions went on, and she still logs in (the address failed five
    # times; its lock needs twenty)
    assert _login(_opener(), base, "maria", "senha-da-maria") == 303
