"""Browser play: the FastAPI server, its storage and the static browser client.

``create_app(db_url)`` (in :mod:`carthago.web.app`) builds the server; ``carthago serve`` runs it.
"""
