"""Teacher accounts: sign up, log in (throttled), and Django's password views with our pages."""

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path, reverse_lazy
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.debug import sensitive_post_parameters

from classrooms.devices import device_remember
from classrooms.forms import TeacherLoginForm, TeacherPasswordResetForm, TeacherSignupForm
from classrooms.permissions import teacher_required
from classrooms.services.teachers import teacher_create

T = "classrooms/auth/"


@sensitive_post_parameters("password1", "password2")
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    form = TeacherSignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = teacher_create(
            username=form.cleaned_data["username"],
            email=form.cleaned_data["email"],
            password=form.cleaned_data["password1"],
            first_name=form.cleaned_data.get("first_name", ""),
            last_name=form.cleaned_data.get("last_name", ""),
            # The language they signed up in (the login pages' switch, or their browser's).
            language=get_language(),
        )
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome! Create your first class."))
        return device_remember(request, redirect("teacher_dashboard"), user)
    return render(request, T + "signup.html", {"form": form})


class TeacherLoginView(auth_views.LoginView):
    """Django's login view; the browser is then a known device for this teacher."""

    template_name = T + "login.html"
    authentication_form = TeacherLoginForm
    redirect_authenticated_user = True

    def form_valid(self, form):
        return device_remember(self.request, super().form_valid(form), form.get_user())


class TeacherPasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's, and the new password logs the teacher in on this browser and makes it a known
    device: the way back for a teacher whose username someone keeps guessing at (its waits
    hold up new devices, however right the password), proven by their e-mail, not a guess."""

    template_name = T + "password_reset_confirm.html"
    success_url = reverse_lazy("password_reset_complete")
    post_reset_login = True
    post_reset_login_backend = "django.contrib.auth.backends.ModelBackend"

    def form_valid(self, form):
        return device_remember(self.request, super().form_valid(form), form.user)


urlpatterns = [
    path("login/", TeacherLoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("signup/", signup, name="signup"),
    path(
        "password/change/",
        # Students' passwords are on their printed cards: only a teacher may change them.
        teacher_required(
            auth_views.PasswordChangeView.as_view(template_name=T + "password_change.html")
        ),
        name="password_change",
    ),
    path(
        "password/change/done/",
        teacher_required(
            auth_views.PasswordChangeDoneView.as_view(template_name=T + "password_change_done.html")
        ),
        name="password_change_done",
    ),
    path(
        "password/reset/",
        auth_views.PasswordResetView.as_view(
            form_class=TeacherPasswordResetForm,
            template_name=T + "password_reset.html",
            email_template_name=T + "password_reset_email.txt",
            subject_template_name=T + "password_reset_subject.txt",
            success_url=reverse_lazy("password_reset_done"),
        ),
        name="password_reset",
    ),
    path(
        "password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(template_name=T + "password_reset_done.html"),
        name="password_reset_done",
    ),
    path(
        "password/reset/<uidb64>/<token>/",
        TeacherPasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(
            template_name=T + "password_reset_complete.html"
        ),
        name="password_reset_complete",
    ),
]
