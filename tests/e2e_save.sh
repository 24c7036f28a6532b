#!/usr/bin/env bash
# End-to-end: a save that is cut short is never reported as saved. The real app under Xvfb,
# started in a folder on a file system too small for the picture (a tmpfs of 4 KiB): Ctrl+S
# leaves nothing there and saves into the preference folder instead; with that folder on the
# full file system too, the panel says it could not save, and no file is left behind. The same
# for Ctrl+G's animated GIF, which fills the disk only once under way (its temporary file is
# made at once). Read back through the trace's saved and panel lines.
#   e2e_save.sh PATH/nqueens
# Skipped (77) without Xvfb and xdotool, or where a tmpfs cannot be mounted (not root, or a
# container without the right).
set -euo pipefail
app=$1
# shellcheck source=e2e_common.sh
. "$(dirname "$0")/e2e_common.sh"
e2e_require e2e_save Xvfb xdotool
full=$work/full
mkdir -p "$full"
if [ "$(id -u)" -ne 0 ] || ! mount -t tmpfs -o size=4k tmpfs "$full" 2>/dev/null; then
  echo "e2e_save: skipped: a small tmpfs cannot be mounted here (root and mount are needed)"
  exit 77
fi
unmount_full() { # the app first: a program still running in the folder keeps it busy
  [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null && sleep 0.5
  umount "$full" 2>/dev/null || umount -l "$full" 2>/dev/null || true
  e2e_cleanup
}
trap unmount_full EXIT

e2e_display
# run_and_save DATA_HOME [KEY]: starts the app in the full folder, saves the board (Ctrl+S, or
# KEY), waits for the answer.
run_and_save() {
  : >"$work/trace"
  (cd "$full" && XDG_DATA_HOME=$1 exec "$app" --trace --n 8 --speed 1 --size 1000x700) >"$work/trace" \
    2>"$work/err" </dev/null &
  app_pid=$!
  wait_for '^board [0-9]+ [0-9]+ [0-9]+ [0-9]+$'
  win=$(app_window)
  sleep 0.3
  xdotool key --window "$win" "${2:-ctrl+s}"
  wait_for '^(saved |panel notice: Could not save )' 60
}
stop_app() { quit_app; }

# The current folder is full: the picture goes to the preference folder, whole.
run_and_save "$work/data"
saved=$(grep '^saved ' "$work/trace" | tail -1 | cut -d' ' -f2-)
case $saved in
  "$work/data/"*) ;;
  *) fail "with the current folder full, the picture went to '$saved'" ;;
esac
identify "$saved" >/dev/null 2>&1 || fail "the picture saved in the preference folder is not a whole PNG"
[ -z "$(ls -A "$full")" ] || fail "a cut-off picture was left in the full folder: $(ls -A "$full")"
stop_app
echo "e2e_save: the current folder full: saved whole to $saved, nothing left behind"

# The preference folder full too: the panel says it could not save, and nothing is left anywhere.
mkdir -p "$full/data"
run_and_save "$full/data"
grep -q '^saved ' "$work/trace" && fail "a save to a full disk was reported saved: $(grep '^saved ' "$work/trace")"
grep '^panel notice: Could not save ' "$work/trace" | tail -1 | grep -q 'No space left on device' ||
  fail "the panel did not say why: $(grep '^panel notice' "$work/trace" | tail -1)"
[ -z "$(find "$full" -name '*.png')" ] || fail "a cut-off picture was left: $(find "$full" -name '*.png')"
stop_app
echo "e2e_save: both folders full: 'Could not save ...: No space left on device', nothing left behind"

# Ctrl+G: the GIF's temporary file is made in the full folder, and the disk fills under way; it
# goes on in the preference folder, whole, and nothing is left in the full one.
run_and_save "$work/data" ctrl+g
saved=$(grep '^saved ' "$work/trace" | tail -1 | cut -d' ' -f2-)
case $saved in
  "$work/data/"*.gif) ;;
  *) fail "with the current folder full, the GIF went to '$saved'" ;;
esac
[ "$(identify "$saved" 2>/dev/null | wc -l)" -ge 1 ] || fail "the GIF saved in the preference folder is not whole"
[ -z "$(find "$full" -name '*.gif*')" ] || fail "a cut GIF was left in the full folder: $(find "$full" -name '*.gif*')"
stop_app
echo "e2e_save: Ctrl+G with the current folder full: saved whole to $saved, nothing left behind"

run_and_save "$full/data" ctrl+g
grep -q '^saved ' "$work/trace" && fail "a GIF on a full disk was reported saved: $(grep '^saved ' "$work/trace")"
grep '^panel notice: Could not save ' "$work/trace" | tail -1 | grep -q 'No space left on device' ||
  fail "the panel did not say why the GIF was not saved: $(grep '^panel notice' "$work/trace" | tail -1)"
[ -z "$(find "$full" -name '*.gif*')" ] || fail "a cut GIF was left: $(find "$full" -name '*.gif*')"
stop_app
echo "e2e_save: Ctrl+G with both folders full: 'Could not save ...: No space left on device', nothing left behind"
