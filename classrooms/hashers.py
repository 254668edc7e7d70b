"""A cheaper password hash for students' word-pair passwords.

A student's password is two words from a list of about a hundred, roughly 13 bits: a slow hash
cannot make that strong offline, and at Django's 1.5 M PBKDF2 rounds creating a class of 200 or
30 children logging in at once would cost minutes of CPU. What protects these accounts is the
login throttle (classrooms.services.throttle: growing delays per account, a ceiling per class,
known devices) and the fact that they open nothing but maths games.
Teachers keep Django's default hasher.
"""

from django.contrib.auth.hashers import PBKDF2PasswordHasher


class StudentPasswordHasher(PBKDF2PasswordHasher):
    algorithm = "pbkdf2_sha256_student"
    iterations = 20_000
