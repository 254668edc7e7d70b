"""What every report page needs: the window from the query string, kept in links."""

from __future__ import annotations

from urllib.parse import urlencode

from django.http import HttpRequest

from games.progress.forms import WindowForm
from games.progress.windows import DEFAULT, Window


def window_from(request: HttpRequest) -> tuple[WindowForm, Window, str]:
    """(form, window, query) for the request; a bad choice gets the form's message and the
    default window; `query` repeats the choice for links (sorting, downloads)."""
    data = request.GET.copy()
    data.setdefault("window", DEFAULT)  # so the menu shows the window the page shows
    form = WindowForm(data)
    window = form.chosen()
    params = {"window": window.key}
    if window.key == "custom":
        params |= {"start": window.start.isoformat(), "end": window.end.isoformat()}
    return form, window, urlencode(params)


def status_of(form: WindowForm) -> int:
    """400 when the window asked for could not be read (the page still shows the default)."""
    return 400 if form.errors else 200
