#!/usr/bin/env bash
# The two-stage check on a Mac (docs/adopting.md, section 9). NOT YET RUN ON A MAC: on Linux it is
# checked with shellcheck and its --dry-run mode (StageTwoScriptTests), nothing more.
#
# Stage one runs the pure timeline tests. Stage two, on an iOS Simulator pinned by its id:
#   1. tests the example app (Examples/WidgetApp/project.yml) with a result bundle that has never
#      existed, in a run directory of its own,
#   2. installs the app and checks its widget extension is inside it,
#   3. finds the App Group container with `xcrun simctl get_app_container <id> <app> groups`,
#   4. launches the app with -WidgetTimelineCommitFixture, which commits a new revision of the
#      `schedule` key, and waits for that revision in the shared store,
#   5. saves the evidence (evidence.txt): commit, runtime version, device id and the committed
#      revision; never payload content,
#   6. observes whether and when the widget extension reads that revision, and compares the
#      revisions when it does. The widget's refresh is an observation: "not observed" is reported,
#      never a failure, and no time limit is asserted,
#   7. with --erase, erases the simulator, and refuses to before the evidence is saved.
#
# Usage:
#   Scripts/widget-stage-two.sh --sim-id UDID [--out DIR] [--run-dir DIR] [--key KEY]
#                               [--observe-seconds N] [--skip-stage-one] [--erase] [--dry-run]
#   Scripts/widget-stage-two.sh erase --sim-id UDID --run-dir DIR [--dry-run]
#
# --dry-run prints every command instead of running it, and writes only the run directory (with
# "(dry run)" for what it would have measured); it needs bash and git, nothing of Xcode.
#
# Exit codes: 0 checked (a read not observed included); 1 a check failed; 2 bad usage;
# 3 refused to erase the simulator (no saved evidence for it).
set -euo pipefail
cd "$(dirname "$0")/.."

readonly APP_GROUP=group.com.example.widgettimeline
readonly BUNDLE_ID=com.example.widgettimeline
readonly SPEC=Examples/WidgetApp/project.yml
readonly PROJECT=Examples/WidgetApp/WidgetApp.xcodeproj
readonly SCHEME=WidgetApp
readonly COMMIT_ARGUMENT=-WidgetTimelineCommitFixture
readonly STAGE_ONE_FILTER='WidgetTimelineTests|WidgetTimelineExamplesTests|WidgetAppExampleTests'
readonly COMMIT_TIMEOUT=60
readonly DRY=\(dry\ run\)

mode=run
sim_id=""
out=ci-runs
run_dir=""
key=schedule
observe_seconds=300
skip_stage_one=0
erase=0
dry_run=0

usage_error() {
    printf 'error: %s\n' "$1" >&2
    printf 'usage: %s [erase] --sim-id UDID [--out DIR] [--run-dir DIR] [--key KEY] [--observe-seconds N] [--skip-stage-one] [--erase] [--dry-run]\n' "$0" >&2
    exit 2
}

fail() {
    printf 'error: %s\n' "$1" >&2
    exit 1
}

# The commands go to the original standard output even from inside $(...).
exec 3>&1

# Runs a command; with --dry-run prints it instead.
run() {
    if ((dry_run)); then
        printf '+' >&3
        printf ' %q' "$@" >&3
        printf '\n' >&3
    else
        "$@"
    fi
}

# Prints a command's standard output; with --dry-run prints the command and answers $1 instead.
capture() {
    local placeholder=$1
    shift
    if ((dry_run)); then
        run "$@"
        printf '%s\n' "$placeholder"
    else
        "$@"
    fi
}

# Appends one line of evidence: only ids, versions and revisions, never payload content.
record() {
    printf '%s=%s\n' "$1" "$2" >>"$run_dir/evidence.txt"
}

# Whether the run directory holds the evidence of this simulator: commit, runtime, device,
# revision.
evidence_saved() {
    local file=$run_dir/evidence.txt field
    [[ -f $file ]] || return 1
    for field in commit runtime committed_revision; do
        grep -qE "^$field=.+" "$file" || return 1
    done
    grep -qxF "device=$sim_id" "$file"
}

erase_simulator() {
    if ! evidence_saved; then
        printf 'error: refusing to erase simulator %s: %s holds no saved evidence for it (commit, runtime, device, committed revision); save it first, then choose between deleting the app data and erasing\n' \
            "$sim_id" "${run_dir:-the run directory}" >&2
        exit 3
    fi
    printf 'evidence saved in %s; erasing simulator %s\n' "$run_dir" "$sim_id" >&3
    run xcrun simctl shutdown "$sim_id" || true
    run xcrun simctl erase "$sim_id"
}

# The stored revision of $key in the shared directory, or nothing.
stored_revision() {
    local listing
    if ((dry_run)); then
        run "$cli" store list --dir "$shared" --format json
        return
    fi
    # `store list` exits 1 when some key has no valid snapshot; the listing is still complete.
    listing=$("$cli" store list --dir "$shared" --format json) || true
    python3 -c 'import json, sys
key = sys.argv[1]
rows = json.loads(sys.stdin.read() or "{\"keys\": []}")["keys"]
print(next((str(r["revision"]) for r in rows if r["key"] == key and r.get("revision") is not None), ""))' \
        "$key" <<<"$listing"
}

# The revisions the widget extension read for $key, oldest first, one per line.
extension_reads() {
    local events
    if ((dry_run)); then
        run "$cli" diagnose --dir "$shared" --key "$key" --events --format json
        return
    fi
    events=$("$cli" diagnose --dir "$shared" --key "$key" --events --format json 2>/dev/null) || true
    python3 -c 'import json, sys
log = json.loads(sys.stdin.read() or "{}").get("log") or []
for event in log:
    if event.get("side") == "extension" and event.get("stage") == "snapshot_read" and "revision" in event:
        print(event["revision"])' <<<"$events"
}

# Parse the arguments.
if [[ ${1:-} == erase ]]; then
    mode=erase
    shift
fi
while (($#)); do
    case $1 in
    --sim-id) sim_id=${2:-}; shift 2 || usage_error "--sim-id needs a value" ;;
    --out) out=${2:-}; shift 2 || usage_error "--out needs a value" ;;
    --run-dir) run_dir=${2:-}; shift 2 || usage_error "--run-dir needs a value" ;;
    --key) key=${2:-}; shift 2 || usage_error "--key needs a value" ;;
    --observe-seconds) observe_seconds=${2:-}; shift 2 || usage_error "--observe-seconds needs a value" ;;
    --skip-stage-one) skip_stage_one=1; shift ;;
    --erase) erase=1; shift ;;
    --dry-run) dry_run=1; shift ;;
    *) usage_error "unknown argument '$1'" ;;
    esac
done

[[ -n $sim_id ]] || usage_error "--sim-id is required: pin the simulator by its id (xcrun simctl list devices available)"
[[ $sim_id =~ ^[0-9A-Fa-f]{8}(-[0-9A-Fa-f]{4}){3}-[0-9A-Fa-f]{12}$ ]] ||
    usage_error "--sim-id '$sim_id' is not a simulator id: give the UDID, never a name (a name resolves to whatever runtime the machine has)"
[[ $observe_seconds =~ ^[0-9]+$ ]] || usage_error "--observe-seconds must be a whole number of seconds, not '$observe_seconds'"
[[ $key =~ ^[a-z0-9_-]+(\.[a-z0-9_-]+)*$ ]] || usage_error "--key '$key' is not a snapshot key"

if [[ $mode == erase ]]; then
    [[ -n $run_dir ]] || usage_error "erase needs --run-dir: the directory whose evidence must be saved first"
    erase_simulator
    exit 0
fi

if ((!dry_run)); then
    for tool in xcrun xcodebuild xcodegen python3 git swift; do
        command -v "$tool" >/dev/null || fail "$tool is not installed; stage two runs on a Mac with Xcode and XcodeGen"
    done
    xcrun simctl list devices | grep -qF "($sim_id)" || fail "no simulator has the id $sim_id (xcrun simctl list devices)"
fi

# A run directory, and so a result bundle path, that has never existed.
commit=$(git rev-parse HEAD)
[[ -n $run_dir ]] || run_dir="$out/$(date -u +%Y%m%dT%H%M%SZ)-${commit:0:12}-$$"
[[ ! -e $run_dir ]] || usage_error "$run_dir already exists: every run gets a fresh directory and result bundle"
mkdir -p "$(dirname "$run_dir")"
mkdir "$run_dir"
# Kept between runs (incremental builds) and out of the run directory, which is evidence only.
derived_data=.build/stage-two-DerivedData
cli=.build/release/widget-timeline
printf 'run directory: %s\n' "$run_dir" >&3

printf '== stage one: the pure timeline tests\n' >&3
if ((skip_stage_one)); then
    printf 'skipped (--skip-stage-one)\n' >&3
else
    run swift test --filter "$STAGE_ONE_FILTER"
fi

printf '== stage two: the app and its extension on simulator %s\n' "$sim_id" >&3
run swift build -c release --product widget-timeline
run xcodegen generate --spec "$SPEC"
run xcrun simctl bootstatus "$sim_id" -b
runtime=$(capture "$DRY" xcrun simctl getenv "$sim_id" SIMULATOR_RUNTIME_VERSION)
record commit "$commit"
record device "$sim_id"
record runtime "$runtime"
record key "$key"

run xcodebuild test -project "$PROJECT" -scheme "$SCHEME" \
    -destination "platform=iOS Simulator,id=$sim_id" \
    -resultBundlePath "$run_dir/WidgetApp.xcresult" -derivedDataPath "$derived_data"

app=$derived_data/Build/Products/Debug-iphonesimulator/WidgetApp.app
if ((dry_run)); then
    run test -d "$app/PlugIns/WidgetExtension.appex"
else
    [[ -d $app/PlugIns/WidgetExtension.appex ]] || fail "$app has no PlugIns/WidgetExtension.appex: the extension is not embedded"
fi
run xcrun simctl install "$sim_id" "$app"

groups=$(capture "$APP_GROUP	/dry-run/AppGroup" xcrun simctl get_app_container "$sim_id" "$BUNDLE_ID" groups)
group_path=$(awk -v group="$APP_GROUP" '$1 == group { sub(/^[^[:space:]]+[[:space:]]+/, ""); print }' <<<"$groups")
[[ -n $group_path ]] ||
    fail "the app has no container for $APP_GROUP: a target lacks the App Groups entitlement, and nothing later can pass"
shared=$group_path/WidgetTimeline

before=$(stored_revision)
reads_before=$(extension_reads | grep -c . || true)
run xcrun simctl launch --terminate-running-process "$sim_id" "$BUNDLE_ID" "$COMMIT_ARGUMENT"

if ((dry_run)); then
    committed=$DRY
else
    committed=""
    deadline=$((SECONDS + COMMIT_TIMEOUT))
    while ((SECONDS < deadline)); do
        revision=$(stored_revision)
        if [[ -n $revision && (-z $before || $revision -gt $before) ]]; then
            committed=$revision
            break
        fi
        sleep 1
    done
    [[ -n $committed ]] ||
        fail "the app did not commit a new revision of '$key' within $COMMIT_TIMEOUT s of its launch (stored before: ${before:-none}); look for an AppGroupError in its console"
fi
committed_at=$SECONDS
record committed_revision "$committed"
run "$cli" diagnose --dir "$shared" --format json >"$run_dir/diagnosis.json" || true
printf 'saved evidence: %s (revision %s of %s committed)\n' "$run_dir/evidence.txt" "$committed" "$key" >&3

# The extension's read: observed, never waited for beyond the window, never asserted on time.
read_revision=""
if ((dry_run)); then
    extension_reads >/dev/null
    record extension_read "$DRY"
    printf 'observation: %s\n' "$DRY" >&3
else
    while :; do
        read_revision=$(extension_reads | tail -n +$((reads_before + 1)) | tail -n 1)
        [[ -z $read_revision && $((SECONDS - committed_at)) -lt $observe_seconds ]] || break
        sleep 5
    done
fi
if ((dry_run)); then
    :
elif [[ -z $read_revision ]]; then
    record extension_read not-observed
    printf 'observation: the widget extension did not read %s within %s s (it runs only for a widget on the home screen; keep the result bundle and diagnosis.json)\n' \
        "$key" "$observe_seconds" >&3
else
    record extension_read_revision "$read_revision"
    record read_observed_after_seconds "$((SECONDS - committed_at))"
    [[ $read_revision == "$committed" ]] ||
        fail "the widget extension read revision $read_revision of '$key' after the app committed $committed: the two sides do not share the data (check the App Group of both targets)"
    printf 'same revision on both sides: %s\n' "$committed" >&3
fi

if ((erase)); then
    erase_simulator
fi
