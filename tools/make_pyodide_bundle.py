"""Build a local Pyodide distribution for the book's JupyterLite site.

Usage: python tools/make_pyodide_bundle.py [--depends NAME:DEP,DEP ...] OUT_DIR EXTRA_WHEEL...

* takes the Pyodide core from the npm registry (package ``pyodide``),
* downloads from PyPI the pure-Python wheels the kernel and the notebooks need
  (micropip, IPython, jedi, sympy and what they depend on), with the exact
  versions of Pyodide's lock file, and rewrites their sha256 in a local copy
  of the lock (PyPI's files differ byte-wise from Pyodide's rebuilds),
* adds EXTRA_WHEEL files (ipywidgets, comm, the engine package ...) to the lock,
  so that ``import stukolka`` loads them on demand, exactly as under CPython.
  ``--depends stukolka:ipywidgets,sympy`` adds packages that a wheel's modules
  import but its metadata does not require (Pyodide loads on import only what
  the running cell itself imports, plus the declared dependencies).

Nothing is fetched at page load: the site then works without a network.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from email.parser import Parser
from pathlib import Path

PYODIDE = "314.0.6"  # what jupyterlite-pyodide-kernel 0.8.6 expects
ROOTS = ["micropip", "ipython", "jedi", "sympy"]
CORE = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide.js"]


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


CACHE = Path("lite/.cache/pyodide")  # downloads are kept here, so later builds need no network


def main(out: Path, extra: list[Path], depends: dict[str, list[str]] | None = None) -> None:
    depends = depends or {}
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    CACHE.mkdir(parents=True, exist_ok=True)
    tgz = CACHE / f"pyodide-{PYODIDE}.tgz"
    if not tgz.exists():
        subprocess.run(["npm", "pack", "-q", f"pyodide@{PYODIDE}", "--pack-destination", str(CACHE)],
                       check=True, stdout=subprocess.DEVNULL)
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(tgz) as t:
            t.extractall(tmp, filter="data")
        for f in CORE:
            shutil.copy(Path(tmp, "package", f), out / f)
        lock = json.loads(Path(tmp, "package", "pyodide-lock.json").read_text())
    pk = lock["packages"]
    need: set[str] = set()
    todo = [norm(r) for r in ROOTS]
    while todo:
        n = todo.pop()
        if n not in need:
            need.add(n)
            todo += [norm(d) for d in pk[n]["depends"]]
    pins = [f"{pk[n]['name']}=={pk[n]['version']}" for n in sorted(need)]
    wheels = CACHE / "wheels"
    if not all((wheels / pk[n]["file_name"]).exists() for n in need):
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check",
                        "--no-deps", "--only-binary=:all:", "--python-version", "3.14",
                        "--implementation", "py", "--abi", "none", "--platform", "any",
                        "-d", str(wheels), *pins], check=True)
    for n in need:
        shutil.copy(wheels / pk[n]["file_name"], out / pk[n]["file_name"])
    by_file = {v["file_name"]: k for k, v in pk.items()}
    for whl in out.glob("*.whl"):
        if whl.name in by_file:
            pk[by_file[whl.name]]["sha256"] = sha(whl)
    metas = {}
    for whl in extra:
        with zipfile.ZipFile(whl) as z:
            meta_name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
            meta = Parser().parsestr(z.read(meta_name).decode())
            tops = sorted({n.split("/")[0].removesuffix(".py") for n in z.namelist()
                           if not n.split("/")[0].endswith((".dist-info", ".data"))})
        reqs = [norm(re.split(r"[ ;<>=!~\[(]", r, maxsplit=1)[0])
                for r in meta.get_all("Requires-Dist") or [] if "extra ==" not in r]
        metas[norm(meta["Name"])] = (whl, meta["Version"], tops, reqs)
    for name, (whl, ver, tops, reqs) in metas.items():
        reqs = reqs + [norm(d) for d in depends.get(name, []) if norm(d) not in reqs]
        shutil.copy(whl, out / whl.name)
        pk[name] = {"name": name, "version": ver, "file_name": whl.name, "install_dir": "site",
                    "package_type": "package", "imports": tops, "unvendored_tests": False,
                    "depends": [d for d in reqs if d in pk or d in metas], "sha256": sha(whl)}
    (out / "pyodide-lock.json").write_text(json.dumps(lock))
    size = sum(p.stat().st_size for p in out.iterdir()) / 1e6
    print(f"pyodide bundle in {out}: {len(list(out.iterdir()))} files, {size:.1f} MB")


if __name__ == "__main__":
    args, deps = sys.argv[1:], {}
    while args and args[0] == "--depends":
        name, _, wanted = args[1].partition(":")
        deps[norm(name)] = [d for d in wanted.split(",") if d]
        args = args[2:]
    main(Path(args[0]), [Path(p) for p in args[1:]], deps)
