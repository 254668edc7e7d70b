"""The unused (kind, success) index on moves goes, and the model forgets Match.tournament_ref.

The column itself stays in the database (nullable, never read) for one release: processes still
running the code from before (a rolling deploy; the benchmark's older checkout on the same
database) name it in their INSERTs. The next release's migration drops it.
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_tables"),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name="move",
            name="games_move_kind_c9cbee_idx",
        ),
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(model_name="match", name="tournament_ref"),
            ],
        ),
    ]
