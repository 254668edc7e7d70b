"""The teacher's pages lead to the live matches of the same class, and only of their own."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_class_page_and_dashboard_link_to_that_class_live_view(client, teacher, classroom):
    client.force_login(teacher)
    live_url = reverse("games:class_live", args=[classroom.pk])
    assert live_url in client.get(reverse("classroom_detail", args=[classroom.pk])).content.decode()
    assert live_url in client.get(reverse("teacher_dashboard")).content.decode()
    assert client.get(live_url).status_code == 200


def test_another_teachers_live_view_stays_closed(client, make_teacher, classroom):
    client.force_login(make_teacher())
    response = client.get(reverse("games:class_live", args=[classroom.pk]))
    assert response.status_code in {403, 404}
