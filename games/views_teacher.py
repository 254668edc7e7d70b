"""The teacher's live view of a class: matches in play, pairing students."""

from django.http import HttpResponse


def class_live(request, classroom_id):
    return HttpResponse(status=501)


def class_matches(request, classroom_id):
    return HttpResponse(status=501)


def pair(request, classroom_id):
    return HttpResponse(status=501)


def pair_all(request, classroom_id):
    return HttpResponse(status=501)
