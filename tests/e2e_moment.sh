#!/usr/bin/env bash
# End-to-end: a moment saved and opened again. The real app under Xvfb, watching N = 6 by forward
# checking with a pinned queen, stepped by hand to a step and three back, saves the moment with
# Ctrl+M (the trace's saved line names the file); `nqueens FILE` then starts there: its last step,
# first and method lines are the saved run's (the step, and how far the watch had recorded). A
# damaged copy of the file is refused before any window opens, with FILE:LINE and exit status 2.
# Dropped on an open window (as from a file manager, by xdnd_drop), the file opens there at the same
# step, and the damaged copy is refused in the panel with the window left as it was.
#   e2e_moment.sh PATH/nqueens PATH/xdnd_drop
# Skipped (77) without Xvfb and xdotool.
set -euo pipefail
app=$1 drop=$2
# shellcheck source=e2e_common.sh
. "$(dirname "$0")/e2e_common.sh"
e2e_require e2e_moment Xvfb xdotool
e2e_display

stop_app() { quit_app; }
last() { grep -E "$1" "$2" | tail -1; }

"$app" --trace --n 6 --first 2,1 --method forward --speed 1 --size 1000x700 >"$work/trace" 2>"$work/err" </dev/null &
app_pid=$!
wait_for '^board [0-9]+ [0-9]+ [0-9]+ [0-9]+$'
win=$(app_window)
sleep 0.3
xdotool key --window "$win" space # pause
for key in period period period period period period period period period comma comma comma; do
  before=$(count_lines '^step ')
  xdotool key --window "$win" "$key"
  wait_more '^step ' "$before"
done
xdotool key --window "$win" ctrl+m
wait_for '^saved ' 20
file=$(last '^saved ' "$work/trace" | cut -d' ' -f2-)
[ -f "$file" ] || fail "the trace says saved '$file', and there is no such file"
head -1 "$file" | grep -qx 'nqueens-moment 1' || fail "the moment file does not begin with its format: $(head -1 "$file")"
stop_app
cp "$work/trace" "$work/saved.trace"
want_step=$(last '^step ' "$work/saved.trace") want_first=$(last '^first ' "$work/saved.trace")
want_method=$(last '^method ' "$work/saved.trace")
echo "e2e_moment: saved $file at '$want_step', '$want_first', '$want_method'"

: >"$work/trace"
"$app" --trace --size 1000x700 "$file" >"$work/trace" 2>"$work/err" </dev/null &
app_pid=$!
wait_for '^step ' 30
win=$(app_window)
grep -qx "opened $file" "$work/trace" || fail "no 'opened $file' line"
[ "$(last '^step ' "$work/trace")" = "$want_step" ] || fail "opened at '$(last '^step ' "$work/trace")', not '$want_step'"
[ "$(last '^first ' "$work/trace")" = "$want_first" ] || fail "opened with '$(last '^first ' "$work/trace")'"
[ "$(last '^method ' "$work/trace")" = "$want_method" ] || fail "opened with '$(last '^method ' "$work/trace")'"
sleep 0.5
[ "$(last '^step ' "$work/trace")" = "$want_step" ] || fail "the watch did not stay paused at '$want_step'"
stop_app
echo "e2e_moment: reopened at the same step, pin and method"

# A damaged copy: refused before any window, with the file and the line, exit status 2.
sed 's/^method .*/method sideways/' "$file" >"$work/bad.nqmoment"
status=0
"$app" "$work/bad.nqmoment" >"$work/trace" 2>"$work/err" </dev/null || status=$?
[ "$status" -eq 2 ] || fail "a bad moment gave exit status $status, not 2"
line=$(grep -n '^method ' "$work/bad.nqmoment" | cut -d: -f1)
grep -q "^$work/bad.nqmoment:$line: method must be" "$work/err" || fail "the refusal does not name the line $line"
echo "e2e_moment: a bad moment refused: $(cat "$work/err")"

# Dropped on the window of a fresh start: the same step, pin and method; then the damaged copy,
# refused in the panel, and nothing else changes.
: >"$work/trace"
"$app" --trace --size 1000x700 >"$work/trace" 2>"$work/err" </dev/null &
app_pid=$!
wait_for '^board [0-9]+ [0-9]+ [0-9]+ [0-9]+$'
win=$(app_window)
"$drop" "$win" "$file" || fail "xdnd_drop could not drop $file on the window"
wait_for "^opened $file\$"
for _ in $(seq $(( 300 * ${NQ_WAIT_SCALE:-1} ))); do [ "$(last '^step ' "$work/trace")" = "$want_step" ] && break; sleep 0.1; done
[ "$(last '^step ' "$work/trace")" = "$want_step" ] || fail "dropped, it opened at '$(last '^step ' "$work/trace")'"
[ "$(last '^first ' "$work/trace")" = "$want_first" ] || fail "dropped, it opened with '$(last '^first ' "$work/trace")'"
[ "$(last '^method ' "$work/trace")" = "$want_method" ] || fail "dropped, it opened with '$(last '^method ' "$work/trace")'"
lines=$(wc -l <"$work/trace")
"$drop" "$win" "$work/bad.nqmoment" || fail "xdnd_drop could not drop the damaged copy"
wait_for "^panel notice: $work/bad.nqmoment:$line: method must be"
if tail -n +"$((lines + 1))" "$work/trace" | grep -Eq '^(opened|n|first|method|step) '; then
  fail "the refused drop changed the board: $(tail -n +"$((lines + 1))" "$work/trace" | tr '\n' '|')"
fi
stop_app
echo "e2e_moment: dropped on the window it opens at the same step; the damaged copy is refused there"
