#!/usr/bin/env python3
"""Recompute the simulator's metrics from a trace, from docs/simulator.md alone.

Usage: check-trace.py TRACE.json REPORT.json

TRACE is what `widget-timeline simulate SCENARIO --trace TRACE` wrote and REPORT
what `--format json` printed for the same run. Every per-widget metric, each
strategy's push counts, each control's metrics and the "all widgets" totals are
recomputed from the trace by the definitions in docs/simulator.md ("Metrics",
"The trace", "Push, taps and controls"), and compared with the report's numbers
and with the trace's own `metrics` members. Every disagreement is printed as
`strategy  widget  metric: recomputed X, report Y`; the exit status is 1 if there
is any, 0 if none, and 2 with an `error: ...` line for input it cannot read.

A second implementation on purpose: it reads nothing of the simulator's code,
only its documentation, so a metric the documentation does not define is found.
Standard library only.
"""

import json
import math
import re
import sys

INSTANT = re.compile(r"^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?Z$")


class InputError(Exception):
    pass


def days_from_civil(y, m, d):
    # Days since 1970-01-01 in the proleptic Gregorian calendar; works for year 0.
    y -= m <= 2
    era = (y if y >= 0 else y - 399) // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def ms(text):
    """An RFC 3339 UTC instant ("...Z", to the millisecond) as whole milliseconds."""
    if not isinstance(text, str):
        raise InputError(f"expected an instant, found {json.dumps(text)}")
    m = INSTANT.match(text)
    if not m:
        raise InputError(f"not an RFC 3339 UTC instant: {text!r}")
    y, mo, d, h, mi, s = (int(g) for g in m.groups()[:6])
    frac = (m.group(7) or "").ljust(3, "0")
    return (((days_from_civil(y, mo, d) * 24 + h) * 60 + mi) * 60 + s) * 1000 + int(frac)


def canon(value):
    """Two values are the same when their content is the same JSON."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def minutes(total_ms):
    # Reported in minutes to two decimals; exact arithmetic, a half rounded up (215.035 -> 215.04).
    return (2 * total_ms + 600) // 1200 / 100


def seconds(total_ms):
    # Delays in seconds to one decimal, the same way.
    return (2 * total_ms + 100) // 200 / 10


def overlap(a0, a1, b0, b1):
    return max(0, min(a1, b1) - max(a0, b0))


def nearest_rank(sorted_values, p):
    if not sorted_values:
        return None
    rank = max(1, math.ceil(p / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


def widget_metrics(w, end):
    data = w["data"]
    data_at = [ms(d["at"]) for d in data]
    screens = [dict(s, _s=ms(s["start"]), _e=ms(s["end"])) for s in w["screens"]]
    truth = [dict(t, _s=ms(t["start"]), _e=ms(t["end"])) for t in w["truth"]]
    out = {}

    # Stale shown as fresh: a `fresh` screen (naive halves show every value as fresh) while its
    # data was older than the data's stale threshold, age counted from the screen's observedAt.
    stale_ms = 0
    for s in screens:
        if s["display"] != "fresh" or s["content"] is None or s["data"] is None:
            continue
        stale_from = ms(s["observedAt"]) + round(data[s["data"]]["staleAfterSeconds"] * 1000)
        stale_ms += overlap(s["_s"], s["_e"], stale_from, s["_e"])
    out["staleShownAsFreshMinutes"] = minutes(stale_ms)

    # Wrong value and early event: screens against the truth, stretch by stretch.
    wrong_ms = 0
    early_ms = 0
    for s in screens:
        if s["content"] is None:
            continue
        shown = canon(s["content"])
        covered = 0
        for i, t in enumerate(truth):
            o = overlap(s["_s"], s["_e"], t["_s"], t["_e"])
            if o == 0:
                continue
            covered += o
            if canon(t["content"]) == shown:
                continue
            wrong_ms += o
            if s["data"] is None or s["data"] != t["data"]:
                continue
            # Early: the same data makes the shown value true only later, at an event,
            # and did not make it true earlier.
            same = [k for k, u in enumerate(truth) if u["data"] == t["data"]]
            earlier = any(canon(truth[k]["content"]) == shown for k in same if k < i)
            later = [k for k in same if k > i and canon(truth[k]["content"]) == shown]
            if earlier or not later:
                continue
            k = later[0]
            # The change point at which it becomes true: the first stretch of the run of
            # equal stretches ending at k whose boundary is a real change (not a zone split).
            j = k
            while j - 1 > i and truth[j]["boundary"] == "zone" and \
                    canon(truth[j - 1]["content"]) == shown:
                j -= 1
            if truth[j]["boundary"] == "event":
                early_ms += o
        # A value shown where the truth has none yet (before the first data change).
        wrong_ms += (s["_e"] - s["_s"]) - covered
    out["wrongValueMinutes"] = minutes(wrong_ms)
    out["earlyEventMinutes"] = minutes(early_ms)

    out["noValueMinutes"] = minutes(sum(
        s["_e"] - s["_s"] for s in screens if s["display"] in ("noData", "unavailable")))

    # Change -> screen: for each data change, the first screen whose data is it or a later one.
    delays = []
    never = 0
    for i, at in enumerate(data_at):
        first = None
        for s in screens:
            if s["data"] is not None and s["data"] >= i and s["_e"] > at:
                first = max(s["_s"], at)
                break
        if first is None or first >= end:
            never += 1
        else:
            delays.append(first - at)
    delays.sort()
    c2d = {"delivered": len(delays), "undelivered": never}
    if delays:
        c2d["medianSeconds"] = seconds(nearest_rank(delays, 50))
        c2d["p95Seconds"] = seconds(nearest_rank(delays, 95))
        c2d["maxSeconds"] = seconds(delays[-1])
    out["commitToDisplay"] = c2d
    out["_maxDelayMs"] = delays[-1] if delays else None

    runs = w["runs"]
    out["providerRuns"] = sum(r["calls"] for r in runs)
    out["budgetUsed"] = sum(1 for r in runs if r["charged"])
    out["budgetRefused"] = len(w["refusals"])
    out["reloadsRequested"] = len(w["reloadRequests"])
    out["backendRequests"] = len(w["fetches"])
    out["watchdogKills"] = sum(1 for r in runs if r["outcome"] == "killed")
    out["discardedTimelines"] = sum(1 for r in runs if r["outcome"] == "discarded")
    out["pushReloads"] = sum(1 for r in runs if r["cause"] == "push")
    out["taps"] = len(w["taps"])
    out["intentReloads"] = sum(1 for r in runs if r["cause"] == "intent")
    return out


def control_metrics(c, widget, start, end):
    data_at = [ms(d["at"]) for d in widget["data"]]
    reloads = sorted(((ms(r["at"]), r["data"]) for r in c["reloads"]), key=lambda x: x[0])
    # Piecewise: what the control shows (nothing before its first reload), and the widget's
    # newest data change; behind while it shows older data, or nothing while there is data.
    points = sorted({start, end} | {a for a, _ in reloads if start < a < end}
                    | {a for a in data_at if start < a < end})
    behind = 0
    for a, b in zip(points, points[1:]):
        shown = None
        for at, d in reloads:
            if at <= a:
                shown = d
        newest = None
        for k, at in enumerate(data_at):
            if at <= a:
                newest = k
        if newest is None:
            continue
        if shown is None or data_at[shown] < data_at[newest]:
            behind += b - a
    return {
        "behindMinutes": minutes(behind),
        "reloads": len(c["reloads"]),
        "reloadsRequested": len(c["reloadRequests"]),
        "interactions": len(c["interactions"]),
    }


def push_counts(pushes):
    out = {"sent": len(pushes), "delivered": 0, "dropped": 0, "coalesced": 0}
    for p in pushes:
        if p["outcome"] in out:
            out[p["outcome"]] += 1
    return out


def flatten(prefix, value):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from flatten(f"{prefix}.{k}" if prefix else k, v)
    else:
        yield prefix, value


def compare(problems, strategy, subject, ours, theirs, source):
    ours_flat = dict(flatten("", {k: v for k, v in ours.items() if not k.startswith("_")}))
    theirs_flat = dict(flatten("", theirs)) if isinstance(theirs, dict) else {}
    for key in sorted(set(ours_flat) | set(theirs_flat)):
        a = ours_flat.get(key, "absent")
        b = theirs_flat.get(key, "absent")
        if a != b:
            problems.append(f"{strategy}\t{subject}\t{key}: recomputed {a}, {source} {b}")


def load(path, what):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        raise InputError(f"cannot read {what} {path!r}: {e.strerror}")
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise InputError(f"{what} {path!r} is not JSON: {e}")


def check(trace, report):
    if not isinstance(trace, dict) or trace.get("format") != "widget-timeline-trace":
        raise InputError("the trace is not a widget-timeline-trace document")
    if trace.get("version") != 3:
        raise InputError(f"trace version {trace.get('version')} (this script reads version 3)")
    if not isinstance(report, dict) or not isinstance(report.get("strategies"), list):
        raise InputError("the report is not simulate's JSON (no strategies)")
    start = ms(trace["scenario"]["start"])
    end = ms(trace["scenario"]["end"])
    problems = []
    reported = {s["strategy"]: s for s in report["strategies"]}
    traced = [s["strategy"] for s in trace["strategies"]]
    if sorted(traced) != sorted(reported):
        problems.append(f"-\t-\tstrategies: trace {traced}, report {sorted(reported)}")
    checked = 0
    for st in trace["strategies"]:
        name = st["strategy"]
        rep = reported.get(name, {})
        rep_widgets = {w["widget"]: w for w in rep.get("widgets", [])}
        totals = {}
        max_delay = None
        by_id = {}
        for w in st["widgets"]:
            by_id[w["widget"]] = w
            ours = widget_metrics(w, end)
            checked += 1
            compare(problems, name, w["widget"], ours, rep_widgets.get(w["widget"], {}).get("metrics"),
                    "report")
            compare(problems, name, w["widget"], ours, w.get("metrics"), "trace metrics")
            for k, v in ours.items():
                if k.startswith("_"):
                    continue
                if k == "commitToDisplay":
                    t = totals.setdefault(k, {"delivered": 0, "undelivered": 0})
                    t["delivered"] += v["delivered"]
                    t["undelivered"] += v["undelivered"]
                elif k.endswith("Minutes"):
                    totals[k] = totals.get(k, 0) + round(v * 100)
                else:
                    totals[k] = totals.get(k, 0) + v
            if ours["_maxDelayMs"] is not None:
                max_delay = max(max_delay or 0, ours["_maxDelayMs"])
        for k in list(totals):
            if k.endswith("Minutes"):
                totals[k] = round(totals[k] / 100, 2)
        if "commitToDisplay" in totals and max_delay is not None:
            totals["commitToDisplay"]["maxSeconds"] = seconds(max_delay)
        compare(problems, name, "all widgets", totals, rep.get("totals"), "report")

        pushes = push_counts(st.get("pushes", []))
        if "push" in rep:
            compare(problems, name, "push", pushes, rep["push"], "report")
        elif pushes["sent"]:
            problems.append(f"{name}\tpush\tsent: recomputed {pushes['sent']}, report absent")
        if "push" in st:
            compare(problems, name, "push", pushes, st["push"], "trace push")

        rep_controls = {c["control"]: c for c in rep.get("controls", [])}
        for c in st.get("controls", []):
            widget = by_id.get(c["widget"])
            if widget is None:
                problems.append(f"{name}\t{c['control']}\twidget: {c['widget']!r} not in the trace")
                continue
            ours = control_metrics(c, widget, start, end)
            compare(problems, name, c["control"], ours,
                    rep_controls.get(c["control"], {}).get("metrics"), "report")
            compare(problems, name, c["control"], ours, c.get("metrics"), "trace metrics")
    return problems, checked


def main(argv):
    if len(argv) != 3:
        print("usage: check-trace.py TRACE.json REPORT.json", file=sys.stderr)
        return 2
    try:
        trace = load(argv[1], "trace")
        report = load(argv[2], "report")
        problems, checked = check(trace, report)
    except InputError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyError as e:
        print(f"error: the trace or report is not the documented shape: missing member {e}",
              file=sys.stderr)
        return 2
    except (TypeError, IndexError, AttributeError, ValueError) as e:
        print(f"error: the trace or report is not the documented shape: {type(e).__name__}: {e}",
              file=sys.stderr)
        return 2
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} disagreement(s) over {checked} widget(s)", file=sys.stderr)
        return 1
    print(f"ok: {checked} widget(s) agree", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
