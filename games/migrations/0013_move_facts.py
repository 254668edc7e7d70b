"""The Warriors-only report columns of Move become the move's own `facts` (a JSON object the
kind writes and reads): this adds `facts` and fills it from the old columns; 0014 drops them.

A value equal to its old column's default (empty list, empty text, NULL) is left out: every
reader takes the same default when the key is missing, so card-war rows get no Warriors keys.
Reversible: going back copies the facts into the columns again.
"""

from django.db import migrations, models

# The old column and its default (what a missing key reads as).
MOVED = {
    "dice_before": [],
    "operators": "",
    "dice_used": None,
    "target_value": None,
    "rerolled": [],
    "capture_available": None,
    "best_capture": "",
}
BATCH = 2000


def fill_facts(apps, schema_editor):
    Move = apps.get_model("games", "Move")
    changed = []
    rows = Move.objects.only("pk", "facts", *MOVED).order_by("pk").iterator(chunk_size=BATCH)
    for move in rows:
        facts = {
            name: getattr(move, name)
            for name, default in MOVED.items()
            if getattr(move, name) != default
        }
        if facts:
            move.facts = {**move.facts, **facts}
            changed.append(move)
        if len(changed) >= BATCH:
            Move.objects.bulk_update(changed, ["facts"])
            changed = []
    Move.objects.bulk_update(changed, ["facts"])


def columns_from_facts(apps, schema_editor):
    Move = apps.get_model("games", "Move")
    changed = []
    rows = Move.objects.exclude(facts={}).order_by("pk").iterator(chunk_size=BATCH)
    for move in rows:
        for name, default in MOVED.items():
            setattr(move, name, move.facts.get(name, default))
        changed.append(move)
        if len(changed) >= BATCH:
            Move.objects.bulk_update(changed, list(MOVED))
            changed = []
    Move.objects.bulk_update(changed, list(MOVED))


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0012_merge_seam"),
    ]

    operations = [
        migrations.AddField(
            model_name="move",
            name="facts",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(fill_facts, columns_from_facts),
    ]
