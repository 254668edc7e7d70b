"""Who may see or do what: the checks every view and socket calls."""

from functools import wraps
from importlib import import_module

from django.conf import settings
from django.contrib import auth
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.utils.crypto import constant_time_compare

from classrooms.models import Classroom, Student, User


def teaches(user: User, classroom: Classroom) -> bool:
    """True when `user` is an active teacher of `classroom` (anonymous users never are)."""
    if not user.is_authenticated or not user.is_teacher:
        return False
    return classroom.teachers.filter(pk=user.pk).exists()


def taught_classroom(user: User, pk: int) -> Classroom | None:
    """The class `pk` if `user` is an active teacher of it, else None: `teaches` in one query
    (for views that answer 404 either way)."""
    if not user.is_authenticated or not user.is_teacher:
        return None
    return Classroom.objects.filter(pk=pk, teachers=user).first()


def student_of(user: User) -> Student | None:
    """The student record behind a logged-in student, or None for anyone else."""
    if not user.is_authenticated or not user.is_student:
        return None
    return Student.objects.select_related("classroom").filter(user=user).first()


def student_is_current(student: Student) -> bool:
    """Neither the student nor their class is archived (reads `student.classroom`)."""
    return student.archived_at is None and student.classroom.archived_at is None


def account_is_current(user: User) -> bool:
    """The account may still use the site: active, and for a student a current place in a class.

    Reads `user.student` and its classroom: select_related them where this runs per message.
    """
    if not user.is_active:
        return False
    if not user.is_student:
        return True
    student = getattr(user, "student", None)  # the missing row raises an AttributeError
    return student is not None and student_is_current(student)


def session_user(session_key: str | None) -> User | None:
    """Who the session logs in now, as `auth.get_user` decides, without its side effects
    (it flushes or re-keys the session): None once it ended (logged out, its login card
    revoked, a new password, an inactive or deleted account)."""
    if not session_key:
        return None
    store = import_module(settings.SESSION_ENGINE).SessionStore(session_key)
    try:
        user_id = User._meta.pk.to_python(store[auth.SESSION_KEY])
        backend_path, session_hash = store[auth.BACKEND_SESSION_KEY], store[auth.HASH_SESSION_KEY]
    except (KeyError, ValidationError):
        return None
    if backend_path not in settings.AUTHENTICATION_BACKENDS:
        return None
    user = auth.load_backend(backend_path).get_user(user_id)
    if user is None:
        return None
    hashes = [user.get_session_auth_hash(), *user.get_session_auth_fallback_hash()]
    return user if any(constant_time_compare(session_hash, h) for h in hashes) else None


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
    """The class `pk` if `user` teaches it; 404 otherwise, whether it is missing or another
    teacher's (the same answer, so nobody learns which ids exist)."""
    classroom = Classroom.objects.filter(pk=pk).first()
    if classroom is None or not teaches(user, classroom):
        raise Http404
    return classroom


def student_for(user: User, pk: int) -> Student:
    """The student `pk` if `user` teaches their class; 404 otherwise, missing or not theirs."""
    student = Student.objects.select_related("user", "classroom").filter(pk=pk).first()
    if student is None or not manages_student(user, student):
        raise Http404
    return student
