"""Reading student lists: pasted names, plain CSV files and OneRoster 1.1 exports.

Parsers turn untrusted bytes into `RawRow`s (line number, name, school id, and where sign-in
with a school account is on, the school e-mail or user name) or refuse with an
`ImportRefused` whose message a teacher can act on. `preview.preview_build` then checks every
row against the class and returns an `ImportPreview`; nothing is written until the teacher
confirms and `students_create` runs in one transaction.
"""
