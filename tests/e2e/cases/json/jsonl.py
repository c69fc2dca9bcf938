# Reads dtrace's -x oformat=json output (JSON Lines) on stdin and prints it
# back for an exact comparison, one document per line. Helper of the json/
# cases, not a case itself.
#
# Every check is strict: the bytes must be UTF-8, each line one JSON object
# (Python's json parser; a blank line or a trailing partial line fails), the
# "timestamp" of each document an integer within a day of now. What varies
# from run to run is then replaced: the timestamp by "TS", "cpu" (but -1) by
# "CPU", the "id" of probes other than dtrace's BEGIN/END/ERROR by "ID".
# Printed in dtrace's key order, compact, with non-ASCII escaped
# (U+FFFD shows as \ufffd) so the expected files stay ASCII.
#
#   python3 jsonl.py [--keep-cpu] < out
import json
import sys
import time

keep_cpu = "--keep-cpu" in sys.argv[1:]
raw = sys.stdin.buffer.read()
try:
    text = raw.decode("utf-8", errors="strict")
except UnicodeDecodeError as e:
    sys.exit(f"jsonl.py: not UTF-8: {e}")
if text and not text.endswith("\n"):
    sys.exit("jsonl.py: the last document has no newline")
now = time.time_ns()
for n, line in enumerate(text.splitlines(), 1):
    try:
        doc = json.loads(line)
    except json.JSONDecodeError as e:
        sys.exit(f"jsonl.py: line {n}: {e}: {line!r}")
    if not isinstance(doc, dict):
        sys.exit(f"jsonl.py: line {n}: not an object")
    ts = doc.get("timestamp")
    if not isinstance(ts, int) or isinstance(ts, bool) or abs(ts - now) > 86400 * 10**9:
        sys.exit(f"jsonl.py: line {n}: timestamp {ts!r} is not the time now in ns")
    doc["timestamp"] = "TS"
    if "cpu" in doc and doc["cpu"] != -1 and not keep_cpu:
        doc["cpu"] = "CPU"
    if "id" in doc and not (doc.get("provider") == "dtrace" and doc.get("module") == ""):
        if doc["id"] != -1:
            doc["id"] = "ID"
    print(json.dumps(doc, ensure_ascii=True, separators=(",", ":")))
