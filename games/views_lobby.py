"""The student lobby: who is online, challenges, the computer, the guided game."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render

from classrooms.permissions import student_of
from games.forms import PlayComputerForm


def lobby_response(request, student, *, computer_form=None, status=200):
    context = {"student": student, "computer_form": computer_form or PlayComputerForm()}
    return render(request, "games/lobby.html", context, status=status)


@login_required
def lobby(request):
    return lobby_response(request, student_of(request.user))


def challenge(request):
    return HttpResponse(status=501)


def answer(request, challenge_id, answer):
    return HttpResponse(status=501)
