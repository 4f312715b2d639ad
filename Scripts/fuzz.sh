#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ and runs them.
#
#   Scripts/fuzz.sh                  build, replay regressions, fuzz every target for 20 s
#   Scripts/fuzz.sh 600              … for 600 s each, one after another (FUZZ_JOBS=2: two at once)
#   Scripts/fuzz.sh 600 json-parser  … one target (or several, by name)
#   Scripts/fuzz.sh --build          build only
#   Scripts/fuzz.sh --list           list the targets
#   Scripts/fuzz.sh --replay         replay regressions and seed corpora only (no fuzzing)
#
# SwiftPM cannot build a libFuzzer binary (it has no `-sanitize=fuzzer` for one product), so this
# script compiles the package's modules itself with swiftc, instrumented for coverage and
# AddressSanitizer, into .build/fuzz/: the core (with -enable-testing, so targets can reach the
# internal record decoder), the examples, the test doubles, the simulator, the CLI,
# Fuzz/Sources/FuzzSupport; then
# one executable per file in Fuzz/Sources/Targets, linked with libFuzzer's main. Modules are rebuilt
# only when their sources changed.
#
# Each run starts from the committed seeds (Fuzz/corpus/<target>) plus what earlier local runs found
# (.build/fuzz/corpus/<target>, never committed), uses Fuzz/dictionaries/<target>.dict, and first
# replays every input in Fuzz/regressions/<target>, which must no longer fail. A crash, trap, leak,
# broken invariant or input slower than FUZZ_TIMEOUT seconds fails the run; the input is saved in
# .build/fuzz/artifacts/<target>/ and the final statistics are in .build/fuzz/logs/<target>.log.
#
# Environment: FUZZ_TIMEOUT (per input, default 10 s), FUZZ_RSS_MB (default 2048), FUZZ_JOBS (targets
# fuzzed side by side, default 1; give each a core), SWIFTC,
# FUZZ_OPTIMIZATION (default -O; -Onone builds faster and fuzzes slower), and FUZZ_OUT (default
# .build/fuzz) — give a long run its own, so rebuilding for a quick run cannot touch its binaries:
#
#   FUZZ_OUT=.build/fuzz-long nohup nice -n 10 Scripts/fuzz.sh 600 > fuzz-long.log 2>&1 &
set -euo pipefail
cd "$(dirname "$0")/.."

ROOT=$PWD
OUT=${FUZZ_OUT:-$ROOT/.build/fuzz}
MODULES=$OUT/modules
SWIFTC=${SWIFTC:-swiftc}
OPTIMIZATION=${FUZZ_OPTIMIZATION:--O}
TIMEOUT=${FUZZ_TIMEOUT:-10}
RSS_MB=${FUZZ_RSS_MB:-2048}
JOBS=${FUZZ_JOBS:-1}
# Each module compiles on every core (-j for the frontend jobs, -num-threads for code generation):
# the modules mostly build one after another, and on two cores this halves the build.
CORES=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
# shellcheck disable=SC2054  # "fuzzer,address" is one swiftc argument, not two array elements
# One package name for every module built here: the package-wide (`package`) declarations need it.
FLAGS=(-sanitize=fuzzer,address -parse-as-library -swift-version 6 -package-name WidgetTimeline "$OPTIMIZATION"
    -j"$CORES" -num-threads "$CORES" -I "$MODULES")
# The Swift runtime's crash reporter waits on a sanitizer-instrumented process forever; libFuzzer
# reports crashes itself.
export SWIFT_BACKTRACE=enable=no
# See -detect_leaks=0 below: LeakSanitizer also runs at exit, outside libFuzzer's flags.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}

targets() { for file in Fuzz/Sources/Targets/*.swift; do basename "$file" .swift; done; }

# The longest input libFuzzer generates for a target: enough for every structure the decoder
# knows, small enough to keep executions fast. Larger inputs (the 1 MiB cap, deep nesting) are
# covered by the bad-input tests.
max_len() {
    case "$1" in
    instant | day-start) echo 64 ;;
    snapshot-key) echo 512 ;;
    cli-arguments) echo 4096 ;;
    *) echo 16384 ;;
    esac
}

# Quiet the linker's warnings about ASan's local symbols, which say nothing about our code.
filter() { grep -v "Cannot export local symbol" || true; }

# Whether $1 is newer than this script and each of the files after it.
up_to_date() {
    local file=$1
    shift
    [[ -f $file && $file -nt $0 ]] || return 1
    for dependency in "$@"; do [[ $file -nt $dependency ]] || return 1; done
}

# build_module NAME SOURCE_DIR "DEPENDENCY…" [extra flags…]: rebuilt when a source or a module it
# depends on changed (a changed struct layout in the core must reach every module that uses it).
build_module() {
    local name=$1 dir=$2 dependencies=()
    for dependency in $3; do dependencies+=("$MODULES/lib$dependency.a"); done
    shift 3
    local library=$MODULES/lib$name.a
    if up_to_date "$library" "${dependencies[@]}" && [[ -z $(find "$dir" -name '*.swift' -newer "$library") ]]; then
        return
    fi
    echo "building $name"
    # shellcheck disable=SC2046
    "$SWIFTC" "${FLAGS[@]}" "$@" -module-name "$name" -emit-module \
        -emit-module-path "$MODULES/$name.swiftmodule" -emit-library -static -o "$library" \
        $(find "$dir" -name '*.swift' | sort) 2>&1 | filter
    [[ ${PIPESTATUS[0]} -eq 0 ]] || { echo "error: building $name failed" >&2; exit 1; }
}

build() {
    mkdir -p "$MODULES" "$OUT/bin"
    local started=$SECONDS
    build_module WidgetTimeline Sources/WidgetTimeline "" -enable-testing
    # The examples, the push backend and the test doubles depend only on the core: build them side
    # by side.
    build_module WidgetTimelineExamples Sources/WidgetTimelineExamples WidgetTimeline &
    local examples=$!
    build_module WidgetTimelinePush Sources/WidgetTimelinePush WidgetTimeline &
    local push=$!
    build_module WidgetTimelineTesting Sources/WidgetTimelineTesting WidgetTimeline
    wait "$examples"
    wait "$push"
    build_module WidgetTimelineSimulation Sources/WidgetTimelineSimulation "WidgetTimeline WidgetTimelinePush" \
        -enable-testing
    build_module WidgetTimelineCLI Sources/WidgetTimelineCLI \
        "WidgetTimeline WidgetTimelineExamples WidgetTimelineSimulation WidgetTimelinePush" -enable-testing
    # Runs the CLI in-process for the targets' checks.
    build_module FuzzSupport Fuzz/Sources/FuzzSupport "WidgetTimeline WidgetTimelineCLI"
    # Static libraries link in dependency order: each before the ones it uses.
    local libraries=()
    for name in FuzzSupport WidgetTimelineCLI WidgetTimelineSimulation WidgetTimelinePush WidgetTimelineExamples \
        WidgetTimelineTesting WidgetTimeline; do
        libraries+=("$MODULES/lib$name.a")
    done
    for target in $(targets); do
        local binary=$OUT/bin/$target source=Fuzz/Sources/Targets/$target.swift
        if up_to_date "$binary" "$source" "${libraries[@]}"; then continue; fi
        echo "building fuzz target $target"
        "$SWIFTC" "${FLAGS[@]}" -module-name "Fuzz_${target//-/_}" "$source" "${libraries[@]}" \
            -lTesting -o "$binary" 2>&1 | filter
        [[ ${PIPESTATUS[0]} -eq 0 ]] || { echo "error: building $target failed" >&2; exit 1; }
    done
    echo "fuzz build: $((SECONDS - started)) s"
}

# The libFuzzer flags shared by replaying and fuzzing.
common_flags() {
    local target=$1
    # -detect_leaks=0: Swift packs pointers into the spare bits of enum payloads (a global `Data`,
    # for one), which LeakSanitizer cannot follow, so it reports live globals as leaks. Under ARC a
    # real leak is a reference cycle, and none of these decoders builds one.
    local flags=(-timeout="$TIMEOUT" -rss_limit_mb="$RSS_MB" -max_len="$(max_len "$target")"
        -detect_leaks=0 -artifact_prefix="$OUT/artifacts/$target/")
    [[ -f Fuzz/dictionaries/$target.dict ]] && flags+=(-dict="Fuzz/dictionaries/$target.dict")
    echo "${flags[@]}"
}

replay() {
    local target=$1 binary=$OUT/bin/$1
    mkdir -p "$OUT/artifacts/$target"
    local inputs=()
    for directory in Fuzz/regressions/$target Fuzz/corpus/$target; do
        [[ -d $directory ]] && while IFS= read -r file; do inputs+=("$file"); done \
            < <(find "$directory" -type f | sort)
    done
    [[ ${#inputs[@]} -eq 0 ]] && return
    # shellcheck disable=SC2046
    if ! "$binary" $(common_flags "$target") "${inputs[@]}" >"$OUT/logs/$target.replay.log" 2>&1; then
        echo "error: $target fails on a committed input; see $OUT/logs/$target.replay.log" >&2
        tail -30 "$OUT/logs/$target.replay.log" >&2
        return 1
    fi
    echo "$target: replayed ${#inputs[@]} committed inputs"
}

fuzz() {
    local target=$1 seconds=$2 binary=$OUT/bin/$1
    local corpus=$OUT/corpus/$target log=$OUT/logs/$target.log
    mkdir -p "$corpus" "$OUT/artifacts/$target"
    local seeds=()
    [[ -d Fuzz/corpus/$target ]] && seeds+=("Fuzz/corpus/$target")
    echo "$target: fuzzing for $seconds s"
    # shellcheck disable=SC2046
    if ! "$binary" $(common_flags "$target") -max_total_time="$seconds" -print_final_stats=1 \
        "$corpus" "${seeds[@]}" >"$log" 2>&1; then
        echo "error: $target failed; the input is in $OUT/artifacts/$target/, the log in $log" >&2
        grep -E "ERROR|invariant broken|Fatal error|SUMMARY|Test unit written" "$log" | head -20 >&2
        return 1
    fi
    local features summary
    features=$(grep -oE "(cov|ft): [0-9]+" "$log" | tail -2 | tr '\n' ' ')
    summary="$target: $(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}') runs,"
    summary+=" $(grep -E '^stat::average_exec_per_sec' "$log" | awk '{print $2}') exec/s, ${features}corpus"
    summary+=" $(find "$corpus" -type f | wc -l) files, peak RSS $(grep -E '^stat::peak_rss_mb' "$log" | awk '{print $2}') MB"
    echo "$summary"
    echo "$(date -u +%FT%TZ) ${seconds}s $summary" >>"$OUT/summary.txt"
}

case "${1:-}" in
--list)
    targets
    exit 0
    ;;
--build)
    build
    exit 0
    ;;
--replay)
    build
    mkdir -p "$OUT/logs"
    for target in $(targets); do replay "$target"; done
    exit 0
    ;;
esac

seconds=${1:-20}
if ! [[ $seconds =~ ^[0-9]+$ ]]; then
    echo "error: '$seconds' is not a number of seconds; see the comment at the top of $0" >&2
    exit 64
fi
if ! [[ $JOBS =~ ^[1-9][0-9]*$ ]]; then
    echo "error: FUZZ_JOBS '$JOBS' is not a number of targets to fuzz at once (1 or more)" >&2
    exit 64
fi
shift || true
selected=("$@")
[[ ${#selected[@]} -eq 0 ]] && mapfile -t selected < <(targets)
for target in "${selected[@]}"; do
    [[ -f Fuzz/Sources/Targets/$target.swift ]] || {
        echo "error: no fuzz target '$target'; known: $(targets | tr '\n' ' ')" >&2
        exit 64
    }
done

build
mkdir -p "$OUT/logs"
# One target: replay its committed inputs, then fuzz it; what it prints goes to its own file, shown
# once it ends, so targets run side by side (FUZZ_JOBS) still report one after another.
run_target() {
    local target=$1
    { replay "$target" && fuzz "$target" "$seconds"; } >"$OUT/logs/$target.run.txt" 2>&1
}
status=0
pids=()
for target in "${selected[@]}"; do
    run_target "$target" &
    pids+=($!)
    # At most FUZZ_JOBS at once: wait for the oldest before starting another.
    if ((${#pids[@]} >= JOBS)); then
        wait "${pids[0]}" || status=1
        pids=("${pids[@]:1}")
    fi
done
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
for target in "${selected[@]}"; do cat "$OUT/logs/$target.run.txt"; done
exit $status
