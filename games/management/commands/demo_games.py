"""Past lessons of play for the demo class (after `demo_data`), so the reports show evidence."""

from django.core.management.base import BaseCommand

from classrooms.models import Classroom
from games.services.demo import demo_lessons_play

DEMO_CODE = "DEMO4B"  # classrooms' demo_data makes this class


class Command(BaseCommand):
    help = "Play a month of past lessons in the demo class (once; later runs change nothing)."

    def handle(self, *args, **options):
        classroom = Classroom.objects.filter(code=DEMO_CODE).first()
        if classroom is None:
            self.stdout.write("No demo class: run demo_data first.")
            return
        played = demo_lessons_play(classroom=classroom)
        if played:
            self.stdout.write(f"  Played {played} past matches in {classroom.name} for the reports")
