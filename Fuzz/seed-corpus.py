#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora (Fuzz/corpus/<target>/) from the project's own fixtures,
and their dictionaries (Fuzz/dictionaries/<target>.dict): the tokens of each format, which
libFuzzer splices into inputs so it does not have to guess them byte by byte.

Seeds are where libFuzzer starts: valid inputs of each format, taken from Examples/, the CLI's
golden files and test fixtures, plus a few damaged ones. Everything the fuzzer finds later stays
in .build/fuzz/corpus/ and is never committed; re-run this script after a format changes:

    python3 Fuzz/seed-corpus.py
"""
import hashlib
import json
import pathlib
import shutil

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT / "Fuzz" / "corpus"
DICTIONARIES = ROOT / "Fuzz" / "dictionaries"
GOLDENS = ROOT / "Tests" / "WidgetTimelineCLITests" / "Snapshots"
FIXTURES = [ROOT / "Tests" / "WidgetTimelineCLITests" / "Fixtures", ROOT / "Tests" / "WidgetTimelineTests" / "Fixtures"]


def compact(value):
    """JSON as JSONCoding writes it: sorted keys, no spaces, slashes unescaped."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def record(envelope: bytes) -> bytes:
    digest = hashlib.sha256(envelope).hexdigest()
    return f"widget-timeline-snapshot/1 length={len(envelope)} sha256={digest}\n".encode() + envelope


def envelope(kind, key, payload, revision=18, schema=1, observed=None):
    value = {
        "schemaVersion": schema, "kind": kind, "key": key, "revision": revision,
        "generatedAt": "2026-11-29T09:00:00+09:00",
        "fingerprint": hashlib.sha256(compact(payload)).hexdigest(), "payload": payload,
    }
    if observed:
        value["observedAt"] = observed
    return value


PAYLOADS = {
    "schedule": json.loads((ROOT / "Examples/snapshots/schedule.json").read_text())["payload"],
    "task-count": {"count": 12},
    "parking": {
        "parkID": "sample-park", "parkName": "Riverside", "staleAfterSeconds": 300,
        "directionsURL": "https://maps.example.com/?q=Riverside",
        "lots": [{"name": "Lot 1", "free": 42, "total": 120}, {"name": "Lot 2", "free": 0, "total": 80}],
    },
    "park-conditions": {
        "parkID": "sample-park", "parkName": "Riverside", "congestion": "moderate",
        "weather": {"condition": "clear", "temperatureCelsius": 21.5}, "fineDust": "very-bad",
        "signals": ["event", "parking-full"],
        "forecast": [
            {"at": "2026-11-29T14:00:00+09:00", "congestion": "busy"},
            {"at": "2026-11-29T17:00:00+09:00", "congestion": "quiet"},
        ],
    },
}

ENVELOPES = {kind: envelope(kind, kind, payload, observed="2026-11-29T08:58:10+09:00" if kind == "task-count" else None)
             for kind, payload in PAYLOADS.items()}


def write(target, name, data):
    directory = CORPUS / target
    directory.mkdir(parents=True, exist_ok=True)
    (directory / name).write_bytes(data if isinstance(data, bytes) else data.encode())


def main():
    if CORPUS.exists():
        shutil.rmtree(CORPUS)

    # snapshot-record: first byte 0 = a whole record, 1 = an envelope the target frames.
    for kind, value in ENVELOPES.items():
        fuzz = dict(value, key="fuzz", revision=2)
        body = compact(fuzz)
        write("snapshot-record", f"{kind}-framed", b"\x01" + body)
        write("snapshot-record", f"{kind}-record", b"\x00" + record(body))
    body = compact(dict(ENVELOPES["task-count"], key="fuzz", revision=2))
    write("snapshot-record", "truncated", b"\x00" + record(body)[:-5])
    write("snapshot-record", "newer-schema", b"\x00" + record(compact(dict(ENVELOPES["task-count"], key="fuzz", revision=2, schemaVersion=2))))
    write("snapshot-record", "wrong-key", b"\x00" + record(compact(dict(ENVELOPES["task-count"], key="other", revision=2))))
    write("snapshot-record", "bad-digest", b"\x00" + record(body).replace(b"sha256=", b"sha256=0", 1)[:-1])
    write("snapshot-record", "store-read-golden", b"\x01" + (GOLDENS / "store-read.json").read_bytes().strip())

    # widget-snapshots: envelopes (as `build` reads them) and bare payloads (`store write --widget`).
    for path in sorted((ROOT / "Examples/snapshots").glob("*.json")):
        write("widget-snapshots", f"example-{path.stem}", path.read_bytes())
    for kind, value in ENVELOPES.items():
        write("widget-snapshots", f"{kind}-envelope", json.dumps(value, indent=2))
        write("widget-snapshots", f"{kind}-payload", compact(PAYLOADS[kind]))
    write("widget-snapshots", "expired-parking", compact(dict(ENVELOPES["parking"], generatedAt="2026-11-28T09:00:00Z")))

    # timeline-lint: what `build --format json` prints, the bad-timeline fixture, every policy.
    for path in sorted(GOLDENS.glob("build-*.json")) + [FIXTURES[0] / "bad-timeline.json"]:
        write("timeline-lint", path.stem, path.read_bytes())
    entry = {"date": "2026-11-29T09:00:00+09:00", "relevance": {"score": 0.5, "duration": 600},
             "state": {"display": "unavailable", "reason": "source-failed"}}
    for policy in [{"type": "atEnd"}, {"type": "never"}, {"type": "after", "date": "2026-11-29T09:01:00Z"}]:
        write("timeline-lint", f"policy-{policy['type']}", compact({"entries": [entry], "policy": policy}))
    write("timeline-lint", "empty", compact({"entries": [], "policy": {"type": "atEnd"}}))

    # diagnostics-log: lines as FileDiagnosticLog writes them, a whole pipeline, a torn last line.
    lines = [
        {"at": "2026-11-29T00:00:00Z", "key": "task-count", "kind": "task-count", "revision": 1, "schemaVersion": 1, "side": "host", "stage": "snapshot_commit"},
        {"at": "2026-11-29T00:00:00.010Z", "key": "task-count", "kind": "task-count", "reason": "commit", "reloadsInDay": 1, "side": "host", "stage": "reload_request"},
        {"at": "2026-11-29T00:00:05Z", "key": "task-count", "kind": "task-count", "side": "extension", "stage": "provider_run"},
        {"at": "2026-11-29T00:00:05.100Z", "ageSeconds": 5, "freshness": "fresh", "key": "task-count", "kind": "task-count", "reason": "found", "revision": 1, "schemaVersion": 1, "side": "extension", "stage": "snapshot_read"},
        {"at": "2026-11-29T00:00:05.200Z", "entryCount": 3, "freshness": "fresh", "key": "task-count", "kind": "task-count", "policy": "after+1800s", "side": "extension", "stage": "timeline_build"},
        {"at": "2026-11-29T00:01:00Z", "key": "parking.sample-park.compact", "kind": "parking", "reason": "not-installed", "side": "host", "stage": "reload_request"},
        {"at": "2026-11-29T00:02:00Z", "key": "parking.sample-park.compact", "kind": "parking", "reason": "io", "side": "host", "stage": "error"},
        {"at": "2026-11-29T00:03:00Z", "key": "task-count", "kind": "task-count", "revision": 1, "side": "host", "stage": "dedupe_skip"},
    ]
    text = "".join(compact(line).decode() + "\n" for line in lines)
    write("diagnostics-log", "pipeline", text)
    write("diagnostics-log", "torn", text + compact(lines[0]).decode()[:40])
    write("diagnostics-log", "zero-filled", text[:200] + "\0" * 64 + "\n" + text[200:])
    write("diagnostics-log", "foreign-line", '{"at":"2026-11-29T00:00:00Z","side":"robot","stage":"dance"}\nnot json\n\n' + text)

    # json-parser: every JSON file of the project, and the edges of the grammar.
    sources = list((ROOT / "Examples").rglob("*.json")) + list(GOLDENS.glob("*.json"))
    for directory in FIXTURES:
        sources += [path for path in directory.glob("*.json") if path.stat().st_size <= 16384]
    for path in sorted(sources):
        write("json-parser", f"{path.parent.name}-{path.name}", path.read_bytes())
    for index, text in enumerate([
        '[1.5e-3, -0, 0.0, 1E+2, 9223372036854775807, -9223372036854775808, 18446744073709551616]',
        '{"a":"\\u00e9\\ud83d\\ude00\\n\\t\\"\\\\\\/","b":[true,false,null],"":{}}',
        '"\u00e9\U0001F600"', '\ufeff{"bom": 1}', '[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]', ' \r\n\t{} ',
    ]):
        write("json-parser", f"edge-{index}", text)

    # instant: every instant form the package writes, and the edges of the grammar.
    instants = (GOLDENS / "boundaries-havana.txt").read_text().split()
    instants += ["2026-11-29T09:00:00.123+09:00", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999-23:59",
                 "2024-02-29t12:00:00z", "2026-03-08T01:30:00.123456789-05:00", "2026-11-29T09:00:00+05:45"]
    for index, text in enumerate(instants):
        write("instant", f"instant-{index}", text)

    # scenario: the example scenarios (the simulator's own fixtures), and a small one per widget.
    for path in sorted((ROOT / "Examples" / "scenarios").glob("*.json")):
        write("scenario", path.stem, path.read_bytes())
    for kind, payload in PAYLOADS.items():
        write("scenario", f"small-{kind}", compact({
            "name": kind, "start": "2026-11-29T00:00:00Z", "duration": "6h", "timeZone": "Asia/Seoul",
            "app": {"foreground": [{"from": "2026-11-29T01:00:00Z", "to": "2026-11-29T01:05:00Z"}],
                    "emissionsPerChange": 2},
            "widgets": [{"id": kind, "kind": kind,
                         "commits": [{"at": "2026-11-29T00:10:00Z", "payload": payload}],
                         "randomCommits": {"meanInterval": "45m", "payloads": [payload, payload]},
                         "visibility": {"glances": [{"at": "2026-11-29T02:00:00Z", "duration": "30s"}]}}],
            "events": [{"at": "2026-11-29T03:00:00Z", "type": "locale-change"}],
        }))

    # snapshot-key: keys from the docs and tests; scopes after NUL bytes.
    for index, text in enumerate(["task-count", "parking.yeouido.compact", "park.sample-park.general",
                                  "parking\0Yeouido Park\0compact", "../etc", ".hidden", "a" * 64 + "." + "b" * 64,
                                  "schedule\0\u00c9cole\0\u2603"]):
        write("snapshot-key", f"key-{index}", text)

    # day-start: `--day-start` values.
    for index, text in enumerate(["00:00", "04:00", "23:59", "12:30", "24:00"]):
        write("day-start", f"day-start-{index}", text)

    # cli-arguments: command lines from the docs and the bad-input tests, NUL-separated.
    build = ["build", "--widget", "task-count", "--snapshot", "-", "--now", "2026-11-29T09:00:00+09:00", "--time-zone", "Asia/Seoul"]
    lines = [
        build, build + ["--format=json"], ["lint", "-"], ["lint", "-", "--now", "2026-11-29T09:00:00+09:00", "--format", "json"],
        ["boundaries", "--time-zone", "America/Havana", "--from", "2026-03-07T12:00:00-05:00", "--count", "3"],
        ["boundaries", "--time-zone=Australia/Lord_Howe", "--from=2026-04-04T00:00:00Z", "--day-start", "04:30"],
        ["help"], ["help", "store", "write"], ["store", "--help"], ["--version"], ["store", "read", "--dir", "x", "--key", "task-count"],
        ["diagnose", "--dir", "x", "--events", "--key", "task-count"], ["frobnicate"], build + ["--", "-x"],
        ["store", "write", "--dir", "x", "--key", "a", "--widget", "parking", "--payload", "-", "--expect", "0", "--observed-at", "2026-11-29T09:00:00Z"],
    ]
    for index, arguments in enumerate(lines):
        write("cli-arguments", f"command-{index}", "\0".join(arguments))

    write_dictionaries()


# Tokens are the bytes wanted (str is UTF-8); the writer escapes them for libFuzzer's format.
JSON_TOKENS = ["{", "}", "[", "]", ":", ",", '"', "true", "false", "null", "-", "0", "1.5", "-0.0", "1e400",
               "1E-400", "1e300", "9223372036854775807", "-9223372036854775808", "9223372036854775808", r"\u0000", r"\ud83d\ude00", r"\ud800", r"\"", r"\n",
               "\ufeff", "\u00e9", "\U0001F600", b"\xed\xa0\x80", b"\xff", b"\x00", b"\xfe\xff"]
INSTANT_TOKENS = ["2026-11-29T09:00:00Z", "2026-11-29T09:00:00+09:00", "T", "Z", "z", "+09:00", "-04:00",
                  "+23:59", ".123", ".123456789", "0000-01-01", "9999-12-31", "2024-02-29", "2026-02-29", "23:59:59",
                  "24:00:00"]
ENVELOPE_FIELDS = ["schemaVersion", "kind", "key", "revision", "generatedAt", "observedAt", "fingerprint",
                   "payload"]
PAYLOAD_FIELDS = ["pending", "completedToday", "count", "parkID", "parkName", "lots", "name", "free", "total",
                  "staleAfterSeconds", "directionsURL", "congestion", "weather", "condition",
                  "temperatureCelsius", "fineDust", "signals", "forecast", "at", "quiet", "moderate", "busy",
                  "crowded", "good", "bad", "very-bad", "schedule", "task-count", "parking", "park-conditions",
                  "https://maps.example.com/?q=a b"]
TIMELINE_FIELDS = ["entries", "date", "state", "relevance", "score", "duration", "policy", "type", "atEnd", "after",
                   "never", "display", "noData", "unavailable", "fresh", "stale", "expired", "reason", "content",
                   "revision", "observedAt"]
EVENT_FIELDS = ["at", "side", "stage", "key", "kind", "revision", "schemaVersion", "ageSeconds", "freshness",
                "entryCount", "policy", "reason", "reloadsInDay", "host", "extension", "snapshot_commit",
                "dedupe_skip", "reload_request", "provider_run", "snapshot_read", "timeline_build", "error",
                "not-installed", "after+1800s", "*", r"\n", r"\u001b[2J"]
KEY_TOKENS = [".", "..", "/", "-", "_", "a", "z", "0", "9", "A", b"\x00", " ", "\u00c9", "parking", "compact"]
CLI_TOKENS = ["build", "lint", "boundaries", "store", "write", "read", "list", "diagnose", "help", "--help", "-h",
              "--version", "--widget", "--snapshot", "--now", "--time-zone", "--format", "--from", "--count",
              "--day-start", "--dir", "--key", "--payload", "--expect", "--observed-at", "--events", "=", "-", "--",
              "json", "text", "task-count", "schedule", "parking", "park-conditions", "UTC", "America/Havana",
              "Australia/Lord_Howe", "Etc/GMT+14", "../../etc/passwd", "10000", "9223372036854775808", "04:00",
              "2026-11-29T09:00:00+09:00", b"\x00", b"\n", b"\x1b[2J"]


def write_dictionaries():
    def escape(token):
        data = token if isinstance(token, bytes) else token.encode()
        out = ""
        for byte in data:
            if byte in (0x22, 0x5C):
                out += "\\" + chr(byte)
            elif 0x20 <= byte < 0x7F:
                out += chr(byte)
            else:
                out += f"\\x{byte:02X}"
        return '"' + out + '"'

    def dictionary(target, tokens):
        DICTIONARIES.mkdir(parents=True, exist_ok=True)
        lines = [f"# {target}: tokens libFuzzer splices into inputs. Written by Fuzz/seed-corpus.py."]
        lines += list(dict.fromkeys(escape(token) for token in tokens))
        (DICTIONARIES / f"{target}.dict").write_text("\n".join(lines) + "\n")

    quoted = lambda names: [f'"{name}"' for name in names]
    record = ["widget-timeline-snapshot/1", " length=", " sha256=", b"\n", '"key":"fuzz"', '"revision":2',
              '"schemaVersion":2']
    dictionary("snapshot-record", record + JSON_TOKENS + INSTANT_TOKENS + quoted(ENVELOPE_FIELDS + PAYLOAD_FIELDS))
    dictionary("widget-snapshots", JSON_TOKENS + INSTANT_TOKENS + quoted(ENVELOPE_FIELDS + PAYLOAD_FIELDS))
    dictionary("timeline-lint", JSON_TOKENS + INSTANT_TOKENS + quoted(TIMELINE_FIELDS))
    dictionary("diagnostics-log", JSON_TOKENS + INSTANT_TOKENS + quoted(EVENT_FIELDS) + [b"\n"])
    dictionary("json-parser", JSON_TOKENS)
    dictionary("instant", INSTANT_TOKENS + ["0", "9", "-", ":", "."])
    dictionary("snapshot-key", KEY_TOKENS)
    dictionary("day-start", ["00", "23", "24", "59", "60", ":", "0", "\u0664"])
    dictionary("cli-arguments", CLI_TOKENS + ["simulate", "demo", "--strategy", "--seed", "--report", "--devices",
                                              "library", "after-15m", "1000000"])
    dictionary("scenario", JSON_TOKENS + INSTANT_TOKENS + quoted(PAYLOAD_FIELDS + [
        "name", "summary", "start", "duration", "timeZone", "timeZoneChanges", "seed", "system", "app", "foreground",
        "emissionsPerChange", "saveDuration", "widgets", "id", "commits", "randomCommits", "from", "to",
        "meanInterval", "payloads", "source", "latency", "updates", "randomUpdates", "outages", "mode", "fails",
        "hangs", "visibility", "glances", "events", "type", "preset", "1s", "90s", "15m", "1h30m", "2d", "3660d",
        "1e300", "America/Havana"]))


if __name__ == "__main__":
    main()
