"""Match, Seat and Move (see issue: live matches)."""
