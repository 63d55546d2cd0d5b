"""carthago games inside other frameworks: OpenSpiel, PettingZoo and Gymnasium (extra ``rl``).

``carthago.interop.tensors`` needs only the standard library; the adapters need the ``rl``
extra: ``openspiel`` (registers every game with pyspiel on import), ``pettingzoo`` (AEC
environments) and ``gymnasium`` (one seat against carthago agents).
"""
