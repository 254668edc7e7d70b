"""Apply every passed game clock and per-move limit (safe to run anywhere, any number of times)."""

import time

from django.core.management.base import BaseCommand

from games.services import expire_overdue_matches


class Command(BaseCommand):
    help = "Expire playing matches whose clock or per-move limit has run out."

    def add_arguments(self, parser):
        parser.add_argument("--every", type=float, default=0, help="repeat every N seconds")

    def handle(self, *args, every: float = 0, **options):
        while True:
            count = expire_overdue_matches()
            self.stdout.write(f"expired {count}")
            if not every:
                return
            time.sleep(every)
