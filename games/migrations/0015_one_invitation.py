"""One invitation model for every way a game starts, schema first: the card-war `Table` (and
its `TableInvite`s) becomes `Invitation` (and `Invitee`s) with a game and clocks of its own.
The challenges move into it in 0016 (its own transaction: PostgreSQL alters no table with rows
written in the same transaction)."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


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
    ]
