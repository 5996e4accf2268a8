"""Write precompressed copies of a built book's text files, for the book's server to send as they are.

Usage: python tools/precompress.py SITE [--check]

For every file under SITE whose kind compresses (HTML, JavaScript, CSS, JSON, SVG, WebAssembly,
fonts that are not already compressed, ...) and that is at least ``MIN_SIZE`` bytes, writes
``FILE.gz`` (gzip from the standard library, level 9) -- and ``FILE.br`` if a ``brotli`` package
happens to be installed (none is required) -- when that saves at least 5 %.  Each copy gets
the modification time of its original to the nanosecond: ``tools/serve.py`` sends a copy only
while that still holds (a file rewritten after the build is sent as it is).  A copy that is
already current is left alone, and a copy whose original is gone or changed is rewritten or
removed.  ``--check`` only reports.  Standard library only.
"""

from __future__ import annotations

import gzip
import lzma
import os
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve import sibling_matches  # noqa: E402

MIN_SIZE = 512
SAVING = 0.95           # write a copy only if it is at most 95 % of the original
COMPRESSIBLE = {".html", ".htm", ".js", ".mjs", ".css", ".json", ".svg", ".txt", ".xml", ".wasm",
                ".ipynb", ".py", ".md", ".ttf", ".otf", ".eot", ".ico", ".webmanifest", ".bib", ".csv",
                ".tsv", ".pyi", ".data"}

try:  # optional: only if already installed
    import brotli  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - the usual case here
    brotli = None


#: XZ as the live tables' worker unpacks it (xz-embedded: LZMA2, CRC32).  The dictionary is what
#: the decoder holds in the page's memory: 8 MiB costs 0.1 MB more on the 31 MB snapshot than
#: 32 MiB (4.77 against 4.66 MB) and saves 24 MiB of every page's memory.
XZ_FILTERS = [{"id": lzma.FILTER_LZMA2, "preset": 6, "dict_size": 8 << 20}]


def xz_bytes(data: bytes) -> bytes:
    return lzma.compress(data, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, filters=XZ_FILTERS)


def write_xz(original: Path) -> Path:
    """``FILE.xz`` beside ``FILE`` (for the page to unpack itself: not a content coding), with
    ``FILE``'s modification time; left alone while it is current."""
    out = original.with_name(original.name + ".xz")
    st = original.stat()
    if out.exists() and out.stat().st_mtime_ns == st.st_mtime_ns:
        try:
            with lzma.open(out) as f:          # the length is checked; the content is the build's
                f.seek(0, os.SEEK_END)
                if f.tell() == st.st_size:
                    return out
        except lzma.LZMAError:
            pass
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_bytes(xz_bytes(original.read_bytes()))
    os.utime(tmp, ns=(st.st_atime_ns, st.st_mtime_ns))
    os.replace(tmp, out)
    return out


def candidates(site: Path) -> Iterator[Path]:
    for dirpath, _dirs, files in os.walk(site):
        for name in files:
            p = Path(dirpath, name)
            if p.suffix.lower() in COMPRESSIBLE and not p.is_symlink():
                yield p


def _write(original: Path, suffix: str, data: bytes) -> int:
    out = original.with_name(original.name + suffix)
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_bytes(data)
    st = original.stat()
    os.utime(tmp, ns=(st.st_atime_ns, st.st_mtime_ns))
    os.replace(tmp, out)
    return len(data)


def precompress(site: Path, check: bool = False, level: int = 9) -> dict[str, int]:
    """Precompress ``site``; the counts and bytes (originals, and what gzip sends) of what it holds."""
    stats = {"files": 0, "written": 0, "kept": 0, "removed": 0, "bytes": 0, "gzip_bytes": 0, "brotli": int(brotli is not None)}
    codings = [("gzip", ".gz")] + ([("br", ".br")] if brotli is not None else [])
    for p in candidates(site):
        size = p.stat().st_size
        for coding, suffix in codings:
            sib = p.with_name(p.name + suffix)
            if size < MIN_SIZE:
                if sib.exists() and not check:
                    sib.unlink()
                    stats["removed"] += 1
                continue
            if sib.exists() and sibling_matches(str(p), str(sib), coding):
                stats["kept"] += 1
                if coding == "gzip":
                    stats["files"] += 1
                    stats["bytes"] += size
                    stats["gzip_bytes"] += sib.stat().st_size
                continue
            if check:
                continue
            data = p.read_bytes()
            packed = (gzip.compress(data, level, mtime=0) if coding == "gzip"
                      else brotli.compress(data, quality=11 if size < 2**20 else 9))
            if len(packed) > SAVING * size:
                if sib.exists():
                    sib.unlink()
                    stats["removed"] += 1
                continue
            _write(p, suffix, packed)
            stats["written"] += 1
            if coding == "gzip":
                stats["files"] += 1
                stats["bytes"] += size
                stats["gzip_bytes"] += len(packed)
    # copies whose original is gone
    for dirpath, _dirs, files in os.walk(site):
        for name in files:
            if name.endswith((".gz", ".br")):
                original = Path(dirpath, name[:-3])
                if not original.exists() and original.suffix.lower() in COMPRESSIBLE and not check:
                    Path(dirpath, name).unlink()
                    stats["removed"] += 1
    return stats


def main(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        print(__doc__)
        return 2
    site = Path(argv[0])
    if not site.is_dir():
        print(f"{site} is not a folder", file=sys.stderr)
        return 1
    s = precompress(site, check="--check" in argv)
    print(f"precompressed {s['files']} files: {s['bytes'] / 1e6:.1f} MB -> {s['gzip_bytes'] / 1e6:.1f} MB gzip "
          f"({s['written']} written, {s['kept']} current, {s['removed']} removed"
          f"{', brotli too' if s['brotli'] else ''})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
