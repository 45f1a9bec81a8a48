# The independent reader of iCalendar files the tests check Upshift against: Python's icalendar
# parser and recurring_ical_events (RRULE, RDATE, EXDATE, RECURRENCE-ID), as Debian packages them.
# Usage: ics_oracle.py FILE FROM UNTIL ZONE
# Cancelled events (STATUS:CANCELLED) are left out.
# Prints every instance overlapping [FROM, UNTIL) (RFC 3339 in UTC), one a line, sorted:
#   START<TAB>END<TAB>SUMMARY<TAB>UID<TAB>SEQUENCE
# with START and END in UTC; dates and floating times are read on ZONE's clock.
import datetime
import sys

import icalendar
import pytz
import recurring_ical_events

path, since, until, zone = sys.argv[1:5]
tz = pytz.timezone(zone)


def instant(value):
    if isinstance(value, datetime.datetime):
        if value.tzinfo is None:
            value = tz.localize(value)
        return value.astimezone(pytz.utc)
    return tz.localize(datetime.datetime(value.year, value.month, value.day)).astimezone(pytz.utc)


def parse(text):
    return datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=pytz.utc)


low, high = parse(since), parse(until)
with open(path, "rb") as f:
    calendar = icalendar.Calendar.from_ical(f.read())
margin = datetime.timedelta(days=3)
found = []
for event in recurring_ical_events.of(calendar).between(low.replace(tzinfo=None) - margin,
                                                         high.replace(tzinfo=None) + margin):
    if str(event.get("STATUS", "")).upper() == "CANCELLED":
        continue
    start = instant(event["DTSTART"].dt)
    if "DTEND" in event:
        end = instant(event["DTEND"].dt)
    elif not isinstance(event["DTSTART"].dt, datetime.datetime):
        end = instant(event["DTSTART"].dt + datetime.timedelta(days=1))  # RFC 5545: an all-day event lasts a day
    else:
        end = start
    if start < high and end > low:
        found.append((start, end, str(event.get("SUMMARY", "")), str(event.get("UID", "")),
                      str(event.get("SEQUENCE", ""))))
for start, end, summary, uid, sequence in sorted(found):
    print("%s\t%s\t%s\t%s\t%s" % (start.strftime("%Y-%m-%dT%H:%M:%SZ"), end.strftime("%Y-%m-%dT%H:%M:%SZ"),
                                  summary.replace("\t", " ").replace("\n", " "), uid, sequence))
