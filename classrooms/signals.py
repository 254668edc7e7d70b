"""What classrooms tells the apps built on it, which it never imports (see design.md).

Sent inside the service's transaction: a receiver's database work joins it, and anything that
reaches outside the database (a socket message) waits for `transaction.on_commit`.
"""

from django.dispatch import Signal

# A student is archived: they cannot play until restored. kwargs: user.
student_archived = Signal()
# A student is about to be erased; their user row still exists. kwargs: user.
student_erasing = Signal()
# These users may have lost access (archived, erased, removed from a class, a login card
# revoked): their open sockets must check again. kwargs: user_ids.
access_revoked = Signal()
