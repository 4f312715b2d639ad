#!/usr/bin/env python3
"""An independent reference for the package's canonical JSON: reads one JSON document per line on
standard input and prints, per line, the SHA-256 (hex) of its canonical form.

The form is RFC 8785 with exact numbers: no whitespace, members sorted by UTF-16 code units,
strings with minimal escaping, and each number's exact decimal digits laid out as ECMAScript's
Number.prototype.toString lays out a double's shortest digits. Written from those rules alone,
with Python's own JSON reader (numbers read as exact integers and Decimals), to check the Swift
implementation against something that shares none of its code.
"""
import hashlib
import json
import sys
from decimal import Decimal


def number(value):
    if isinstance(value, bool):
        raise TypeError("not a number")
    if isinstance(value, int):
        negative, digits, point = value < 0, str(abs(value)), len(str(abs(value)))
    else:
        sign, digit_tuple, exponent = value.as_tuple()
        digits = "".join(map(str, digit_tuple))
        negative, point = bool(sign), len(digits) + exponent
    stripped = digits.lstrip("0")
    point -= len(digits) - len(stripped)
    digits = stripped.rstrip("0")
    if not digits:
        return "0"
    k, n = len(digits), point
    if k <= n <= 21:
        body = digits + "0" * (n - k)
    elif 0 < n <= 21:
        body = digits[:n] + "." + digits[n:]
    elif -6 < n <= 0:
        body = "0." + "0" * (-n) + digits
    else:
        mantissa = digits[0] + ("." + digits[1:] if k > 1 else "")
        power = n - 1
        body = mantissa + "e" + ("-" if power < 0 else "+") + str(abs(power))
    return ("-" if negative else "") + body


def string(text):
    out = ['"']
    for ch in text:
        code = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch in "\b\f\n\r\t":
            out.append({"\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}[ch])
        elif code < 0x20:
            out.append("\\u%04x" % code)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def canonical(value):
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (int, Decimal)):
        return number(value)
    if isinstance(value, str):
        return string(value)
    if isinstance(value, list):
        return "[" + ",".join(canonical(v) for v in value) + "]"
    keys = sorted(value, key=lambda k: k.encode("utf-16-be"))
    return "{" + ",".join(string(k) + ":" + canonical(value[k]) for k in keys) + "}"


for line in sys.stdin:
    document = json.loads(line, parse_float=Decimal, parse_int=int)
    print(hashlib.sha256(canonical(document).encode("utf-8")).hexdigest(), flush=True)
