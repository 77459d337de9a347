"""Events: Swiss tournaments of pulkas and duplicate evenings (TOURNAMENTS.md; Code 4.1.3, 4.2.11, note 9).

The layers, from the bottom: ``plan`` (what the director decided and what was drawn, kept in an event
file), ``seating`` (the lot and the Swiss pairing), ``boards`` (hand records) and ``movement``
(who plays which boards where), ``results`` (the event's games read and checked against the plan),
``standings`` and ``duplicate`` (the tables the results give), ``protocol`` (the sheets of 4.2.11) and
``report`` (text, CSV, JSON, HTML).
"""
