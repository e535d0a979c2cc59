"""Benchmark: the review desk (``lexconsolida mesa``) on the whole Feira de Santana acervo.

The Feira acervo (../shared/acervos/feira-de-santana-ba) is imported into a temporary folder
(or ``--acervo`` names one already imported), the real server is started as a subprocess and
driven over HTTP as a browser does (session cookie, CSRF token, the confirmation of a decision):

- the queue page (``/``, and filtered), repeated: median and spread; target < 300 ms;
- decisions of every kind on items whose targets have few and many amending acts (the worst
  is the Lei Complementar nº 1 of Feira, amended by 30 acts): the time from posting the decision
  to the updated item page — the ledger written, the act and the histories of the acts it
  amends compiled again, the page rendered with the result;
- the server's start, twice: the first reads the whole acervo (and fills the cache), the second
  takes it from the cache — target < 20 s —, and its peak resident memory;
- 20 concurrent sessions reading the queue and item pages for 30 s: target p95 < 500 ms;
- decision → updated page: target p95 < 1 s (the median, the p95 and the worst are printed).

The desk runs in the one-person mode (``revisao.toml`` of the copy), so that each decision takes
effect as it is recorded, and its person is the system login of whoever runs it, declared there.

The decisions are measured ``--espera`` seconds after the start (the desk recognises the
amending acts in the background meanwhile, as it does while a person reads the queue); with
``--espera 0`` the first decisions on much-amended acts also pay for those recognitions.

    python bench/mesa.py [--acervo DIR] [--cache DIR] [--decisoes 8] [--repeticoes 20]
"""

from __future__ import annotations

import argparse
import http.cookiejar
import os
import random
import statistics
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lexconsolida.review.identity import system_login  # noqa: E402
from measure import MIN_RUNS, SHARED, Stats, Verdicts  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def opener():
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), _NoRedirect())


def get(op, url) -> tuple[int, str]:
    try:
        with op.open(url, timeout=300) as r:
            return r.status, r.read().decode("utf-8")
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode("utf-8")


def post(op, url, data) -> tuple[int, str, str]:
    try:
        with op.open(url, urllib.parse.urlencode(data).encode(), timeout=300) as r:
            return r.status, r.read().decode("utf-8"), r.headers.get("Location", "")
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode("utf-8"), err.headers.get("Location", "")


def value(html: str, name: str, after: str | None = None) -> str:
    if after:
        html = html[html.index(after):]
    m = re.search(rf'name="{name}" value="([^"]*)"', html)
    return m.group(1) if m else ""


def hwm_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def start(acervo: Path, cache: str | None, log: Path) -> tuple[subprocess.Popen, str, float]:
    argv = [sys.executable, "-m", "lexconsolida", "mesa", str(acervo), "--porta", "0"]
    argv += ["--cache", cache] if cache else ["--sem-cache"]
    begin = time.perf_counter()
    with open(log, "w") as out:
        proc = subprocess.Popen(argv, cwd=ROOT, stdout=out, stderr=subprocess.DEVNULL,
                                env={**os.environ, "PYTHONPATH": str(ROOT)})
    while proc.poll() is None:
        m = re.search(r"mesa de revisão: (http://[^/]+)/", log.read_text(encoding="utf-8"))
        if m:
            return proc, m.group(1), time.perf_counter() - begin
        time.sleep(0.2)
    raise SystemExit("a mesa não iniciou")


def items(op, base: str, query: str, target: str | None = None) -> list[str]:
    """The items of the queue filtered by ``query`` (and whose target cell names ``target``)."""
    html = get(op, f"{base}/?{query}")[1]
    out = []
    for row in re.findall(r'<tr class="item [^"]*">(.*?)</tr>', html, re.S):
        href = re.search(r'<a class="abrir" href="(/item/[^"]+)"', row)
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        if href and (target is None or any(re.search(rf"{re.escape(target)}(;|$)", c.strip()) for c in cells)):
            out.append(href.group(1))
    return out


def decide(op, base: str, href: str) -> tuple[float, float, str] | None:
    """Post one decision, confirmed, for the item ``href``; returns (seconds to the updated
    page, seconds of the preview shown before saving, what was decided) or None."""
    status, page = get(op, f"{base}{href}")
    if status != 200:
        return None
    common = {"csrf": value(page, "csrf"), "versao": value(page, "versao")}
    code = href.rsplit("/", 1)[1]
    if 'id="form-aprovar"' in page:
        form = {**common, "acao": "aprovar", "leitura": "proposta", "nota": "", "alvo": value(page, "alvo", 'id="form-aprovar"'),
                "previa": value(page, "previa", 'id="form-aprovar"')}
        what = "aprovar"
    elif code == "alteracao-nao-textual" and 'id="alvo_nota"' in page:
        unit = re.search(r'<select id="alvo_nota" name="alvo_nota">\s*<option value="">[^<]*</option>\s*<option value="([^"]+)"',
                         page)
        form = {**common, "acao": "nao-textual", "alvo_nota": unit.group(1) if unit else "",
                "nota": "Alteração não textual (banco).", "alvo": value(page, "alvo", 'data-acao="nao-textual"')}
        what = "nao-textual"
    else:
        form = {**common, "acao": "rejeitar", "nota": "Não se aplica (banco).",
                "alvo": value(page, "alvo", 'data-acao="rejeitar"')}
        what = "rejeitar"
    t0 = time.perf_counter()
    status, shown, _ = post(op, f"{base}{href}/decidir", form)
    preview = time.perf_counter() - t0
    if status != 200:
        return None
    form["previa"] = value(shown, "previa", "Confirmar e registrar") or value(shown, "previa", "Resultado da sua decisão")
    form["previa"] = re.findall(r'name="previa" value="([0-9a-f]{20})"', shown)[-1]
    t0 = time.perf_counter()
    status, _, location = post(op, f"{base}{href}/decidir", form)
    if status != 303:
        return None
    get(op, f"{base}{location}")
    return time.perf_counter() - t0, preview, what


def sessions(base: str, v, n: int, seconds: float) -> None:
    """``n`` sessions reading the queue and the first items' pages (each computed once before)
    for ``seconds``, a person's pause between pages: the p95 of every answer."""
    op = opener()
    hrefs = items(op, base, "")[:40]
    for href in hrefs:
        get(op, f"{base}{href}")
    urls = ["/", "/?codigo=alteracao-nao-textual", "/?ato=lei+complementar", *hrefs]
    times: list[float] = []
    errors: list[str] = []
    stop = time.monotonic() + seconds
    lock = threading.Lock()

    def run(seed: int) -> None:
        rnd = random.Random(seed)
        mine = opener()
        while time.monotonic() < stop:
            url = rnd.choice(urls)
            t0 = time.perf_counter()
            status, _ = get(mine, f"{base}{url}")
            with lock:
                times.append(time.perf_counter() - t0)
                if status != 200:
                    errors.append(f"{url}: {status}")
            time.sleep(rnd.uniform(0.2, 0.6))

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    p95 = statistics.quantiles(times, n=20, method="inclusive")[18]
    print(f"{n} sessões por {seconds:.0f} s: {len(times)} pedidos, mediana {statistics.median(times) * 1000:.0f} ms, "
          f"p95 {p95 * 1000:.0f} ms, {len(errors)} erro(s)", flush=True)
    v.check(f"{n} sessões simultâneas (p95)", p95 * 1000, 500, "ms", digits=0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--acervo", default=None, help="acervo já importado (é alterado: use uma cópia)")
    parser.add_argument("--fonte", default=str(SHARED / "acervos" / "feira-de-santana-ba"))
    parser.add_argument("--cache", default=None, help="pasta do cache do acervo (padrão: uma temporária)")
    parser.add_argument("--decisoes", type=int, default=20)
    parser.add_argument("--sessoes", type=int, default=20, help="sessões simultâneas (padrão 20)")
    parser.add_argument("--duracao", type=float, default=30.0, help="segundos das sessões simultâneas (padrão 30)")
    parser.add_argument("--repeticoes", type=int, default=20)
    parser.add_argument("--espera", type=float, default=60.0,
                        help="segundos entre a fila e as decisões: a mesa reconhece os atos alteradores em "
                             "segundo plano ao iniciar (padrão 60; 0 mede as primeiras decisões a frio)")
    args = parser.parse_args()
    src = Path(args.fonte)
    if args.acervo is None and not src.is_dir():
        print(f"acervo não encontrado: {src} (benchmark pulado)", file=sys.stderr)
        return 0
    tmp = Path(tempfile.mkdtemp(prefix="bench-mesa-"))
    acervo = Path(args.acervo) if args.acervo else tmp / "acervo"
    if args.acervo is None:
        print("importando o acervo de Feira de Santana numa pasta temporária…", flush=True)
        subprocess.run([sys.executable, "-m", "lexconsolida", "importar", str(src), "-o", str(acervo),
                        "--municipio", "ba-feira-de-santana"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    (acervo / "ba-feira-de-santana" / "revisao.toml").write_text(
        f'duas_pessoas = false\n\n[logins]\n"{system_login()}" = "Banco de provas"\n', encoding="utf-8")
    cache = args.cache or str(tmp / "cache")
    print(f"carga da máquina: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} (1, 5, 15 min)")
    v = Verdicts("mesa de revisão (acervo de Feira de Santana)")
    if not args.cache:
        proc, base, started = start(acervo, cache, tmp / "mesa-0.txt")
        proc.terminate()
        proc.wait(timeout=30)
        print(f"mesa iniciada em {started:.1f} s lendo o acervo inteiro (o cache é preenchido)", flush=True)
    proc, base, started = start(acervo, cache, tmp / "mesa.txt")
    print(f"mesa iniciada em {started:.1f} s com o cache", flush=True)
    v.check("início da mesa com o cache", started, 20.0)
    try:
        op = opener()
        get(op, f"{base}/")
        runs = max(args.repeticoes, MIN_RUNS)
        for label, query in (("fila (sem filtro)", ""), ("fila filtrada (problema)", "codigo=alteracao-nao-textual"),
                             ("fila filtrada (ato)", "ato=lei+complementar")):
            times = []
            for _ in range(runs):
                t0 = time.perf_counter()
                status, body = get(op, f"{base}/?{query}")
                times.append(time.perf_counter() - t0)
                assert status == 200
            s = Stats(tuple(times))
            print(f"{label}: mediana {s.median * 1000:.0f} ms ({s.low * 1000:.0f}–{s.high * 1000:.0f} ms), "
                  f"{len(body) // 1024} KB")
            if not query:
                v.check("página da fila (mediana)", s.median * 1000, 300, "ms", digits=0)
        if args.espera:
            print(f"esperando {args.espera:.0f} s (a mesa reconhece os atos alteradores em segundo plano)…", flush=True)
            time.sleep(args.espera)
        sessions(base, v, args.sessoes, args.duracao)
        # decisions: items on the most amended act first (worst case), then the rest of the queue
        heavy = items(op, base, "", target="Lei Complementar nº 1")[:4]  # 30 acts amend it
        chosen = heavy + [h for q in ("codigo=relacao-sem-operacoes", "codigo=alteracao-nao-textual",
                                      "codigo=dispositivo-sem-instrucao", "codigo=falha-na-aplicacao")
                          for h in items(op, base, q)[:3]]
        seen, times, previews = set(), [], []
        for href in chosen:
            if href in seen or len(times) >= args.decisoes:
                continue
            seen.add(href)
            got = decide(op, base, href)
            if got is None:
                continue
            took, preview, what = got
            times.append(took)
            previews.append(preview)
            print(f"  decisão ({what}) → página atualizada: {took:.2f} s (prévia antes de gravar {preview:.2f} s) — {href}",
                  flush=True)
        if times:
            s = Stats(tuple(times))
            p = Stats(tuple(previews))
            p95 = statistics.quantiles(times, n=20, method="inclusive")[18] if len(times) >= 2 else times[0]
            print(f"decisão → prévia atualizada: mediana {s.median:.2f} s, p95 {p95:.2f} s, pior {max(times):.2f} s em "
                  f"{len(times)} decisões; prévia antes de gravar: mediana {p.median:.2f} s")
            v.check("decisão → prévia atualizada (p95)", p95, 1.0)
        print(f"memória máxima do servidor: {hwm_mb(proc.pid):.0f} MB")
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    return v.done()


if __name__ == "__main__":
    sys.exit(main())
