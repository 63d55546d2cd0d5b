"""The errors the server answers with: each carries its HTTP status and a message for people.

Messages are written here, never copied from engine exceptions, so that no error can carry a
piece of hidden state (an engine message may name an action in words only its player sees).
They quote a person's input only as a short excerpt (:func:`carthago.core.errors.quoted`), and
:func:`bounded` cuts whatever else could grow with the input.
"""

from __future__ import annotations

MAX_ERROR_CHARS = 400
"""The longest error message the server answers with."""


def bounded(message: str) -> str:
    """``message``, cut to :data:`MAX_ERROR_CHARS` (a last guard: a message joining several
    problems, each quoting a short excerpt, could still grow with the request).

    >>> len(bounded("x" * 10_000)) <= MAX_ERROR_CHARS
    True
    """
    if len(message) <= MAX_ERROR_CHARS:
        return message
    return message[: MAX_ERROR_CHARS - 14] + "… (cut short)"


class WebError(Exception):
    """A request the server refuses; ``status`` is the HTTP status it answers with."""

    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class BadRequest(WebError):
    status = 400


class Forbidden(WebError):
    status = 403


class NotFound(WebError):
    status = 404


class Conflict(WebError):
    """The request does not fit the game as it is now (not your turn, the game moved on)."""

    status = 409


class Unprocessable(WebError):
    """A well-formed action that the rules refuse."""

    status = 422
