"""Records of games: the move tree (``tree``), where a game stands in it (``line``), records as
versioned JSON and their files (``record``, with its JSON Schema in ``record.schema.json``) and
the text handout (``text``). Built on the engine and the notation; ``Game`` keeps its timeline
in a tree and reads and writes records here."""
