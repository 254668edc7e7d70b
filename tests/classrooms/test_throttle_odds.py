"""The guessing odds written in classrooms/services/throttle.py, replayed on a fake clock.

The attacker here is the fastest the limits allow: at every moment it tries every account it
may, and waits exactly as long as the throttle says. Each reservation that goes through is one
checked password; the odds are guesses / 8,930 (each guess rules out one word pair).
"""

import pytest
from django.urls import reverse

from classrooms.credentials import CLASS_CODE_ALPHABET, CLASS_CODE_LENGTH, PASSWORD_WORDS
from classrooms.models import User
from classrooms.services.throttle import (
    CLASS,
    CODES_PER_ACCOUNT,
    CODES_PER_ADDRESS,
    DAY,
    STUDENT,
    TEACHER,
    Throttled,
    account_key,
    classroom_key,
    teacher_key,
    throttle_reserve,
    throttle_retry_after,
)

pytestmark = pytest.mark.django_db

PASSWORDS = len(PASSWORD_WORDS) * (len(PASSWORD_WORDS) - 1)
LESSON = 45 * 60
WEEK = 7 * DAY


def fastest_attack(clock, *, accounts: int, seconds: float) -> int:
    """Checked guesses against `accounts` students of one class in [start, start + seconds)."""
    end = clock.now + seconds
    guesses = 0
    while clock.now < end:
        soonest = end
        for account in range(accounts):
            try:
                while True:
                    gates = [(STUDENT, account_key(account)), (CLASS, classroom_key(1))]
                    throttle_reserve(gates=gates)
                    guesses += 1  # a wrong password: never forgiven
            except Throttled as throttled:
                soonest = min(soonest, clock.now + throttled.retry_after)
                if throttled.limit is CLASS:
                    break  # the class is paused: no account may try before `soonest`
        clock.advance(soonest - clock.now)
    return guesses


def test_the_password_space_is_8930_word_pairs():
    assert PASSWORDS == 8930


@pytest.mark.parametrize(
    ("accounts", "seconds", "guesses", "odds"),
    [
        (24, LESSON, 30, "0.34%"),
        (24, DAY, 60, "0.67%"),
        (24, WEEK, 420, "4.70%"),
        (1, LESSON, 16, "0.18%"),
        (1, DAY, 39, "0.44%"),
    ],
    ids=["class-lesson", "class-day", "class-week", "one-student-lesson", "one-student-day"],
)
def test_the_limits_allow_the_documented_guesses_and_odds(
    fake_clock, accounts, seconds, guesses, odds
):
    allowed = fastest_attack(fake_clock, accounts=accounts, seconds=seconds)
    assert allowed == guesses
    assert f"{allowed / PASSWORDS:.2%}" == odds


def test_one_student_waits_1_2_4_seconds_after_five_free_wrong_passwords(fake_clock):
    start = fake_clock.now
    times = []
    while len(times) < 9:
        try:
            throttle_reserve(gates=[(STUDENT, account_key(7))])
        except Throttled as throttled:
            fake_clock.advance(throttled.retry_after)
            continue
        times.append(fake_clock.now - start)
    assert times == [0, 0, 0, 0, 0, 1, 3, 7, 15]


def test_wrong_passwords_are_forgotten_a_day_after_the_last(fake_clock):
    for _ in range(5):
        throttle_reserve(gates=[(STUDENT, account_key(7))])
    fake_clock.advance(1)
    throttle_reserve(gates=[(STUDENT, account_key(7))])
    assert throttle_retry_after(limit=STUDENT, key=account_key(7)) == 2
    fake_clock.advance(STUDENT.forget_after - 1)
    assert throttle_retry_after(limit=STUDENT, key=account_key(7)) == 0  # waits end
    with pytest.raises(Throttled):  # but the run of wrong passwords is remembered
        for _ in range(2):
            throttle_reserve(gates=[(STUDENT, account_key(7))])
    fake_clock.advance(STUDENT.forget_after)
    for _ in range(5):  # a day after the last wrong one: five free again
        throttle_reserve(gates=[(STUDENT, account_key(7))])


CLASSES = 10_000  # on the server, for the odds of finding some class's code
CODES = len(CLASS_CODE_ALPHABET) ** CLASS_CODE_LENGTH
ADDRESS = "203.0.113.9"


def test_there_are_148_million_class_codes():
    assert CODES == 148_035_889


@pytest.mark.parametrize(
    ("seconds", "wrong", "odds"),
    [(LESSON, 100, "0.68%"), (DAY, 300, "2.03%"), (WEEK, 2100, "14.19%")],
)
def test_wrong_class_codes_from_one_address_find_a_class_at_the_documented_rate(
    fake_clock, seconds, wrong, odds
):
    key = f"network:{ADDRESS}"
    end = fake_clock.now + seconds
    tried = 0
    while fake_clock.now < end:
        try:
            throttle_reserve(gates=[(CODES_PER_ADDRESS, key)])
        except Throttled as throttled:
            fake_clock.advance(throttled.retry_after)
            continue
        tried += 1
    assert tried == wrong
    assert f"{tried * CLASSES / CODES:.2%}" == odds


def _guess(client, n: int) -> int:
    return client.post(reverse("student_class_code"), {"code": f"ZZ{n:04d}"}).status_code


def minting_attack(clock, client_factory, logins, *, seconds: float) -> int:
    """Wrong codes answered to one address in `seconds`, the attacker logging in afresh before
    each run of guesses (every login mints a new known-device cookie) with each of its accounts
    in turn, and trying without any cookie too; it waits exactly as long as it must."""
    end = clock.now + seconds
    answered = 0
    while clock.now < end:
        before = answered
        for log_in in [*logins, None]:
            client = client_factory(REMOTE_ADDR=ADDRESS)
            if log_in is not None and not log_in(client):
                continue  # the pupil's own password page is behind the same code limit
            while (status := _guess(client, answered)) == 404:
                answered += 1
            assert status == 429
        if answered == before:
            waits = [
                throttle_retry_after(limit=CODES_PER_ADDRESS, key=f"network:{ADDRESS}"),
                *(
                    throttle_retry_after(limit=CODES_PER_ACCOUNT, key=account_key(pk))
                    for pk in User.objects.values_list("pk", flat=True)
                ),
            ]
            clock.advance(max(1.0, min(w for w in waits if w > 0)))
    return answered


def test_new_cookies_from_new_logins_buy_no_more_wrong_codes(
    fake_clock, client_factory, make_room, make_cards, make_teacher
):
    """The review's attack: open teacher sign-up, 8 accounts, a login before each run of
    guesses; and a pupil's own login doing the same. One address still gets its 100 an hour."""
    card = make_cards(make_room(), "Eve A.")[0]
    teachers = [make_teacher() for _ in range(8)]

    def pupil(client) -> bool:
        url = reverse("student_password", args=[card.student.classroom.code, card.student.pk])
        return client.post(url, {"password": card.password}).status_code == 302

    def teacher_of(user):
        def log_in(client) -> bool:
            form = {"username": user.username, "password": "correct-horse-battery"}
            assert client.post(reverse("login"), form).status_code == 302
            return True

        return log_in

    logins = [pupil, *(teacher_of(t) for t in teachers)]
    assert minting_attack(fake_clock, client_factory, logins, seconds=LESSON) == 100


@pytest.mark.django_db(transaction=True)
def test_parallel_attempts_cannot_slip_past_a_limit(fake_clock):
    """Twenty requests at the same instant: five free checks, no more (Redis or database cache)."""
    from concurrent.futures import ThreadPoolExecutor

    from django.db import connections

    def attempt(_n: int) -> bool:
        try:
            throttle_reserve(gates=[(STUDENT, account_key(9)), (CLASS, classroom_key(9))])
            return True
        except Throttled:
            return False
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=20) as pool:
        results = list(pool.map(attempt, range(20)))
    assert results.count(True) == STUDENT.free


def test_a_teachers_wrong_passwords_are_forgotten_an_hour_after_the_last(fake_clock):
    key = teacher_key("ms_q")
    for _ in range(TEACHER.free):
        throttle_reserve(gates=[(TEACHER, key)])
    with pytest.raises(Throttled):
        throttle_reserve(gates=[(TEACHER, key)])
    fake_clock.advance(TEACHER.forget_after)
    for _ in range(TEACHER.free):  # a made-up username costs the cache an hour, not a day
        throttle_reserve(gates=[(TEACHER, key)])
