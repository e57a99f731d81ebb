"""Agent DOG: the DOG variant with undercover pieces, spy meetings, Copy and Partner cards.

The rules are ``shared/spec/agent-dog.md`` (rulings A1-A18, options O1-O2); everything it leaves
to classic DOG is :mod:`sheepdog.solver.dog`'s, and the code shared by both games (locations,
turn passing, the perft tally, the generic search) is imported from there.  Each Agent DOG
difference lives in one module named after it:

- :mod:`~sheepdog.solver.agentdog.layout` -- holes and spy meeting points (A1, A2);
- :mod:`~sheepdog.solver.agentdog.cards` -- the deck and the card names (A3, A12);
- :mod:`~sheepdog.solver.agentdog.rules` -- the options O1 and O2 and the deck override;
- :mod:`~sheepdog.solver.agentdog.position` -- the position and its JSON (section 3);
- :mod:`~sheepdog.solver.agentdog.walk` -- one piece's (sub-)move: A4, A5 home colours, A6;
- :mod:`~sheepdog.solver.agentdog.meeting` -- spy meetings (A13);
- :mod:`~sheepdog.solver.agentdog.moves` -- legal plays and perft (A7-A12, A14-A17);
- :mod:`~sheepdog.solver.agentdog.observer` -- the observer view and its completions (A18).
"""
