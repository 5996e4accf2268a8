"""``python -m classroom``: start the class server (``make class`` runs it after building the book).

Usage: python -m classroom [--host 127.0.0.1] [--port 8800] [--book _build/html] [--db FILE]
                           [--public-url URL] [--teacher-anywhere] [--per-address N]

It binds 127.0.0.1 (this computer only) unless ``--host`` (or ``HOST=0.0.0.0 make class``) asks
for the local network, says which addresses students can open, and prints a QR code of the
first one.  The classes are kept in ``--db`` (default: ``$XDG_DATA_HOME/stukolka-class/classes.sqlite``,
else ``~/.local/share/stukolka-class/classes.sqlite``), so a restart brings every class back.
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import ipaddress
import logging
import os
import signal
import socket
import sys
import time
from pathlib import Path

import tornado.netutil

from stukolka.i18n import DEFAULT, LANGS

from classroom.server import ROOT, ClassServer, Settings, run
from classroom.store import Store
from classroom.tables import Classes


def default_db() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "stukolka-class" / "classes.sqlite"


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses on its networks (the one with the default route first)."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))          # no packet is sent: this only picks the outgoing address
            found.append(s.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    except OSError:
        pass
    out = []
    for a in found:
        ip = ipaddress.ip_address(a)
        if not ip.is_loopback and not ip.is_unspecified and a not in out:
            out.append(a)
    return out


def student_urls(host: str, port: int, public: str | None) -> tuple[list[str], bool]:
    """The addresses a student's phone can open, and whether only this computer can reach the server."""
    if public:
        return [public.rstrip("/") + "/class/"], False
    try:
        ip: ipaddress.IPv4Address | ipaddress.IPv6Address | None = ipaddress.ip_address(host)
    except ValueError:
        ip = None                                   # a host name: students open it as it is
    if ip is not None and ip.is_loopback:
        return [f"http://{host}:{port}/class/"], True
    if ip is not None and ip.is_unspecified:
        found = lan_addresses()
        if not found:
            return [f"http://127.0.0.1:{port}/class/"], True
        return [f"http://{a}:{port}/class/" for a in found], False
    return [f"http://{host}:{port}/class/"], False


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m classroom", description="The Stukolka class server.")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on: 127.0.0.1 (this computer only, the default) or 0.0.0.0 (the local network)")
    p.add_argument("--port", type=int, default=8800)
    p.add_argument("--book", default=str(ROOT / "_build" / "html"), help="the built book (make html)")
    p.add_argument("--db", default=None, help="the SQLite file of the classes")
    p.add_argument("--public-url", default=None, help="the address students open, if not this computer's (a proxy)")
    p.add_argument("--teacher-anywhere", action="store_true", help="let a class be opened from another computer")
    p.add_argument("--per-address", type=int, default=24, help="connections allowed from one address")
    p.add_argument("--quiet", action="store_true", help="no QR code in the terminal")
    p.add_argument("--lang", default=os.environ.get("CLASS_LANG") or DEFAULT, choices=LANGS,
                   help="the language of the class pages and of the classes opened (a page's ?lang= chooses its own)")
    args = p.parse_args(argv)

    book = Path(args.book)
    if not (book / "index.html").is_file():
        print(f"class: no built book at {book}: run `make html` first (make class does)", file=sys.stderr)
        return 1
    if not 0 <= args.port <= 65535:
        print(f"class: port {args.port} is out of range", file=sys.stderr)
        return 2
    try:
        sockets = tornado.netutil.bind_sockets(args.port, args.host, family=socket.AF_INET)
    except (OSError, socket.gaierror) as e:
        if getattr(e, "errno", None) == errno.EADDRINUSE:
            print(f"class: port {args.port} on {args.host} is busy: stop the other server or use --port", file=sys.stderr)
        else:
            print(f"class: cannot listen on {args.host}:{args.port}: {e}", file=sys.stderr)
        return 1
    port = sockets[0].getsockname()[1]
    urls, local_only = student_urls(args.host, port, args.public_url)

    t0 = time.perf_counter()
    db = Path(args.db) if args.db else default_db()
    classes = Classes(Store(db))
    problems = classes.load()
    took = time.perf_counter() - t0
    settings = Settings(book=book, student_urls=urls, local_only=local_only, per_address=args.per_address,
                        teacher_anywhere=args.teacher_anywhere, lang=args.lang)
    server = ClassServer(classes, settings)
    n_tables = sum(len(c.tables) for c in classes.classes.values())
    open_classes = sum(1 for c in classes.classes.values() if not c.ended)

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("class: %(message)s"))
    for name in ("tornado", "stukolka.serve", "stukolka.classroom"):
        lg = logging.getLogger(name)
        lg.handlers[:] = [handler]
        lg.setLevel(logging.WARNING)
        lg.propagate = False

    print("Stukolka class server", flush=True)
    print(f"  book       {book}")
    print(f"  classes    {db}: {open_classes} open class(es), {n_tables} table(s) brought back in {took:.2f} s")
    for line in problems:
        print(f"  NOT BROUGHT BACK: {line}")
    print(f"  teacher    http://127.0.0.1:{port}/class/teacher.html   (on this computer)")
    if local_only:
        print(f"  listening  {args.host}:{port}: ONLY THIS COMPUTER can open it.")
        print("             Students' phones cannot reach it.  To serve the local network:")
        print("             HOST=0.0.0.0 make class   (or python -m classroom --host 0.0.0.0)")
    else:
        print(f"  listening  {args.host}:{port}: any device on this computer's networks can open it.")
    print("  students   " + "\n             ".join(urls) + ("" if local_only else "   (then type the class code)"))
    if not args.quiet:
        import segno  # noqa: PLC0415

        segno.make(urls[0], error="m").terminal(out=sys.stdout, compact=True)
    print("Ctrl-C stops the server; the classes stay in the file above.", flush=True)

    async def serve() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(signum, stop.set)
            except (NotImplementedError, RuntimeError, ValueError):
                pass
        await run(server, sockets, stop)

    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        pass
    classes.store.close()
    print("class: stopped", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
