#!/usr/bin/env bash
# Renders the HTML reports of `demo`, a fleet run, a scenario with taps and a control, and one
# with a kind declared in the scenario, in headless Chromium at a phone's width
# (400 px) and a desktop's (1400 px), writes full-page screenshots to .build/report-layout/, and
# fails if a page is wider than its window (something that does not shrink or scroll in its box).
#
#   Scripts/check-report-layout.sh                       # installs Debian's chromium if it is missing
#   Scripts/check-report-layout.sh --update-docs-image   # also redraws docs/images/demo-report.png
#
# Each page is shown in an iframe exactly as wide as the screen (Chromium's own window is never
# narrower than 500 px). The reports contain no scripts: the check measures a copy with one
# appended, which posts the page's scroll width, its width, its height and any element sticking
# out to the wrapper page, whose DOM `--dump-dom` prints.
set -euo pipefail
cd "$(dirname "$0")/.."

out=.build/report-layout
mkdir -p "$out"
update_docs_image=false
if [ "${1:-}" = "--update-docs-image" ]; then update_docs_image=true; fi

if ! command -v chromium >/dev/null 2>&1; then
    echo "chromium is missing: installing Debian's package"
    sudo=""
    if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi

swift build --product widget-timeline >/dev/null
tool="$(swift build --show-bin-path)/widget-timeline"
"$tool" demo --report "$out/demo.html" >/dev/null
"$tool" simulate Examples/scenarios/fleet-server-count.json --devices 50 --report "$out/fleet.html" >/dev/null
# Every refresh channel: pushes, taps and a control, and a kind declared in the scenario.
"$tool" simulate Examples/scenarios/taps-and-controls.json --report "$out/channels.html" >/dev/null
"$tool" simulate Examples/scenarios/generic-schedule.json --report "$out/generic.html" >/dev/null

chrome() {
    # Chromium's own messages (D-Bus, GPU) go to a log, not to the terminal.
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
        --disable-dev-shm-usage --force-device-scale-factor=1 "$@" 2>>"$out/chromium.log"
}

probe='<script>
(function () {
  var root = document.documentElement, width = root.clientWidth, over = [];
  function scrolls(element) {
    for (var e = element.parentElement; e && e !== document.body; e = e.parentElement) {
      var overflow = getComputedStyle(e).overflowX;
      if (overflow === "auto" || overflow === "scroll" || overflow === "hidden") return true;
    }
    return false;
  }
  document.querySelectorAll("body *").forEach(function (e) {
    var box = e.getBoundingClientRect();
    if (box.width > 0 && box.right > width + 0.5 && !scrolls(e) && over.length < 5)
      over.push(e.tagName.toLowerCase() + (e.getAttribute("class") ? "." + e.getAttribute("class") : "")
        + " right=" + Math.round(box.right));
  });
  parent.postMessage("scrollWidth=" + root.scrollWidth + " width=" + width + " height=" + root.scrollHeight
    + " over=" + over.join(", "), "*");
})();
</script>'

# A page showing `$1` in an iframe `$2` px wide and `$3` px tall, and what the frame posts.
frame() {
    printf '%s' "<!DOCTYPE html><html><body style=\"margin:0\"><iframe src=\"$1\" style=\"border:0;display:block;width:$2px;height:$3px\"></iframe><pre id=\"posted\"></pre><script>addEventListener(\"message\", function (e) { document.getElementById(\"posted\").textContent = e.data; });</script></body></html>"
}

failed=0
for page in demo fleet channels generic; do
    for width in 400 1400; do
        # After </html> is still the body's end to an HTML parser.
        { cat "$out/$page.html"; printf '%s\n' "$probe"; } >"$out/$page-probe.html"
        frame "$page-probe.html" "$width" 900 >"$out/$page-$width-measure.html"
        line="$(chrome --window-size="$width,900" --virtual-time-budget=5000 \
            --dump-dom "file://$PWD/$out/$page-$width-measure.html" \
            | sed -n 's#.*<pre id="posted">\([^<]*\)</pre>.*#\1#p')"
        if ! [[ "$line" =~ ^scrollWidth=([0-9]+)\ width=([0-9]+)\ height=([0-9]+) ]]; then
            echo "error: $page at $width px: Chromium did not render the page (see $out/chromium.log)" >&2
            failed=1
            continue
        fi
        scroll_width="${BASH_REMATCH[1]}"
        window_width="${BASH_REMATCH[2]}"
        height="${BASH_REMATCH[3]}"
        frame "$page.html" "$width" "$height" >"$out/$page-$width-frame.html"
        chrome --window-size="$width,$height" --screenshot="$out/$page-$width.png" \
            "file://$PWD/$out/$page-$width-frame.html" >/dev/null
        if $update_docs_image && [ "$page-$width" = demo-1400 ]; then
            # The README's picture: the top of the desktop page (the window crops the frame).
            chrome --window-size="1400,2000" --screenshot="docs/images/demo-report.png" \
                "file://$PWD/$out/$page-$width-frame.html" >/dev/null
            echo "docs/images/demo-report.png redrawn"
        fi
        rm -f "$out/$page-probe.html" "$out/$page-$width-measure.html" "$out/$page-$width-frame.html"
        if [ "$window_width" != "$width" ]; then
            echo "error: $page at $width px: the frame is $window_width px wide" >&2
            failed=1
        elif [ "$scroll_width" -gt "$window_width" ]; then
            echo "error: $page at $width px is $scroll_width px wide: ${line#* over=}" >&2
            failed=1
        else
            echo "$page at $width px: fits ($scroll_width of $width px wide, $height px tall): $out/$page-$width.png"
        fi
    done
done
exit "$failed"
