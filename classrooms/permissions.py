"""Who may see or do what: the checks every view and socket calls."""

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
