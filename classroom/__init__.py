"""Class play: one server for a class, each student's own hand on his own device.

The engine (``stukolka``) stays standard-library only and runs here as trusted server code: the
live driver (:class:`stukolka.live.LiveTable`) holds each table's deal, and the server sends
each seat only the driver's view for that seat.  Modules:

* :mod:`classroom.tables` -- classes, tables, seats, tokens, bots and their pace;
* :mod:`classroom.views` -- what a device may be sent (a seat's view, the public table);
* :mod:`classroom.store` -- the SQLite file that brings every class back after a restart;
* :mod:`classroom.server` -- the tornado application: the book, the class pages, the sockets;
* ``python -m classroom`` (:mod:`classroom.__main__`) -- the command ``make class`` runs.

The design, the limits and the measurements: ``docs/class-play.md``.
"""
