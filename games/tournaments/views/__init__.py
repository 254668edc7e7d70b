"""Tournament pages: the teacher's (teacher.py), the students' (student.py), the CSV (export.py)."""
