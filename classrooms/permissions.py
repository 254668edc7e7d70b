"""Who may see or do what: the checks every view and socket calls."""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404

from classrooms.models import Classroom, Student, User


def teaches(user: User, classroom: Classroom) -> bool:
    """True when `user` is an active teacher of `classroom` (anonymous users never are)."""
    if not user.is_authenticated or not user.is_teacher:
        return False
    return classroom.teachers.filter(pk=user.pk).exists()


def student_of(user: User) -> Student | None:
    """The student record behind a logged-in student, or None for anyone else."""
    if not user.is_authenticated or not user.is_student:
        return None
    return Student.objects.select_related("classroom").filter(user=user).first()


def manages_student(user: User, student: Student) -> bool:
    """True when `user` teaches the student's class (and so may change or erase them)."""
    return teaches(user, student.classroom)


def may_move_student(user: User, student: Student, to_classroom: Classroom) -> bool:
    """A teacher may move a student only between classes they teach both of."""
    return manages_student(user, student) and teaches(user, to_classroom)


def teacher_required(view):
    """View decorator: anonymous users go to the login page, non-teachers get 403."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not request.user.is_teacher:
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper


def classroom_for(user: User, pk: int) -> Classroom:
    """The class `pk` if `user` teaches it; 404 when missing, 403 when not theirs."""
    classroom = Classroom.objects.filter(pk=pk).first()
    if classroom is None:
        raise Http404
    if not teaches(user, classroom):
        raise PermissionDenied
    return classroom


def student_for(user: User, pk: int) -> Student:
    """The student `pk` if `user` teaches their class; 404 when missing, 403 when not theirs."""
    student = Student.objects.select_related("user", "classroom").filter(pk=pk).first()
    if student is None:
        raise Http404
    if not manages_student(user, student):
        raise PermissionDenied
    return student
