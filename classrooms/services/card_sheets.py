"""A printed card sheet that survives a reload, without keeping passwords readable on the server.

Printing cards resets passwords (classrooms.services.cards), so the sheet must not be the answer
to the POST: a reload would post again and reset the class once more. The POST instead puts the
sheet in the cache, *encrypted* with a fresh key, and redirects to a page that shows it; the key
goes only to the teacher's browser, in a cookie for that page alone (HttpOnly, SameSite=Strict),
and both expire after SHEET_SECONDS. So:

* reloading or reopening the page within 20 minutes shows the same cards and resets nothing;
* the server never holds a readable password: a copy of the cache (Redis, or the database
  cache table and its backups) holds only ciphertext, and the key is in no log, URL or history;
* only the teacher who printed the sheet can open it, on the browser that printed it;
* "Done" forgets the sheet at once; after 20 minutes it is gone for everyone;
* a card reissued since (a new card for one student) is left off: it would no longer work.
"""

import json
import secrets
import time
from dataclasses import dataclass

from cryptography.fernet import Fernet, InvalidToken
from django.core.cache import cache

from classrooms.credentials import login_token_hash
from classrooms.models import Classroom, Student, User
from classrooms.services.students import StudentCard

SHEET_SECONDS = 20 * 60


def clock() -> float:
    """Seconds since the epoch; tests put a fake clock here."""
    return time.time()


@dataclass(frozen=True)
class SheetCard:
    student_pk: int
    name: str
    password: str
    token: str


@dataclass(frozen=True)
class CardSheet:
    classroom_pk: int
    title: str
    cards: list[SheetCard]
    replaced: int  # cards of the sheet reissued since, and so left off


def _cache_key(sheet_id: str) -> str:
    return f"card-sheet:{sheet_id}"


def card_sheet_store(
    *, teacher: User, classroom: Classroom, cards: list[StudentCard], title: str
) -> tuple[str, str]:
    """Keep freshly issued `cards` for SHEET_SECONDS; returns (sheet id, key to open it)."""
    key = Fernet.generate_key()
    plain = {
        "title": title,
        "cards": [[c.student.pk, c.student.display_name, c.password, c.token] for c in cards],
    }
    sheet_id = secrets.token_urlsafe(12)
    cache.set(
        _cache_key(sheet_id),
        {
            "teacher": teacher.pk,
            "classroom": classroom.pk,
            "box": Fernet(key).encrypt_at_time(json.dumps(plain).encode(), int(clock())),
        },
        timeout=SHEET_SECONDS,
    )
    return sheet_id, key.decode()


def card_sheet_open(*, sheet_id: str, key: str, teacher: User) -> CardSheet | None:
    """The sheet, for the teacher who printed it and the key they were given; else None."""
    stored = cache.get(_cache_key(sheet_id))
    if not stored or stored["teacher"] != teacher.pk or not key:
        return None
    try:
        box = Fernet(key.encode()).decrypt_at_time(stored["box"], SHEET_SECONDS, int(clock()))
        plain = json.loads(box)
    except (InvalidToken, ValueError):
        return None
    cards = [SheetCard(*card) for card in plain["cards"]]
    current = dict(
        Student.objects.filter(pk__in=[c.student_pk for c in cards]).values_list(
            "pk", "login_token_hash"
        )
    )
    fresh = [c for c in cards if current.get(c.student_pk) == login_token_hash(c.token)]
    return CardSheet(
        classroom_pk=stored["classroom"],
        title=plain["title"],
        cards=fresh,
        replaced=len(cards) - len(fresh),
    )


def card_sheet_discard(*, sheet_id: str, teacher: User) -> None:
    """Forget the sheet now (the teacher has printed it)."""
    stored = cache.get(_cache_key(sheet_id))
    if stored and stored["teacher"] == teacher.pk:
        cache.delete(_cache_key(sheet_id))
