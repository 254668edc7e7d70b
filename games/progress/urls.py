"""Progress URLs: the teacher's reports and exports under /teach/, the student's under /play/."""

from django.urls import path

from games.progress.views import exports, guide, student, teacher

app_name = "progress"

urlpatterns = [
    path("teach/progress/help/", guide.help_page, name="help"),
    path("teach/classes/<int:pk>/progress/", teacher.class_overview, name="class"),
    path("teach/classes/<int:pk>/progress/facts/", teacher.class_facts, name="class_facts"),
    path(
        "teach/classes/<int:pk>/progress/summary.csv",
        exports.class_summary,
        name="class_summary_csv",
    ),
    path(
        "teach/classes/<int:pk>/progress/calculations.csv",
        exports.class_calculations,
        name="class_calculations_csv",
    ),
    path("teach/students/<int:pk>/progress/", teacher.student_report, name="student"),
    path(
        "teach/students/<int:pk>/progress/practice/",
        teacher.practice_choice,
        name="practice_choice",
    ),
    path(
        "teach/students/<int:pk>/progress/skills.csv",
        exports.student_skills,
        name="student_skills_csv",
    ),
    path(
        "teach/students/<int:pk>/progress/calculations.csv",
        exports.student_calculations,
        name="student_calculations_csv",
    ),
    path("play/progress/", student.my_progress, name="mine"),
    path("play/progress/practice/", student.practice_start, name="practice_start"),
]
