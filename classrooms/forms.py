"""Forms: parse and validate input; the services do the writing."""

from django import forms
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm, BaseUserCreationForm, PasswordResetForm
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from classrooms import languages
from classrooms.imports.rows import MAX_PASTE_CHARS
from classrooms.models import Classroom, User
from classrooms.services.logins import LoginRefused, teacher_login
from classrooms.services.throttle import (
    RESET_MAILS,
    ThrottleBusy,
    Throttled,
    account_key,
    throttle_reserve,
)


class TeacherSignupForm(BaseUserCreationForm):
    """A teacher's account. Short help of our own: Django's defaults read like a spec."""

    email = forms.EmailField(label=_("Email"), help_text=_("Only for resetting your password."))

    class Meta:
        model = User
        fields = ("username", "email", "first_name", "last_name")
        help_texts = {"username": _("What you log in with, such as ms_khan.")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["password1"].help_text = _("At least 8 characters, and not a common one.")
        self.fields["password2"].label = _("Password again")
        self.fields["password2"].help_text = _("The same password, to be sure.")

    def clean_email(self) -> str:
        email = self.cleaned_data["email"]
        if User.objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(_("There is already an account with this email."))
        return email


class TeacherLoginForm(AuthenticationForm):
    """Django's login form, throttled (see classrooms.services.logins.teacher_login)."""

    def clean(self):
        username = self.cleaned_data.get("username")
        password = self.cleaned_data.get("password")
        if username is not None and password:
            try:
                self.user_cache = teacher_login(
                    request=self.request, username=username, password=password
                )
            except LoginRefused as refused:
                raise forms.ValidationError(refused.message, code="invalid_login") from None
            self.confirm_login_allowed(self.user_cache)
        return self.cleaned_data


class TeacherPasswordResetForm(PasswordResetForm):
    """Django's, with the email in the teacher's own language rather than the visitor's, and
    at most RESET_MAILS's e-mails per account (the page says the same whether one was sent)."""

    def send_mail(
        self,
        subject_template_name,
        email_template_name,
        context,
        from_email,
        to_email,
        html_email_template_name=None,
    ) -> None:
        try:
            throttle_reserve(gates=[(RESET_MAILS, account_key(context["user"].pk))])
        except (Throttled, ThrottleBusy):
            return
        language = languages.of_user(context["user"]) or translation.get_language()
        with translation.override(language):
            super().send_mail(
                subject_template_name,
                email_template_name,
                context,
                from_email,
                to_email,
                html_email_template_name=html_email_template_name,
            )


class ClassroomNameForm(forms.Form):
    name = forms.CharField(label=_("Class name"), max_length=100)


class LanguageForm(forms.Form):
    """The language switch: one button per language."""

    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES)


class ClassroomLanguageForm(forms.Form):
    # What its students see unless they choose their own: the message after saving says so.
    language = forms.ChoiceField(label=_("Language of the class"), choices=settings.LANGUAGES)


class ClassroomShowValuesForm(forms.Form):
    show_values = forms.BooleanField(
        label=_("Show values while building (for beginners)"),
        help_text=_("Off: students work values out. On: reports count those apart."),
        required=False,
    )


class CoTeacherForm(forms.Form):
    identifier = forms.CharField(label=_("Username or email of the other teacher"), max_length=254)


class PasteNamesForm(forms.Form):
    names = forms.CharField(
        label=_("Names, one per line"),
        widget=forms.Textarea(attrs={"rows": 8}),
        max_length=MAX_PASTE_CHARS,
        help_text=_("First name and the first letter of the last name is enough: “Maya K.”"),
    )


class StudentMoveForm(forms.Form):
    to_classroom = forms.ModelChoiceField(queryset=Classroom.objects.none(), label=_("Move to"))

    def __init__(self, *args, classrooms=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["to_classroom"].queryset = classrooms


class SchoolLoginForm(forms.Form):
    # Checked by the service (classrooms.school_accounts.school_logins); "" clears it.
    school_login = forms.CharField(
        label=_("School e-mail or user name"),
        max_length=254,
        required=False,
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "none", "spellcheck": "false"}
        ),
        help_text=_("What the pupil signs in to Google, Microsoft or Feide with."),
    )


class StudentRenameForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)


class ClassCodeForm(forms.Form):
    code = forms.CharField(
        label=_("Class code"),
        max_length=20,
        widget=forms.TextInput(
            attrs={
                "autocomplete": "off",
                "autocapitalize": "characters",
                "spellcheck": "false",
                "autofocus": True,
            }
        ),
    )


class StudentPasswordForm(forms.Form):
    password = forms.CharField(
        label=_("Your password"),
        max_length=64,
        widget=forms.TextInput(
            attrs={
                "autocomplete": "off",
                "autocapitalize": "none",
                "spellcheck": "false",
                "autofocus": True,
            }
        ),
    )
