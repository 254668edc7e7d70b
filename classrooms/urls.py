"""Classrooms URLs: accounts, the teacher's pages under /teach/, student login, and /me/."""

from allauth.socialaccount.providers.openid_connect.views import callback as oidc_callback
from django.urls import include, path

from classrooms.views import (
    accounts,
    cards,
    imports,
    languages,
    school_accounts,
    student_login,
    students,
    teacher,
)

teach = [
    path("", teacher.dashboard, name="teacher_dashboard"),
    path("classes/new/", teacher.classroom_new, name="classroom_create"),
    path("classes/<int:pk>/", teacher.classroom_detail, name="classroom_detail"),
    path("classes/<int:pk>/rename/", teacher.classroom_rename_view, name="classroom_rename"),
    path("classes/<int:pk>/language/", teacher.classroom_language_view, name="classroom_language"),
    path(
        "classes/<int:pk>/show-values/",
        teacher.classroom_show_values_view,
        name="classroom_show_values",
    ),
    path("classes/<int:pk>/archive/", teacher.classroom_archive_view, name="classroom_archive"),
    path("classes/<int:pk>/restore/", teacher.classroom_restore_view, name="classroom_restore"),
    path("classes/<int:pk>/code/", teacher.classroom_code_view, name="classroom_code_regenerate"),
    path(
        "classes/<int:pk>/logins/resume/",
        teacher.classroom_logins_resume_view,
        name="classroom_logins_resume",
    ),
    path(
        "classes/<int:pk>/teachers/",
        teacher.classroom_teacher_add_view,
        name="classroom_teacher_add",
    ),
    path(
        "classes/<int:pk>/teachers/<int:user_pk>/remove/",
        teacher.classroom_teacher_remove_view,
        name="classroom_teacher_remove",
    ),
    path("classes/<int:pk>/students.csv", teacher.classroom_export, name="classroom_export"),
    path("classes/<int:pk>/import/", imports.students_import, name="students_import"),
    path(
        "classes/<int:pk>/import/confirm/",
        imports.students_import_confirm,
        name="students_import_confirm",
    ),
    path("classes/<int:pk>/cards/", cards.classroom_cards, name="classroom_cards"),
    path("cards/<slug:sheet_id>/", cards.card_sheet, name="card_sheet"),
    path("cards/<slug:sheet_id>/done/", cards.card_sheet_done, name="card_sheet_done"),
    path("students/<int:pk>/", students.student_detail, name="student_detail"),
    path("students/<int:pk>/rename/", students.student_rename_view, name="student_rename"),
    path("students/<int:pk>/move/", students.student_move_view, name="student_move"),
    path("students/<int:pk>/archive/", students.student_archive_view, name="student_archive"),
    path("students/<int:pk>/restore/", students.student_restore_view, name="student_restore"),
    path("students/<int:pk>/delete/", students.student_delete_view, name="student_delete"),
    path(
        "students/<int:pk>/export.<str:fmt>",
        students.student_export,
        name="student_export",
    ),
    path("students/<int:pk>/card/", cards.student_card, name="student_card"),
    path("students/<int:pk>/qr/revoke/", students.student_qr_revoke, name="student_qr_revoke"),
    path(
        "students/<int:pk>/school/",
        school_accounts.student_school_login_view,
        name="student_school_login",
    ),
    path(
        "students/<int:pk>/school/<int:link_pk>/unlink/",
        school_accounts.student_school_link_remove,
        name="student_school_link_remove",
    ),
]

# Sign-in with a school account. Only allauth's callback is routed (under the name its OpenID
# Connect client reverses); none of allauth's own login, sign-up or account pages are.
school = [
    path("", school_accounts.school_accounts, name="school_accounts"),
    path("<int:pk>/unlink/", school_accounts.school_account_unlink, name="school_account_unlink"),
    path(
        "sign-in/<slug:provider_id>/",
        school_accounts.school_sign_in_start,
        name="school_sign_in",
    ),
]

urlpatterns = [
    path("accounts/", include(accounts.urlpatterns)),
    path("accounts/school/", include(school)),
    path(
        "accounts/oidc/<slug:provider_id>/login/callback/",
        oidc_callback,
        name="openid_connect_callback",
    ),
    path(
        "me/school-account/", school_accounts.student_school_account, name="student_school_account"
    ),
    path("language/", languages.language_choose, name="language_choose"),
    path("teach/", include(teach)),
    path("student/", student_login.class_code, name="student_class_code"),
    path("student/<str:code>/", student_login.pick_name, name="student_pick_name"),
    path("student/<str:code>/<int:pk>/", student_login.password, name="student_password"),
    path("q/<str:token>/", student_login.qr_login, name="student_qr_login"),
]
