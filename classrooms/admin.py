"""The Django admin for staff: find people and classes; writes still go through the services
for anything with rules (bulk creation, cards), so the admin is mostly for looking things up."""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.utils.translation import gettext_lazy as _

from classrooms.models import Classroom, Student, User


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    list_display = ("username", "first_name", "last_name", "email", "role", "is_active", "is_staff")
    list_filter = ("role", "is_active", "is_staff", "is_superuser")
    fieldsets = (*BaseUserAdmin.fieldsets, (_("Maths Arena"), {"fields": ("role",)}))
    add_fieldsets = (*BaseUserAdmin.add_fieldsets, (_("Maths Arena"), {"fields": ("role",)}))


class StudentInline(admin.TabularInline):
    model = Student
    fields = ("display_name", "user", "external_id", "archived_at")
    readonly_fields = ("user",)
    extra = 0
    show_change_link = True
    can_delete = False


@admin.register(Classroom)
class ClassroomAdmin(admin.ModelAdmin):
    list_display = ("name", "code", "created_at", "archived_at")
    list_filter = ("archived_at",)
    search_fields = ("name", "code", "teachers__username", "teachers__email")
    filter_horizontal = ("teachers",)
    readonly_fields = ("created_at",)
    inlines = (StudentInline,)


@admin.register(Student)
class StudentAdmin(admin.ModelAdmin):
    list_display = ("display_name", "classroom", "username", "external_id", "archived_at")
    list_filter = ("classroom",)
    search_fields = ("display_name", "user__username", "external_id", "classroom__code")
    list_select_related = ("classroom", "user")
    raw_id_fields = ("user", "classroom")
    readonly_fields = ("created_at", "login_token_hash")

    @admin.display(description=_("username"), ordering="user__username")
    def username(self, obj: Student) -> str:
        return obj.user.username
