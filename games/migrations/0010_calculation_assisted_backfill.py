"""Mark the Mind attacks already stored as assisted, and take them out of the skill rollup.

Until now the builder always showed a Mind attack's value and what it would capture before the
child attacked, so every stored Mind attack (applied or refused) was made with the value in
sight: it is marked `assisted`, and the rollup of each student who has one is rebuilt from
their rows (assisted ones count for no skill: `games.evidence.skills`). Batched by primary
key. Going back is a no-op (the column goes with 0009).
"""

from django.db import migrations
from django.utils import timezone

BATCH = 2000
FIELDS = (
    "id", "student_id", "created", "act", "expression", "operands", "op_add", "op_sub",
    "op_mul", "op_div", "op_square", "op_root", "brackets", "non_integer", "value", "target",
    "answer", "correct", "best_value", "best_expression", "chose_best", "option_available",
    "think_ms", "level", "variant", "fact_low", "fact_high", "assisted",
)  # fmt: skip


def mark_and_rebuild(apps, schema_editor):
    from games.services.evidence import skill_days_add, stored_act

    Calculation = apps.get_model("games", "Calculation")
    SkillDay = apps.get_model("games", "SkillDay")
    using = schema_editor.connection.alias
    minds = Calculation.objects.using(using).filter(
        game="warriors", act__in=["mind", "mind_refused"], assisted=False
    )
    students = sorted(set(minds.values_list("student_id", flat=True)))
    if not students:
        return
    minds.update(assisted=True)
    for start in range(0, len(students), BATCH):
        some = students[start : start + BATCH]
        SkillDay.objects.using(using).filter(student_id__in=some).delete()
        rows = Calculation.objects.using(using).filter(student_id__in=some).order_by("pk")
        last = 0
        while True:
            batch = list(rows.filter(pk__gt=last).values(*FIELDS)[:BATCH])
            if not batch:
                break
            last = batch[-1]["id"]
            entries = [
                (row["student_id"], timezone.localdate(row["created"]), stored_act(row))
                for row in batch
            ]
            skill_days_add(entries=entries, using=using)


class Migration(migrations.Migration):
    dependencies = [("games", "0009_calculation_assisted")]

    operations = [
        migrations.RunPython(mark_and_rebuild, migrations.RunPython.noop, elidable=False)
    ]
