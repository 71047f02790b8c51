"""What every browser script reports: one line per check ("ok: …" or "FAILED: …"), and an exit
status of 1 when any failed."""
import sys

failures = []


def check(condition, what):
    print(("ok: " if condition else "FAILED: ") + what)
    if not condition:
        failures.append(what)


def finish():
    sys.exit(1 if failures else 0)
