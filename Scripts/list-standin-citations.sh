#!/usr/bin/env bash
# Lists every public declaration of the WidgetKit stand-in with the Apple documentation page it was
# copied from, one per line:
#
#   Sources/WidgetKitStandIn/WidgetKit/Timeline.swift:24<TAB>public init(entries: …)<TAB>https://developer.apple.com/…
#
# and fails (exit 1) naming each declaration whose doc comment has no `/// Apple: <url>` line.
#
# A declaration needs a citation when it is public: marked `public`, a requirement of a public
# protocol, a case of a public enum, or a conformance (`extension Type: Protocol`). Internal helpers
# (marked "Stand-in detail") need none; they are not API.
#
# Usage: Scripts/list-standin-citations.sh [DIRECTORY]   (default: Sources/WidgetKitStandIn)
set -euo pipefail
cd "$(dirname "$0")/.."
directory="${1:-Sources/WidgetKitStandIn}"

files=$(find "$directory" -name '*.swift' | LC_ALL=C sort)
if [ -z "$files" ]; then
    echo "error: no Swift files in $directory" >&2
    exit 1
fi

# shellcheck disable=SC2086
awk '
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
function reset_doc() { citation = ""; has_doc = 0 }
# The declaration keyword of a line, or "" when the line declares nothing.
function keyword(s,    t, n, i, words) {
    t = s
    gsub(/@[A-Za-z_]+(\([^)]*\))?/, " ", t)          # attributes
    gsub(/nonisolated\(unsafe\)/, " ", t)
    n = split(t, words, /[ \t<(:{]+/)
    for (i = 1; i <= n; i++) {
        if (words[i] ~ /^(public|open|private|fileprivate|internal|nonisolated|static|class|final|mutating|convenience|indirect|override|required)$/ && words[i] != "class") continue
        if (words[i] == "class" && i < n && words[i + 1] ~ /^(func|var|let)$/) continue
        if (words[i] ~ /^(func|var|let|init|case|associatedtype|typealias|struct|class|enum|protocol|extension|subscript)$/) return words[i]
        if (words[i] != "") return ""
    }
    return ""
}
FNR == 1 { depth = 0; reset_doc(); pending_kind = ""; pending_public = 0 }
{
    line = $0
    stripped = trim(line)
    if (stripped ~ /^\/\/\//) {
        has_doc = 1
        if (match(stripped, /Apple: https:\/\/developer\.apple\.com\/documentation\/[^ ]+/) && citation == "") {
            citation = substr(stripped, RSTART + 7, RLENGTH - 7)
        }
        next
    }
    if (stripped ~ /^\/\// || stripped == "") { if (stripped == "") reset_doc(); next }
    if (stripped ~ /^#/ || stripped ~ /^import /) { next }
    if (stripped ~ /^@[A-Za-z_]+(\([^)]*\))?$/) { next }   # an attribute alone on its line

    code = line
    sub(/\/\/.*$/, "", code)
    in_type = (depth == 0 || frame_kind[depth] == "type")
    if (in_type) {
        k = keyword(code)
        if (k != "") {
            public = (code ~ /(^|[ \t])(public|open)[ \t]/)
            if (k == "extension") public = (code ~ /^[ \t]*extension[ \t]+[A-Za-z_.]+[ \t]*:/)
            if (depth > 0 && frame_public_protocol[depth] && k != "case") public = 1
            if (depth > 0 && frame_public_enum[depth] && k == "case") public = 1
            if (public) {
                if (citation == "") {
                    printf "missing citation: %s:%d: %s\n", FILENAME, FNR, trim(code) > "/dev/stderr"
                    missing++
                } else {
                    printf "%s:%d\t%s\t%s\n", FILENAME, FNR, trim(code), citation
                    cited++
                }
            }
            pending_kind = (k ~ /^(struct|class|enum|protocol|extension)$/) ? "type" : "body"
            pending_public_protocol = (k == "protocol" && code ~ /public/)
            pending_public_enum = (k == "enum" && code ~ /public/)
            reset_doc()
        }
    }
    n = length(code)
    for (i = 1; i <= n; i++) {
        c = substr(code, i, 1)
        if (c == "{") {
            depth++
            frame_kind[depth] = in_type ? (pending_kind == "" ? "body" : pending_kind) : "body"
            frame_public_protocol[depth] = in_type && frame_kind[depth] == "type" && pending_public_protocol
            frame_public_enum[depth] = in_type && frame_kind[depth] == "type" && pending_public_enum
            pending_kind = ""; pending_public_protocol = 0; pending_public_enum = 0
            in_type = 0
        } else if (c == "}") {
            depth--
            in_type = (depth == 0 || frame_kind[depth] == "type")
        }
    }
}
END {
    printf "%d declarations cited", cited > "/dev/stderr"
    if (missing > 0) { printf ", %d without a citation\n", missing > "/dev/stderr"; exit 1 }
    printf "\n" > "/dev/stderr"
}
' $files
