"""OneRoster 1.1 CSV exports: users.csv + enrollments.csv + classes.csv, loose or zipped.

Only what we need is read: students (role `student`, not `tobedeleted`, not disabled) enrolled
as students in the chosen class. Names become `First L.` (family-name initial), or the full
family name when two students of the class would otherwise share a name.
"""

import csv
import io
import lzma
import zipfile
import zlib
from collections import Counter
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from classrooms.imports.decoding import bytes_decode
from classrooms.imports.plain import display_name
from classrooms.imports.rows import (
    MAX_SOURCE_LINES,
    MAX_UPLOAD_BYTES,
    ImportRefused,
    RawRow,
    RowIssue,
)

ROSTER_FILES = ("manifest.csv", "users.csv", "enrollments.csv", "classes.csv")
_REQUIRED = {
    "users.csv": {"sourcedId", "givenName", "familyName", "role"},
    "enrollments.csv": {"classSourcedId", "userSourcedId", "role"},
    "classes.csv": {"sourcedId", "title"},
}
MAX_ZIP_MEMBERS = 50
# What zipfile and its decompressors raise for a damaged archive or member: a bad CRC, a size
# header that lies, a compression method it does not know, a truncated or garbled stream.
_DAMAGED = (
    zipfile.BadZipFile,
    NotImplementedError,
    zlib.error,
    lzma.LZMAError,
    EOFError,
    OSError,
    ValueError,
)


@dataclass
class RosterClass:
    sourced_id: str
    title: str
    student_ids: list[str] = field(default_factory=list)


@dataclass
class Roster:
    """A parsed export: its classes, and student rows by user sourcedId."""

    classes: list[RosterClass]
    students: dict[str, tuple[int, str, str]]  # sourcedId -> (line in users.csv, given, family)
    issues: list[RowIssue]
    # sourcedId -> the school e-mail (or a user name with an "@") from users.csv, when asked for
    school_logins: dict[str, str] = field(default_factory=dict)

    def classes_with_students(self) -> list[RosterClass]:
        return [c for c in self.classes if c.student_ids]

    def rows_for(self, sourced_id: str) -> list[RawRow]:
        chosen = next((c for c in self.classes if c.sourced_id == sourced_id), None)
        if chosen is None:
            raise ImportRefused(_("That class is not in the export."))
        people = sorted(
            (*self.students[sid], sid) for sid in chosen.student_ids if sid in self.students
        )
        short = [display_name(given, family[:1]) for _line, given, family, _sid in people]
        clashes = Counter(name.casefold() for name in short)
        return [
            RawRow(
                line,
                display_name(given, family) if clashes[name.casefold()] > 1 else name,
                sid,
                self.school_logins.get(sid, ""),
            )
            for (line, given, family, sid), name in zip(people, short, strict=True)
        ]


def is_roster(filenames: list[str]) -> bool:
    names = {name.rsplit("/", 1)[-1].lower() for name in filenames}
    return "users.csv" in names or any(name.endswith(".zip") for name in names)


def zip_extract(data: bytes) -> dict[str, bytes]:
    """The OneRoster CSVs inside a zip, refusing encrypted, oversized or odd archives."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except _DAMAGED:
        raise ImportRefused(_("The zip file is damaged or not a zip file.")) from None
    members = archive.infolist()
    if len(members) > MAX_ZIP_MEMBERS:
        raise ImportRefused(_("The zip file holds too many files for a OneRoster export."))
    found: dict[str, bytes] = {}
    for info in members:
        name = info.filename.rsplit("/", 1)[-1].lower()
        if info.is_dir() or name not in ROSTER_FILES:
            continue
        if info.flag_bits & 0x1:
            raise ImportRefused(_("The zip file is password-protected. Export it without one."))
        if info.file_size > MAX_UPLOAD_BYTES:
            raise ImportRefused(
                _("%(file)s in the zip is too large to import here.") % {"file": name}
            )
        try:
            with archive.open(info) as member:
                content = member.read(MAX_UPLOAD_BYTES + 1)
        except _DAMAGED:
            raise ImportRefused(
                _(
                    "%(file)s in the zip cannot be read: the zip is damaged, or packed in a way "
                    "we do not support. Export it again, or upload the CSV files themselves."
                )
                % {"file": name}
            ) from None
        if len(content) > MAX_UPLOAD_BYTES:  # the header lied about the size: a zip bomb
            raise ImportRefused(
                _("%(file)s in the zip is too large to import here.") % {"file": name}
            )
        found[name] = content
    if "manifest.csv" not in found:
        raise ImportRefused(_("The zip has no manifest.csv, so it is not a OneRoster export."))
    return found


def _records(name: str, text: str) -> list[tuple[int, dict[str, str]]]:
    reader = csv.DictReader(io.StringIO(text, newline=""), strict=True)
    missing = _REQUIRED.get(name, set()) - set(reader.fieldnames or [])
    if missing:
        raise ImportRefused(
            _("%(file)s is missing the column(s): %(columns)s.")
            % {"file": name, "columns": ", ".join(sorted(missing))}
        )
    out = []
    try:
        for record in reader:
            if reader.line_num > MAX_SOURCE_LINES:
                raise ImportRefused(_("%(file)s has too many lines.") % {"file": name})
            clean = {k: (v or "").strip() for k, v in record.items() if isinstance(k, str)}
            out.append((reader.line_num, clean))
    except csv.Error as error:
        raise ImportRefused(
            _("%(file)s line %(line)d cannot be read as CSV (%(error)s).")
            % {"file": name, "line": reader.line_num, "error": error}
        ) from None
    return out


def _manifest_check(text: str) -> None:
    values = {
        row[0].strip(): row[1].strip() for row in csv.reader(io.StringIO(text)) if len(row) > 1
    }
    version = values.get("oneroster.version", "")
    if version and not version.startswith("1."):
        raise ImportRefused(
            _("This is a OneRoster %(version)s export; we read version 1.1.") % {"version": version}
        )


def _school_login(user: dict[str, str]) -> str:
    """OneRoster's `email`, else a `username` that is a sign-in name (it has an "@")."""
    email = user.get("email", "")
    if email:
        return email
    username = user.get("username", "")
    return username if "@" in username else ""


def roster_parse(files: dict[str, bytes], *, school_logins: bool = False) -> Roster:
    """Parse users, enrollments and classes (and the manifest when present) into a Roster.

    With `school_logins`, each student's `email` (or `username`) is their school login."""
    missing = [name for name in ROSTER_FILES[1:] if name not in files]
    if missing:
        raise ImportRefused(
            _(
                "A OneRoster import needs users.csv, enrollments.csv and classes.csv "
                "(missing: %(files)s)."
            )
            % {"files": ", ".join(missing)}
        )
    texts = {name: bytes_decode(data, filename=name) for name, data in files.items()}
    if "manifest.csv" in texts:
        _manifest_check(texts["manifest.csv"])
    issues: list[RowIssue] = []
    students: dict[str, tuple[int, str, str]] = {}
    logins: dict[str, str] = {}
    for line, user in _records("users.csv", texts["users.csv"]):
        if user.get("role", "").lower() != "student":
            continue
        if user.get("status", "").lower() == "tobedeleted":
            continue
        if user.get("enabledUser", "true").lower() == "false":
            continue
        if not user["sourcedId"]:
            issues.append(RowIssue(line, _("users.csv: the sourcedId is missing.")))
            continue
        if user["sourcedId"] in students:
            issues.append(
                RowIssue(line, _("users.csv: this sourcedId appears twice; second one skipped."))
            )
            continue
        students[user["sourcedId"]] = (line, user["givenName"], user["familyName"])
        if school_logins and _school_login(user):
            logins[user["sourcedId"]] = _school_login(user)
    classes = {
        record["sourcedId"]: RosterClass(
            record["sourcedId"], record["title"] or record["sourcedId"]
        )
        for _line, record in _records("classes.csv", texts["classes.csv"])
        if record.get("status", "").lower() != "tobedeleted"
    }
    for _line, enrollment in _records("enrollments.csv", texts["enrollments.csv"]):
        if enrollment.get("role", "").lower() != "student":
            continue
        if enrollment.get("status", "").lower() == "tobedeleted":
            continue
        room = classes.get(enrollment["classSourcedId"])
        user_id = enrollment["userSourcedId"]
        if room is not None and user_id in students and user_id not in room.student_ids:
            room.student_ids.append(enrollment["userSourcedId"])
    return Roster(
        classes=sorted(classes.values(), key=lambda c: c.title),
        students=students,
        issues=issues,
        school_logins=logins,
    )
