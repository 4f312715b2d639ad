#!/usr/bin/env bash
# Builds the DocC catalogs of the core (WidgetTimeline) and the simulator (WidgetTimelineSimulation)
# with the toolchain's own `docc`, offline (no package plugin):
#
#   Scripts/build-docs.sh                    writes .build/docs/<module>.doccarchive for both;
#                                            fails on any warning, naming it
#   Scripts/build-docs.sh MODULE…            … for those modules only
#   Scripts/build-docs.sh --preview [MODULE] serves one (default WidgetTimeline) at
#                                            http://localhost:8080 (docc preview)
#
# SwiftPM's `swift package generate-documentation` needs the swift-docc-plugin package, which this
# package does not depend on (it depends on the toolchain alone), so this script does what the plugin
# does: build the package, extract each module's symbol graph (`swift package dump-symbol-graph`,
# which reads the built modules, so a graph is never older than its sources), then convert it with
# `docc`. After `swift build` or `swift test` it takes seconds; from a clean clone, one debug build.
set -euo pipefail
cd "$(dirname "$0")/.."

catalogs=(WidgetTimeline WidgetTimelineSimulation)
preview=false
if [[ ${1:-} == --preview ]]; then
    preview=true
    modules=("${2:-WidgetTimeline}")
elif (($#)); then
    modules=("$@")
else
    modules=("${catalogs[@]}")
fi
for module in "${modules[@]}"; do
    if [[ ! -d Sources/$module/$module.docc ]]; then
        echo "error: no DocC catalog for '$module'; one of ${catalogs[*]}" >&2
        exit 2
    fi
done

dumped="$(dirname "$(swift build --show-bin-path)")/symbolgraph"
rm -rf "$dumped"
swift package dump-symbol-graph >/dev/null

failed=()
for module in "${modules[@]}"; do
    # Only this module's graphs: its own and those of its extensions to other modules.
    symbols=.build/symbol-graphs/$module
    rm -rf "$symbols"
    mkdir -p "$symbols"
    cp "$dumped/$module.symbols.json" "$symbols/"
    find "$dumped" -maxdepth 1 -name "$module@*.symbols.json" -exec cp {} "$symbols/" \;
    docc_arguments=(
        "Sources/$module/$module.docc"
        --additional-symbol-graph-dir "$symbols"
        --fallback-display-name "$module"
        --fallback-bundle-identifier "com.widgettimeline.$module"
    )
    if $preview; then
        exec docc preview "${docc_arguments[@]}"
    fi
    output=.build/docs/$module.doccarchive
    rm -rf "$output"
    mkdir -p "$(dirname "$output")"
    # Every catalog is built, so one run lists every warning; the script fails at the end.
    if docc convert "${docc_arguments[@]}" --output-path "$output" --warnings-as-errors; then
        echo "wrote $output"
    else
        failed+=("$module")
    fi
done
if ((${#failed[@]})); then
    echo "error: DocC warnings in ${failed[*]} (listed above)" >&2
    exit 1
fi
