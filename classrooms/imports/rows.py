"""The shapes passed between parsers, the preview and the views."""

from dataclasses import dataclass, field

MAX_UPLOAD_BYTES = 1024 * 1024  # per file, and per file inside a zip
MAX_ROWS = 200  # students per import; a OneRoster users.csv may hold a whole school
MAX_SOURCE_LINES = 20_000
MAX_PASTE_CHARS = 20_000


class ImportRefused(Exception):
    """The whole input is unusable (too big, not text, not a CSV we know); nothing to preview."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class RawRow:
    line: int
    name: str
    external_id: str = ""
    # The school e-mail or user name the pupil signs in with (only where a provider is
    # configured: classrooms.school_accounts), as typed; the preview checks it.
    school_login: str = ""


@dataclass(frozen=True)
class RowIssue:
    line: int
    message: str
    blocking: bool = True


@dataclass
class ImportPreview:
    """Rows ready to create, and what is wrong with the others (by line number)."""

    rows: list[RawRow] = field(default_factory=list)
    issues: list[RowIssue] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return bool(self.rows) and not any(issue.blocking for issue in self.issues)

    @property
    def blocking_issues(self) -> list[RowIssue]:
        return [issue for issue in self.issues if issue.blocking]

    @property
    def skipped(self) -> list[RowIssue]:
        return [issue for issue in self.issues if not issue.blocking]
