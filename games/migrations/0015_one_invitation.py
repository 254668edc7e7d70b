"""One invitation model for every way a game starts: the card-war `Table` (and its
`TableInvite`s) becomes `Invitation` (and `Invitee`s) with a game and clocks of its own, and every
Warriors `Challenge` moves into it as an invitation of two seats, with its answer; nothing open or
in play is lost (a pending challenge stays open, an accepted one keeps its match)."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

# Challenge.status → (Invitation.status, Invitee.status)
CHALLENGE_STATUS = {
    "pending": ("open", "invited"),
    "accepted": ("started", "accepted"),
    "declined": ("cancelled", "declined"),
    "cancelled": ("cancelled", "invited"),
}
INVITEE_BACK = {"invited": "pending", "accepted": "accepted", "declined": "declined"}


def challenges_to_invitations(apps, schema_editor):
    Challenge = apps.get_model("games", "Challenge")
    Invitation = apps.get_model("games", "Invitation")
    Invitee = apps.get_model("games", "Invitee")
    for challenge in Challenge.objects.order_by("pk").iterator():
        status, answer = CHALLENGE_STATUS.get(challenge.status, ("cancelled", "invited"))
        invitation = Invitation.objects.create(
            classroom_id=challenge.classroom_id,
            host_id=challenge.from_user_id,
            game="warriors",  # the one game a challenge could start
            seats=2,
            variants=challenge.variants or {},
            clocks={},  # match_create's default clock, as challenge_answer started it
            bots=False,
            status=status,
            match_id=challenge.match_id,
            created_at=challenge.created_at,
        )
        Invitee.objects.create(
            invitation=invitation,
            user_id=challenge.to_user_id,
            status=answer,
            answered_at=challenge.answered_at,
        )


def invitations_to_challenges(apps, schema_editor):
    """Back: every two-seat Warriors invitation of a pupil becomes a challenge again."""
    Challenge = apps.get_model("games", "Challenge")
    Invitation = apps.get_model("games", "Invitation")
    for invitation in Invitation.objects.filter(game="warriors", seats=2, bots=False):
        invitee = invitation.invites.first()
        if invitee is None or invitation.host_id is None:
            continue
        status = INVITEE_BACK[invitee.status]
        if invitation.status == "cancelled" and invitee.status == "invited":
            status = "cancelled"
        challenge = Challenge.objects.create(
            classroom_id=invitation.classroom_id,
            from_user_id=invitation.host_id,
            to_user_id=invitee.user_id,
            variants=invitation.variants,
            status=status,
            match_id=invitation.match_id,
            answered_at=invitee.answered_at,
        )
        Challenge.objects.filter(pk=challenge.pk).update(created_at=invitation.created_at)
        invitation.delete()


class Migration(migrations.Migration):
    dependencies = [
        ("classrooms", "0003_languages"),
        ("games", "0014_move_drop_warriors_columns"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="table", name="table_two_to_four_seats"),
        migrations.RemoveConstraint(model_name="tableinvite", name="one_invite_per_table"),
        migrations.RemoveIndex(model_name="table", name="games_table_host_id_f8518e_idx"),
        migrations.RemoveIndex(model_name="tableinvite", name="games_table_user_id_16518d_idx"),
        migrations.RenameModel("Table", "Invitation"),
        migrations.RenameModel("TableInvite", "Invitee"),
        migrations.RenameField("invitee", "table", "invitation"),
        migrations.AlterField(
            model_name="invitee",
            name="invitation",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="invites",
                to="games.invitation",
            ),
        ),
        migrations.AlterField(
            model_name="invitee",
            name="user",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="invitations_received",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AlterField(
            model_name="invitation",
            name="classroom",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="invitations",
                to="classrooms.classroom",
            ),
        ),
        migrations.AlterField(
            model_name="invitation",
            name="host",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="invitations_hosted",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AlterField(
            model_name="invitation",
            name="created_at",
            field=models.DateTimeField(default=django.utils.timezone.now),
        ),
        # Every table so far was a card war.
        migrations.AddField(
            model_name="invitation",
            name="game",
            field=models.CharField(default="cardwar", max_length=16, verbose_name="game"),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="invitation",
            name="clocks",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddIndex(
            model_name="invitation",
            index=models.Index(fields=["host", "status"], name="invitation_host_status"),
        ),
        migrations.AddConstraint(
            model_name="invitation",
            constraint=models.CheckConstraint(
                condition=models.Q(("seats__gte", 1), ("seats__lte", 4)),
                name="invitation_one_to_four_seats",
            ),
        ),
        migrations.AddIndex(
            model_name="invitee",
            index=models.Index(fields=["user", "status"], name="invitee_user_status"),
        ),
        migrations.AddConstraint(
            model_name="invitee",
            constraint=models.UniqueConstraint(
                fields=("invitation", "user"), name="one_invite_per_invitation"
            ),
        ),
        migrations.RunPython(challenges_to_invitations, invitations_to_challenges),
        migrations.DeleteModel(name="Challenge"),
    ]
