"""Positions written out: the JSON-ready position dict (``positions``) and the text
diagram of a board (``diagram``). Both read a ``Position`` through its public interface.
(The move notation belongs to ``Move`` itself, in ``solitaire_widget.engine.moves``.)"""
