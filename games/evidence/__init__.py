"""Arithmetic evidence as pure data: what one act of a student shows (no Django here).

`acts` defines the record (`Act`) and its kinds; `expression` reads a typed calculation's facts;
`warriors` and `cardwar` map each game's moves to acts; `skills` says which skills an act is
evidence for, and how think times fall into the rollup's time bands. The web layer stores acts
as `games.models.Calculation` rows (`games.services.evidence.calculations_record`).
"""
