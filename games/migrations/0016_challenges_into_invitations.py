"""Every Warriors `Challenge` moves into the one invitation model as an invitation of two
seats, with its answer; nothing open or in play is lost (a pending challenge stays open, an
accepted one keeps its match). Then the challenges' table goes."""

from django.db import migrations

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
    dependencies = [("games", "0015_one_invitation")]

    operations = [
        migrations.RunPython(challenges_to_invitations, invitations_to_challenges),
        migrations.DeleteModel(name="Challenge"),
    ]
