"""Demo data: a teacher and a class of 24 students with known passwords. Safe to run again."""

from django.core.management.base import BaseCommand
from django.db import transaction

from classrooms.credentials import PASSWORD_WORDS
from classrooms.models import Classroom, Student, User
from classrooms.services.cards import student_password_set
from classrooms.services.classrooms import classroom_create
from classrooms.services.students import students_create
from classrooms.services.teachers import teacher_create

TEACHER = "teacher"
TEACHER_PASSWORD = "maths-arena-demo"  # noqa: S105 - demo only, printed on purpose
CLASS_NAME = "Demo class 4B"
DEMO_CODE = "DEMO4B"
NAMES = [
    "Amara K.", "Ben T.", "Chloe W.", "Dev P.", "Ella M.", "Finn O.", "Grace L.", "Hugo R.",
    "Isla D.", "Jack S.", "Kiara N.", "Leo B.", "Maya C.", "Noah F.", "Olivia G.", "Priya H.",
    "Quinn J.", "Ruby A.", "Sam E.", "Tara V.", "Umar Y.", "Violet Z.", "Will X.", "Zoe Q.",
]  # fmt: skip


def demo_password(index: int) -> str:
    """The fixed password of the index-th demo student (`ant-bag`, `bat-bear`, ...)."""
    words = PASSWORD_WORDS
    return f"{words[(2 * index) % len(words)]}-{words[(2 * index + 1) % len(words)]}"


class Command(BaseCommand):
    help = "Create (or refresh) a demo teacher and a class of 24 students with known passwords."

    @transaction.atomic
    def handle(self, *args, **options):
        teacher = User.objects.filter(username=TEACHER).first()
        if teacher is None:
            teacher = teacher_create(
                username=TEACHER,
                email="teacher@example.org",
                password=TEACHER_PASSWORD,
                first_name="Demo",
                last_name="Teacher",
            )
        else:
            teacher.set_password(TEACHER_PASSWORD)
            teacher.save(update_fields=["password"])
        classroom = Classroom.objects.filter(teachers=teacher, name=CLASS_NAME).first()
        if classroom is None:
            classroom = classroom_create(name=CLASS_NAME, teacher=teacher)
            if not Classroom.objects.filter(code=DEMO_CODE).exists():
                classroom.code = DEMO_CODE
                classroom.save(update_fields=["code"])
        have = set(classroom.students.values_list("display_name", flat=True))
        missing = [name for name in NAMES if name not in have]
        if missing:
            students_create(classroom=classroom, names=missing)
        students = {
            s.display_name: s
            for s in Student.objects.filter(classroom=classroom).select_related("user")
        }
        # Known passwords: the same every run, so the printed logins keep working.
        logins = []
        for index, name in enumerate(NAMES):
            password = demo_password(index)
            student_password_set(student=students[name], password=password)
            logins.append((name, password))
        out = self.stdout
        out.write(self.style.SUCCESS("Maths Arena demo data"))
        out.write(f"  Teacher: log in as {TEACHER} with the password {TEACHER_PASSWORD}")
        out.write(
            f'  Students: at "I\'m a student" type the class code {classroom.code},'
            " tap your name, then type your password:"
        )
        for row in range(0, len(logins), 3):
            out.write("    " + "   ".join(f"{n:<10} {p:<12}" for n, p in logins[row : row + 3]))
        out.write(
            "  (Printing the class's login cards gives every student a new password:"
            " the card sheet then shows them.)"
        )
