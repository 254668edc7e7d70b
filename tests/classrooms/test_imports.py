"""Bulk import: good, bad and hostile input, always previewed, all or nothing."""

import io
import struct
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from classrooms.imports.decoding import bytes_decode, upload_read
from classrooms.imports.oneroster import roster_parse, zip_extract
from classrooms.imports.plain import pasted_parse, plain_csv_parse
from classrooms.imports.preview import preview_build
from classrooms.imports.rows import ImportRefused
from classrooms.models import Student, User

pytestmark = pytest.mark.django_db

USERS = (
    "sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,"
    "givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password\n"
    "u1,active,,true,org1,student,maya,,Maya,Kowalski,,1001,maya@x.org,,,,04,\n"
    "u2,active,,true,org1,student,ben,,Ben,Turner,,1002,,,,,04,\n"
    "u3,active,,true,org1,teacher,mrsb,,Anna,Brown,,9,anna@x.org,,,,,\n"
    "u4,tobedeleted,,true,org1,student,gone,,Gone,Away,,1004,,,,,04,\n"
    "u5,active,,true,org1,student,maya2,,Maya,Kent,,1005,,,,,04,\n"
    "u6,active,,true,org1,student,other,,Omar,Other,,1006,,,,,05,\n"
)
ENROLLMENTS = (
    "sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,"
    "primary,beginDate,endDate\n"
    "e1,active,,c1,org1,u1,student,false,,\n"
    "e2,active,,c1,org1,u2,student,false,,\n"
    "e3,active,,c1,org1,u3,teacher,true,,\n"
    "e4,active,,c1,org1,u4,student,false,,\n"
    "e5,active,,c1,org1,u5,student,false,,\n"
    "e6,active,,c2,org1,u6,student,false,,\n"
)
CLASSES = (
    "sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,"
    "location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods\n"
    "c1,active,,4B Maths,04,k1,4B,scheduled,,org1,t1,,,\n"
    "c2,active,,5A Maths,05,k1,5A,scheduled,,org1,t1,,,\n"
)
MANIFEST = "propertyName,value\nmanifest.version,1.0\noneroster.version,1.1\nfile.users,bulk\n"


def roster_files(**overrides) -> dict[str, bytes]:
    files = {
        "users.csv": USERS,
        "enrollments.csv": ENROLLMENTS,
        "classes.csv": CLASSES,
        "manifest.csv": MANIFEST,
    }
    files.update(overrides)
    return {name: text.encode() for name, text in files.items() if text is not None}


def roster_zip(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(f"export/{name}", data)
    return buffer.getvalue()


# --- parsers -----------------------------------------------------------------------------


@pytest.mark.smoke
def test_pasted_names_report_empty_lines_by_number():
    rows, issues = pasted_parse("Maya K.\n\nBen T.\n  \nZoë\n\n\n")
    assert [(r.line, r.name) for r in rows] == [(1, "Maya K."), (3, "Ben T."), (5, "Zoë")]
    assert [(i.line, i.blocking) for i in issues] == [(2, False), (4, False)]


def test_plain_csv_with_header_initials_ids_and_malformed_rows():
    text = (
        "First name,Last name,Id\nMaya,K,1001\n,,\nBen,Turner\nAna,B,1003,extra,more\n,Smith,1004\n"
    )
    rows, issues = plain_csv_parse(text)
    assert [(r.line, r.name, r.external_id) for r in rows] == [
        (2, "Maya K.", "1001"),
        (4, "Ben Turner", ""),
    ]
    assert [(i.line, i.blocking) for i in issues] == [(3, False), (5, True), (6, True)]
    assert "5 columns" in issues[1].message


def test_semicolon_csv_from_european_excel():
    rows, _issues = plain_csv_parse("Maya;K\nBen;T\n")
    assert [r.name for r in rows] == ["Maya K.", "Ben T."]


@pytest.mark.smoke
def test_utf8_with_and_without_bom_and_cp1252_fallback_decode():
    assert bytes_decode("Zoë,K\n".encode(), filename="a.csv") == "Zoë,K\n"
    assert bytes_decode("\ufeffZoë,K\n".encode(), filename="a.csv") == "Zoë,K\n"
    assert bytes_decode("Zoë,K\n".encode("cp1252"), filename="a.csv") == "Zoë,K\n"
    assert bytes_decode("Zoë,K\n".encode("utf-16"), filename="a.csv") == "Zoë,K\n"


def test_wrong_encoding_gets_a_clear_message():
    for data in ("Maya,K\n".encode("utf-16-le"), b"\x89PNG\r\n\x1a\n\x00\x00"):
        with pytest.raises(ImportRefused, match="CSV UTF-8"):
            bytes_decode(data, filename="kids.csv")


def test_a_5_mb_file_is_refused_with_its_size():
    upload = SimpleUploadedFile("big.csv", b"Maya,K\n" * (5 * 1024 * 1024 // 7 + 1))
    with pytest.raises(ImportRefused, match=r"5\.0 MB; the limit is 1\.0 MB"):
        upload_read(upload)


def test_formula_injection_is_refused_with_the_line_number(make_room):
    rows, issues = plain_csv_parse(
        'Maya,K\n"=HYPERLINK(""http://evil.example"",""x"")",B\n+1,C\n@SUM(A1),D\n-2,E\n'
    )
    preview = preview_build(classroom=make_room(), rows=rows, issues=issues)
    assert [r.name for r in preview.rows] == ["Maya K."]
    assert [i.line for i in preview.blocking_issues] == [2, 3, 4, 5]
    assert "formula" in preview.blocking_issues[0].message
    assert not preview.ok


def test_duplicates_in_the_file_block_and_students_already_in_class_are_skipped(
    make_room, make_cards
):
    room = make_room()
    make_cards(room, "Ben T.")
    rows, issues = pasted_parse("Maya K.\nBen T.\nmaya k\nAli\n")
    preview = preview_build(classroom=room, rows=rows, issues=issues)
    assert [r.name for r in preview.rows] == ["Maya K.", "Ali"]
    assert [(i.line, i.blocking) for i in preview.issues] == [(2, False), (3, True)]
    assert "line 1" in preview.issues[1].message


def test_row_limit(make_room):
    rows, issues = pasted_parse("\n".join(f"Kid {chr(65 + i % 26)}{i}" for i in range(201)))
    with pytest.raises(ImportRefused, match="at most 200"):
        preview_build(classroom=make_room(), rows=rows, issues=issues)


# --- OneRoster ---------------------------------------------------------------------------


def test_oneroster_set_gives_the_students_of_one_class_with_initials():
    roster = roster_parse(roster_files())
    assert [(c.title, len(c.student_ids)) for c in roster.classes_with_students()] == [
        ("4B Maths", 3),
        ("5A Maths", 1),
    ]
    rows = roster.rows_for("c1")
    # Two Maya K.s: the full family name tells them apart; Ben keeps his initial.
    assert sorted((r.name, r.external_id) for r in rows) == [
        ("Ben T.", "u2"),
        ("Maya Kent", "u5"),
        ("Maya Kowalski", "u1"),
    ]
    assert {r.line for r in rows} == {2, 3, 6}


def test_oneroster_zip_with_manifest_is_read():
    files = zip_extract(roster_zip(roster_files()))
    assert set(files) == {"users.csv", "enrollments.csv", "classes.csv", "manifest.csv"}
    assert len(roster_parse(files).rows_for("c2")) == 1


def test_oneroster_zip_without_manifest_or_with_missing_columns_is_refused():
    no_manifest = roster_files()
    del no_manifest["manifest.csv"]
    with pytest.raises(ImportRefused, match="manifest"):
        zip_extract(roster_zip(no_manifest))
    with pytest.raises(ImportRefused, match="givenName"):
        roster_parse(roster_files(**{"users.csv": "sourcedId,role,familyName\nu1,student,K\n"}))
    with pytest.raises(ImportRefused, match=r"enrollments\.csv"):
        roster_parse({"users.csv": USERS.encode()})


def test_a_zip_bomb_is_refused():
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("manifest.csv", MANIFEST)
        archive.writestr("users.csv", "a" * (3 * 1024 * 1024))
    assert len(buffer.getvalue()) < 100_000
    with pytest.raises(ImportRefused, match="too large"):
        zip_extract(buffer.getvalue())


# --- through the views: preview first, confirm creates, failures create nothing -----------


def _import_url(room):
    return reverse("students_import", args=[room.pk])


@pytest.mark.smoke
def test_paste_preview_then_confirm_creates_students_and_shows_cards(client, teacher, make_room):
    room = make_room(teacher=teacher)
    client.force_login(teacher)
    preview = client.post(_import_url(room), {"source": "paste", "names": "Maya K.\n\nBen T.\n"})
    assert preview.status_code == 200
    assert Student.objects.count() == 0  # nothing until confirmed
    html = preview.content.decode()
    assert "Line 2" in html and "Maya K." in html
    payload = preview.context["payload"]
    confirm = reverse("students_import_confirm", args=[room.pk])
    cards = client.post(confirm, {"payload": payload}, follow=True)
    assert cards.status_code == 200 and len(cards.redirect_chain) == 1
    assert cards.content.decode().count('class="login-card"') == 2
    assert cards.content.decode().count("<svg") == 2
    assert "no-store" in cards["Cache-Control"]
    assert set(room.students.values_list("display_name", flat=True)) == {"Maya K.", "Ben T."}


def test_a_preview_with_problems_has_no_confirm_button(client, teacher, make_room):
    room = make_room(teacher=teacher)
    client.force_login(teacher)
    response = client.post(_import_url(room), {"source": "paste", "names": "Maya\n=1+1\n"})
    assert "payload" not in response.content.decode()
    assert "Line 2" in response.content.decode()


def test_a_preview_with_problems_offers_the_list_to_edit_once_with_a_plain_title(
    client, teacher, make_room
):
    room = make_room(teacher=teacher)
    client.force_login(teacher)
    html = client.post(_import_url(room), {"source": "paste", "names": "Maya\n=1+1\n"}).content
    html = html.decode()
    title = html[html.index("<title>") + len("<title>") : html.index("</title>")]
    assert "<" not in title and "Check the list" in title
    assert html.count('id="edit-heading"') == 1


def test_a_failed_confirm_creates_nothing(client, teacher, make_room, make_cards):
    room = make_room(teacher=teacher)
    client.force_login(teacher)
    preview = client.post(_import_url(room), {"source": "paste", "names": "Maya K.\nBen T.\n"})
    make_cards(room, "Ben T.")  # someone else added Ben meanwhile: the whole import must fail
    before = User.objects.count()
    response = client.post(
        reverse("students_import_confirm", args=[room.pk]), {"payload": preview.context["payload"]}
    )
    assert response.status_code == 302
    assert User.objects.count() == before
    assert not room.students.filter(display_name="Maya K.").exists()


def test_a_tampered_or_foreign_payload_is_refused(client, teacher, make_room):
    room, other = make_room(teacher=teacher), make_room(teacher=teacher)
    client.force_login(teacher)
    preview = client.post(_import_url(room), {"source": "paste", "names": "Maya K.\n"})
    payload = preview.context["payload"]
    confirm = reverse("students_import_confirm", args=[other.pk])
    assert client.post(confirm, {"payload": payload}).status_code == 302
    assert client.post(confirm, {"payload": payload[:-2] + "xx"}).status_code == 302
    assert Student.objects.count() == 0


def test_upload_5_mb_file_is_refused_in_the_page(client, teacher, make_room):
    room = make_room(teacher=teacher)
    client.force_login(teacher)
    big = SimpleUploadedFile("big.csv", b"x" * (5 * 1024 * 1024))
    response = client.post(_import_url(room), {"source": "file", "files": [big]})
    assert response.status_code == 400
    assert "5.0 MB" in response.content.decode()


def test_upload_oneroster_set_asks_which_class_then_previews(client, teacher, make_room):
    room = make_room(teacher=teacher)
    client.force_login(teacher)

    def uploads():
        return [SimpleUploadedFile(n, d) for n, d in roster_files(**{"manifest.csv": None}).items()]

    response = client.post(_import_url(room), {"source": "file", "files": uploads()})
    assert response.status_code == 400
    assert "4B Maths" in response.content.decode()
    response = client.post(
        _import_url(room), {"source": "file", "files": uploads(), "roster_class": "c1"}
    )
    assert response.status_code == 200
    assert [r.name for r in response.context["preview"].rows] == [
        "Maya Kowalski",
        "Ben T.",
        "Maya Kent",
    ]


def test_upload_oneroster_zip_and_plain_csv(client, teacher, make_room):
    room = make_room(teacher=teacher)
    client.force_login(teacher)
    zipped = SimpleUploadedFile("export.zip", roster_zip(roster_files()))
    response = client.post(
        _import_url(room), {"source": "file", "files": [zipped], "roster_class": "c2"}
    )
    assert [r.name for r in response.context["preview"].rows] == ["Omar O."]
    plain = SimpleUploadedFile("kids.csv", "\ufeffMaya,K,1\nZoë,W,2\n".encode())
    response = client.post(_import_url(room), {"source": "file", "files": [plain]})
    assert [r.name for r in response.context["preview"].rows] == ["Maya K.", "Zoë W."]


def test_a_csv_with_a_giant_field_or_broken_quotes_is_refused_with_a_line_number():
    with pytest.raises(ImportRefused, match="Line 2"):
        plain_csv_parse('Maya,K\n"Ben' + "x" * 200_000 + '",T\n')


def test_a_name_that_is_too_long_or_has_symbols_is_reported(make_room):
    rows, issues = pasted_parse("A" * 41 + "\nBen <script>\nOk Name\n")
    preview = preview_build(classroom=make_room(), rows=rows, issues=issues)
    assert [i.line for i in preview.blocking_issues] == [1, 2]
    assert [r.name for r in preview.rows] == ["Ok Name"]


# --- damaged zips: a clear form error, never a server error --------------------------------


def _stored_roster_zip() -> bytearray:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for name, data in roster_files().items():
            archive.writestr(name, data)
    return bytearray(buffer.getvalue())


def _central_entry(data: bytearray, name: bytes) -> int:
    """Offset of `name`'s entry in the zip's central directory."""
    offset = data.find(b"PK\x01\x02")
    while data[offset + 46 : offset + 46 + len(name)] != name:
        offset = data.find(b"PK\x01\x02", offset + 1)
    return offset


def _bad_crc() -> bytes:
    data = _stored_roster_zip()
    at = data.find(b"Maya")
    data[at] = ord("N")  # the stored CRC no longer matches
    return bytes(data)


def _lying_size() -> bytes:
    data = _stored_roster_zip()
    entry = _central_entry(data, b"users.csv")
    data[entry + 24 : entry + 28] = struct.pack("<I", 10)  # "10 bytes", and it is not
    return bytes(data)


def _unknown_compression() -> bytes:
    data = _stored_roster_zip()
    entry = _central_entry(data, b"users.csv")
    data[entry + 10 : entry + 12] = struct.pack("<H", 77)  # no such method
    local = struct.unpack("<I", data[entry + 42 : entry + 46])[0]
    data[local + 8 : local + 10] = struct.pack("<H", 77)
    return bytes(data)


@pytest.mark.parametrize("damaged", [_bad_crc, _lying_size, _unknown_compression])
def test_a_zip_with_a_damaged_member_is_a_clear_form_error(client, teacher, make_room, damaged):
    room = make_room(teacher=teacher)
    client.force_login(teacher)
    upload = SimpleUploadedFile("export.zip", damaged())
    response = client.post(_import_url(room), {"source": "file", "files": [upload]})
    assert response.status_code == 400
    assert "users.csv in the zip cannot be read" in response.content.decode()
    assert Student.objects.count() == 0
