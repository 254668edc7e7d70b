"""Progress reports and CSV exports, read from the arithmetic evidence (`games.Calculation`).

A Django app of its own (label `progress`): it reads the games app's evidence and writes only
its own table (teachers' pins and dismissals of practice suggestions).
"""
