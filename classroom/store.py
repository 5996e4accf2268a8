"""Where a class lives between two starts of the server: one SQLite file (standard library).

The file is opened in WAL mode with ``synchronous=NORMAL``: every change is one short
transaction, committed before the server answers or tells the table, so a server killed at
any moment (``kill -9``) comes back with every committed action; only a power cut can lose the
last few (the operating system's write-back).  Checkpoints (the log copied into the file, with
an fsync) run every two seconds in a thread of their own, never in the server's loop.  Tokens are kept as SHA-256 hashes: the file
alone does not let anyone into a class.

Rows hold JSON text: a class (its code, title, teacher token hash, whether it has ended), its
students (name, token hash, device hash, table and seat, class total), its tables (the game,
the options of the deal now played, its seed, the deals before it, every move made, and the
engine's record after the last move) and every finished deal's record.

>>> s = Store(":memory:")
>>> s.save_class({"code": "ABC234", "title": "7b", "teacher": "x", "ended": False, "created": 0.0})
>>> [c["code"] for c in s.classes()]
['ABC234']
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

__all__ = ["Store"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS classes (
    code TEXT PRIMARY KEY, data TEXT NOT NULL, updated REAL NOT NULL);
CREATE TABLE IF NOT EXISTS students (
    class TEXT NOT NULL, id TEXT NOT NULL, data TEXT NOT NULL, updated REAL NOT NULL,
    PRIMARY KEY (class, id));
CREATE TABLE IF NOT EXISTS tables_ (
    class TEXT NOT NULL, id INTEGER NOT NULL, data TEXT NOT NULL, record TEXT, updated REAL NOT NULL,
    PRIMARY KEY (class, id));
CREATE TABLE IF NOT EXISTS deals (
    class TEXT NOT NULL, tbl INTEGER NOT NULL, deal INTEGER NOT NULL, data TEXT NOT NULL,
    PRIMARY KEY (class, tbl, deal));
"""


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


class Store:
    """The class server's SQLite file (``":memory:"`` for a test)."""

    def __init__(self, path: str | Path, checkpoint_every: float = 2.0) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(_SCHEMA)
        # A commit only appends to the write-ahead log; copying the log into the file (a checkpoint,
        # with its fsync) is done by a thread of its own, so the server's one thread never waits for
        # the disk (sqlite releases the GIL while it works).
        self._stop = threading.Event()
        self._checkpointer: threading.Thread | None = None
        if self.path != ":memory:":
            self.db.execute("PRAGMA wal_autocheckpoint=0")
            self._checkpointer = threading.Thread(target=self._checkpoints, args=(checkpoint_every,),
                                                  name="class-store-checkpoint", daemon=True)
            self._checkpointer.start()

    def _checkpoints(self, every: float) -> None:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            while not self._stop.wait(every):
                db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            db.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One atomic change: every write inside it is committed together, or none is."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # -- writes
    def save_class(self, data: dict[str, Any]) -> None:
        with self.transaction() as db:
            db.execute("INSERT OR REPLACE INTO classes VALUES (?, ?, ?)", (data["code"], _dumps(data), time.time()))

    def save_student(self, code: str, data: dict[str, Any]) -> None:
        with self.transaction() as db:
            db.execute("INSERT OR REPLACE INTO students VALUES (?, ?, ?, ?)", (code, data["id"], _dumps(data), time.time()))

    def delete_student(self, code: str, student: str) -> None:
        with self.transaction() as db:
            db.execute("DELETE FROM students WHERE class = ? AND id = ?", (code, student))

    def save_table(self, code: str, data: dict[str, Any], record: Any,
                   students: Sequence[dict[str, Any]] = (), deal: dict[str, Any] | None = None) -> None:
        """A table after a change, with the students whose totals the change moved and, when a
        deal has just ended, that deal's record: all in one transaction."""
        now = time.time()
        with self.transaction() as db:
            db.execute("INSERT OR REPLACE INTO tables_ VALUES (?, ?, ?, ?, ?)",
                       (code, data["id"], _dumps(data), None if record is None else _dumps(record), now))
            for s in students:
                db.execute("INSERT OR REPLACE INTO students VALUES (?, ?, ?, ?)", (code, s["id"], _dumps(s), now))
            if deal is not None:
                db.execute("INSERT OR REPLACE INTO deals VALUES (?, ?, ?, ?)",
                           (code, data["id"], deal["deal"], _dumps(deal)))

    # -- reads
    def classes(self) -> list[dict[str, Any]]:
        return [json.loads(r[0]) for r in self.db.execute("SELECT data FROM classes ORDER BY rowid")]

    def students(self, code: str) -> list[dict[str, Any]]:
        return [json.loads(r[0]) for r in
                self.db.execute("SELECT data FROM students WHERE class = ? ORDER BY rowid", (code,))]

    def tables(self, code: str) -> list[tuple[dict[str, Any], Any]]:
        return [(json.loads(d), None if r is None else json.loads(r)) for d, r in
                self.db.execute("SELECT data, record FROM tables_ WHERE class = ? ORDER BY id", (code,))]

    def deals(self, code: str) -> list[dict[str, Any]]:
        return [json.loads(r[0]) for r in
                self.db.execute("SELECT data FROM deals WHERE class = ? ORDER BY tbl, deal", (code,))]

    def close(self) -> None:
        if self._checkpointer is not None:
            self._stop.set()
            self._checkpointer.join(10)
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self.db.close()
