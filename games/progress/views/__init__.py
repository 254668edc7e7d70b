"""Progress pages: thin views that authorise, pick the window, call selectors and render."""
