"""The only code that writes teachers, classes and students. Views call these, nothing else."""
