"""Views by area: home, accounts, teacher (classes), students, imports, cards, student login."""
