"""Drop the Warriors-only columns of Move, now in `facts` (filled by 0013, which can put them
back). A migration of its own, run after the data is copied."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0013_move_facts"),
    ]

    operations = [
        migrations.RemoveField(model_name="move", name=name)
        for name in (
            "dice_before",
            "operators",
            "dice_used",
            "target_value",
            "rerolled",
            "capture_available",
            "best_capture",
        )
    ]
