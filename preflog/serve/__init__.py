"""``preflog serve``: the club's score keeper and archive, a web server for the players' phones.

The layers, from the bottom: ``games`` (a file cut into games, checked and indexed), ``archive`` (the
SQLite file), ``access`` (the scorer's token, sessions and CSRF), ``live`` (the event streams),
``api`` and ``pages`` (the JSON API and the server-rendered pages), ``app`` (the ASGI app that joins
them). Everything here needs the extra ``preflog[serve]``; nothing else of preflog imports it.
"""
