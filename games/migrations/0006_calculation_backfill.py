"""Fill `Calculation` (and its rollup) from the Maths Warriors moves already stored.

Batched by primary key, so memory stays flat on a big table. It uses the same pure mapping
as the live path (`games.evidence.warriors`), so old and new evidence read alike. It runs only
while there is no Warriors evidence yet (the live path writes it from then on); going back is
a no-op, as migrating back past 0004 drops the tables.
"""

from django.db import migrations
from django.utils import timezone

BATCH = 2000
FIELDS = (
    "id", "match_id", "user_id", "seat", "kind", "action", "dice_before", "expression",
    "target", "success", "capture_available", "best_capture", "think_ms", "created_at",
    "match__variants", "match__classroom_id", "match__game",
)  # fmt: skip


def backfill(apps, schema_editor):
    from games.evidence.warriors import stored_move_act
    from games.services.evidence import calculation_fields, skill_days_add

    Move = apps.get_model("games", "Move")
    Calculation = apps.get_model("games", "Calculation")
    using = schema_editor.connection.alias
    if Calculation.objects.using(using).filter(game="warriors").exists():
        return
    moves = (
        Move.objects.using(using)
        .filter(user__isnull=False, seat__isnull=False, match__game="warriors")
        .filter(kind__in=["mind", "rejected", "strength", "skip", "timeout"])
        .order_by("pk")
    )
    # Only the columns this migration's model has (the live mapping may know later ones).
    columns = {field.name for field in Calculation._meta.get_fields()}
    last = 0
    while True:
        batch = list(moves.filter(pk__gt=last).values(*FIELDS)[:BATCH])
        if not batch:
            break
        last = batch[-1]["id"]
        rows, entries = [], []
        for move in batch:
            act = stored_move_act(move, move["match__variants"])
            if act is None:
                continue
            rows.append(
                Calculation(
                    student_id=move["user_id"],
                    classroom_id=move["match__classroom_id"],
                    match_id=move["match_id"],
                    game=move["match__game"],
                    created=move["created_at"],
                    **{k: v for k, v in calculation_fields(act).items() if k in columns},
                )
            )
            entries.append((move["user_id"], timezone.localdate(move["created_at"]), act))
        Calculation.objects.using(using).bulk_create(rows)
        skill_days_add(entries=entries, using=using)


class Migration(migrations.Migration):
    dependencies = [("games", "0005_calculation")]

    operations = [migrations.RunPython(backfill, migrations.RunPython.noop, elidable=False)]
