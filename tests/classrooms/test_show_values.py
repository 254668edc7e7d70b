"""A teacher may switch the value preview on for a class (beginners); only its teachers."""

import pytest
from django.urls import reverse

from games.services.creation import match_create

pytestmark = pytest.mark.django_db


def test_a_teacher_switches_the_value_preview_on_and_new_games_show_values(
    client, make_room, make_student
):
    room = make_room()
    client.force_login(room.teachers.get())
    page = client.get(reverse("classroom_detail", args=[room.pk])).content.decode()
    assert "Show values while building" in page
    response = client.post(reverse("classroom_show_values", args=[room.pk]), {"show_values": "on"})
    assert response["Location"] == reverse("classroom_detail", args=[room.pk])
    page = client.get(response["Location"]).content.decode()
    assert "New games of this class show a calculation" in page
    room.refresh_from_db()
    assert room.show_values is True
    players = [make_student("Ada", room).user, make_student("Ben", room).user]
    assert match_create(classroom=room, players=players).options["preview"] is True
    client.post(reverse("classroom_show_values", args=[room.pk]), {})  # the box unticked
    room.refresh_from_db()
    assert room.show_values is False
    assert match_create(classroom=room, players=players).options["preview"] is False


def test_another_teacher_cannot_switch_it(client, make_room, make_teacher):
    room = make_room()
    client.force_login(make_teacher())
    response = client.post(reverse("classroom_show_values", args=[room.pk]), {"show_values": "on"})
    assert response.status_code in (403, 404)
    room.refresh_from_db()
    assert room.show_values is False
