"""Untrusted bytes to text: size limits and encodings."""

import codecs

from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext as _

from classrooms.imports.rows import MAX_UPLOAD_BYTES, ImportRefused


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.1f}"


def upload_read(upload: UploadedFile, *, max_bytes: int = MAX_UPLOAD_BYTES) -> bytes:
    """The upload's bytes, refusing files over `max_bytes` without reading them whole."""
    if upload.size is not None and upload.size > max_bytes:
        raise ImportRefused(
            _("“%(file)s” is %(size)s MB; the limit is %(max)s MB. Split it and try again.")
            % {"file": upload.name, "size": _megabytes(upload.size), "max": _megabytes(max_bytes)}
        )
    data = upload.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise ImportRefused(
            _("“%(file)s” is larger than %(max)s MB. Split it and try again.")
            % {"file": upload.name, "max": _megabytes(max_bytes)}
        )
    return data


def bytes_decode(data: bytes, *, filename: str) -> str:
    """Text from UTF-8 (with or without BOM), UTF-16 with BOM, or Windows-1252 as a fallback.

    Refuses binary data (NUL bytes, control characters) with a message saying how to save the
    file, rather than guessing and importing mojibake.
    """
    not_text = ImportRefused(
        _(
            "“%(file)s” is not a text file we can read. In your spreadsheet choose "
            "“Save as… CSV UTF-8” and upload that file."
        )
        % {"file": filename}
    )
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError:
            raise not_text from None
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            try:
                text = data.decode("cp1252")
            except UnicodeDecodeError:
                raise not_text from None
    if any(ord(char) < 32 and char not in "\t\r\n" for char in text):
        raise not_text
    return text.lstrip("\ufeff")
