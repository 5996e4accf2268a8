"""The class server's SQLite file: WAL mode, one transaction per change, everything read back."""

from __future__ import annotations

import sqlite3

import pytest

from classroom.store import Store


def test_the_store_is_a_wal_file_and_reads_back_what_it_wrote(tmp_path):
    s = Store(tmp_path / "sub" / "c.sqlite")
    assert s.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    s.save_class({"code": "ABC234", "title": "7b", "teacher": "h", "ended": False, "created": 1.0})
    s.save_student("ABC234", {"id": "s1", "name": "Анна", "total": "-3/2"})
    s.save_table("ABC234", {"id": 1, "label": "Table 1"}, {"actions": ["knock"]},
                 [{"id": "s1", "name": "Анна", "total": "1"}], {"deal": 1, "record": {"actions": []}})
    s.save_table("ABC234", {"id": 1, "label": "Table 1", "v": 2}, None)
    s.close()
    again = Store(tmp_path / "sub" / "c.sqlite")
    assert again.classes() == [{"code": "ABC234", "title": "7b", "teacher": "h", "ended": False, "created": 1.0}]
    assert again.students("ABC234") == [{"id": "s1", "name": "Анна", "total": "1"}]
    assert again.tables("ABC234") == [({"id": 1, "label": "Table 1", "v": 2}, None)]
    assert again.deals("ABC234") == [{"deal": 1, "record": {"actions": []}}]
    assert again.students("OTHER1") == [] and again.tables("OTHER1") == []
    again.delete_student("ABC234", "s1")
    assert again.students("ABC234") == []


def test_a_change_that_fails_half_way_leaves_nothing_behind(tmp_path):
    s = Store(tmp_path / "c.sqlite")
    s.save_class({"code": "ABC234", "title": "7b", "teacher": "h", "ended": False, "created": 1.0})
    with pytest.raises(sqlite3.Error):
        with s.transaction() as db:
            db.execute("INSERT INTO students VALUES (?, ?, ?, ?)", ("ABC234", "s1", "{}", 0.0))
            db.execute("INSERT INTO no_such_table VALUES (1)")
    assert s.students("ABC234") == []
    with pytest.raises(TypeError):                     # not JSON: the table row and its students stay as they were
        s.save_table("ABC234", {"id": 1, "label": object()}, None)
    assert s.tables("ABC234") == []
