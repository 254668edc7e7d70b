"""What a game screen shows, built from a kind's per-viewer view: data for templates, no HTML."""
