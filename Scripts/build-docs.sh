#!/usr/bin/env bash
# Builds the core's DocC catalog with the toolchain's own `docc`, offline (no package plugin):
#
#   Scripts/build-docs.sh            writes .build/docs/WidgetTimeline.doccarchive; fails on a warning
#   Scripts/build-docs.sh --preview  … then serves it at http://localhost:8080 (docc preview)
#
# SwiftPM's `swift package generate-documentation` needs the swift-docc-plugin package, which this
# package does not depend on (it depends on the toolchain alone), so this script does what the plugin
# does: emit the module's symbol graph with the compiler, then convert it with `docc`.
set -euo pipefail
cd "$(dirname "$0")/.."

symbols=.build/symbol-graphs
output=.build/docs/WidgetTimeline.doccarchive
rm -rf "$symbols" "$output"
mkdir -p "$symbols" "$(dirname "$output")"
swift build --target WidgetTimeline -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir \
    -Xswiftc "$PWD/$symbols" >/dev/null
docc_arguments=(
    Sources/WidgetTimeline/WidgetTimeline.docc
    --additional-symbol-graph-dir "$symbols"
    --fallback-display-name WidgetTimeline
    --fallback-bundle-identifier com.widgettimeline.WidgetTimeline
)
if [[ ${1:-} == --preview ]]; then
    exec docc preview "${docc_arguments[@]}"
fi
docc convert "${docc_arguments[@]}" --output-path "$output" --warnings-as-errors
echo "wrote $output"
