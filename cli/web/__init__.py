"""The table companion, ``sheepdog serve``: an ASGI app (Starlette, served by uvicorn) with
pages rendered on the server, its own static assets, a JSON API under ``/api/``, and the games
kept in SQLite (:mod:`sheepdog.cli.web.store`).  Like the CLI, a thin skin over the library:
the rules are :mod:`sheepdog.solver.slywolf.session`'s, the figures the solver's."""
