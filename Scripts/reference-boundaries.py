#!/usr/bin/env python3
"""Independent reference for `DayBoundaries`: next local day starts computed with Python's
zoneinfo (the system tz database), by scanning minute by minute for the first instant at which
the local clock reads the day-start time or later.

Writes Tests/WidgetTimelineTests/Fixtures/day-boundaries-reference.json, which the Swift tests
compare against. Run it again after changing the cases below:

    python3 Scripts/reference-boundaries.py
"""
import json
import os
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

# (zone, a local instant to start from) — around DST gaps, repeated hours, skipped days,
# 30-minute shifts, month ends and leap days.
CASES = [
    ("America/Havana", "2026-03-06T12:00:00"),   # midnight skipped 2026-03-08
    ("America/Havana", "2026-10-30T12:00:00"),   # 00:00-01:00 repeated 2026-11-01
    ("America/Santiago", "2026-09-04T12:00:00"), # midnight skipped 2026-09-06
    ("America/Santiago", "2026-04-03T12:00:00"), # 23:00-24:00 repeated 2026-04-04
    ("Australia/Lord_Howe", "2026-04-03T12:00:00"),  # 30-minute fall back
    ("Australia/Lord_Howe", "2026-10-02T12:00:00"),  # 30-minute spring forward at 02:00
    ("Pacific/Apia", "2011-12-28T12:00:00"),     # 2011-12-30 does not exist
    ("Europe/Berlin", "2026-03-27T12:00:00"),    # 23-hour day
    ("Europe/Berlin", "2026-10-23T12:00:00"),    # 25-hour day
    ("America/New_York", "2028-02-27T23:59:59"), # leap day
    ("Asia/Seoul", "2026-12-29T09:00:00"),       # year end, no DST
    ("Asia/Kolkata", "2026-01-29T18:30:00"),     # month end, +05:30
    ("UTC", "2024-02-27T00:00:00"),              # leap day
]
DAY_STARTS = [None, "00:30", "02:30", "04:00"]
COUNT = 8


def first_instant_at_or_after(zone, wall):
    """The least UTC instant (whole minutes) whose local wall-clock time is >= wall."""
    t = (wall - timedelta(hours=26)).replace(tzinfo=timezone.utc)
    end = t + timedelta(hours=52)
    while t < end:
        local = t.astimezone(zone).replace(tzinfo=None)
        if local >= wall:
            return t
        t += timedelta(minutes=1)
    raise RuntimeError("no instant found")


def next_day_start(zone, instant, hour, minute):
    local_date = instant.astimezone(zone).date() - timedelta(days=1)
    while True:
        midnight = datetime(local_date.year, local_date.month, local_date.day)
        # A calendar day the zone skipped entirely (Pacific/Apia 2011-12-30) has no start.
        exists = first_instant_at_or_after(zone, midnight).astimezone(zone).date() == local_date
        wall = datetime(local_date.year, local_date.month, local_date.day, hour, minute)
        start = first_instant_at_or_after(zone, wall)
        if exists and start > instant:
            return start
        local_date += timedelta(days=1)


def iso(instant, zone):
    local = instant.astimezone(zone)
    offset = local.utcoffset()
    total = int(offset.total_seconds())
    if total == 0:
        suffix = "Z"
    else:
        sign = "-" if total < 0 else "+"
        total = abs(total)
        suffix = f"{sign}{total // 3600:02d}:{total // 60 % 60:02d}"
    return local.strftime("%Y-%m-%dT%H:%M:%S") + suffix


def main():
    results = []
    for zone_name, start in CASES:
        zone = ZoneInfo(zone_name)
        start_instant = datetime.fromisoformat(start).replace(tzinfo=zone).astimezone(timezone.utc)
        for day_start in DAY_STARTS:
            hour, minute = (0, 0) if day_start is None else map(int, day_start.split(":"))
            cursor = start_instant
            starts = []
            for _ in range(COUNT):
                cursor = next_day_start(zone, cursor, hour, minute)
                starts.append(iso(cursor, zone))
            results.append({
                "timeZone": zone_name,
                "from": iso(start_instant, zone),
                "dayStart": day_start,
                "starts": starts,
            })
    path = os.path.join(os.path.dirname(__file__), "..", "Tests", "WidgetTimelineTests", "Fixtures",
                        "day-boundaries-reference.json")
    with open(path, "w") as out:
        json.dump({"generator": "Scripts/reference-boundaries.py (Python zoneinfo)", "cases": results},
                  out, indent=2)
        out.write("\n")
    print(f"wrote {len(results)} cases to {os.path.normpath(path)}")


if __name__ == "__main__":
    main()
