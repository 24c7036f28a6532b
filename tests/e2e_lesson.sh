#!/usr/bin/env bash
# End-to-end: a lesson walked to its end in the real app under Xvfb, read back through --trace.
# The app starts on N = 6 by forward checking; F2 lists the lessons of a folder of our own
# (NQUEENS_LESSONS) and Enter opens the test lesson (tests/lessons/walk.lesson); its pages are met
# by a click on the board (your turn), Space and the watch's own steps; Enter before a task is met
# goes nowhere, a click on the page's Next button or Enter goes on, Backspace goes back a page, and
# Enter after the last page leaves the lesson, giving back N = 6 and forward checking. A broken copy is refused before any window opens, with
# FILE:LINE and exit status 2. Screenshots land in OUTPUT_DIR (lesson-*.png) for people to look at.
# Then the bundled lesson BUNDLED (en/01-rule: four queens by hand) is walked to its end by clicks on
# the board alone: each placement, two solved boards, a page that starts afresh from an empty board.
#   e2e_lesson.sh PATH/nqueens LESSON OUTPUT_DIR BUNDLED
# Skipped (77) without Xvfb, xdotool and import.
set -euo pipefail
app=$1 lesson=$2 out=$3 bundled=$4
mkdir -p "$out"
# shellcheck source=e2e_common.sh
. "$(dirname "$0")/e2e_common.sh"
e2e_require e2e_lesson Xvfb xdotool import

name=$(basename "$lesson" .lesson)
key() {
  local before
  before=$(count_lines '^lessons? ')
  xdotool key --window "$win" "$1"
  [ "${2:-}" = quiet ] || wait_more '^lessons? ' "$before"
}
shot() { import -window root "$out/lesson-$1.png"; }
last() { grep -E "$1" "$work/trace" | tail -1; }
# click COL ROW: the middle of that square of the board last traced (N = 4).
click() {
  local x y w h
  read -r x y w h <<<"$(grep '^board ' "$work/trace" | tail -1 | cut -d' ' -f2-)"
  xdotool mousemove --window "$win" $(( x + (2 * $1 - 1) * w / 8 )) $(( y + (2 * $2 - 1) * h / 8 )) click 1
}

e2e_display
mkdir -p "$work/lessons/en"
cp "$lesson" "$work/lessons/en/"
export NQUEENS_LESSONS=$work/lessons
"$app" --trace --n 6 --method forward --size 1000x700 >"$work/trace" 2>"$work/err" </dev/null &
app_pid=$!
wait_for '^board [0-9]+ [0-9]+ [0-9]+ [0-9]+$'
win=$(app_window)
sleep 0.3

key F2
wait_for '^lessons 1$'
sleep 0.3
shot list
boards=$(count_lines '^board ')
key Return
wait_for "^lesson $name page 1\$"
wait_for '^play on$'
wait_more '^board ' "$boards" # the page's board, above the lesson's box: where the click goes
sleep 0.5
shot page
key Return quiet # the task is not done: the page stays
sleep 0.5
[ "$(last '^lesson ')" = "lesson $name page 1" ] || fail "Enter went on before the task was done"
click 2 1
wait_for "^lesson done $name page 1\$"
wait_for '^panel lesson_done: '
sleep 0.3
shot done
# The page's Next button, where the trace says it is, goes on as Enter does.
read -r x y w h <<<"$(grep '^lesson_next [0-9]' "$work/trace" | tail -1 | cut -d' ' -f2-)"
xdotool mousemove --window "$win" $(( x + w / 2 )) $(( y + h / 2 )) click 1
wait_for "^lesson $name page 2\$"
key space
wait_for "^lesson done $name page 2\$"
# dead_end_met COUNT: steps with . (one step a frame, so a slow frame cannot pass over a dead end,
# and the watch then stays on it) until page 3's task has been met COUNT times.
dead_end_met() {
  for _ in $(seq $(( 150 * ${NQ_WAIT_SCALE:-1} ))); do
    [ "$(count_lines "^lesson done $name page 3\$")" -ge "$1" ] && return 0
    key period quiet
    sleep 0.2
  done
  fail "page 3's task (a dead end shown) was not met ($1)"
}
key Return
dead_end_met 1
key Return
wait_for "^lesson done $name page 4\$" # no task: met at once, at the next frame
key BackSpace
[ "$(grep -c "^lesson $name page 3\$" "$work/trace")" -eq 2 ] || fail "Backspace did not show page 3 again"
dead_end_met 2
key Return
wait_more "^lesson done $name page 4\$" 0 2
key Return
wait_for '^lesson off$'
sleep 0.5
[ "$(last '^n ')" = "n 6" ] || fail "leaving the lesson gave back '$(last '^n ')', not n 6"
[ "$(last '^method ')" = "method forward" ] || fail "leaving the lesson gave back '$(last '^method ')'"
shot after
quit_app
echo "e2e_lesson: $name walked to its end ($(grep -c "^lesson $name page" "$work/trace") pages shown), and left"

# A broken copy: refused before any window, with the file and the line, exit status 2.
sed 's/^do place .*/do place 9,9/' "$lesson" >"$work/bad.lesson"
status=0
"$app" "$work/bad.lesson" >"$work/trace" 2>"$work/err" </dev/null || status=$?
[ "$status" -eq 2 ] || fail "a bad lesson gave exit status $status, not 2"
line=$(grep -n '^do place ' "$work/bad.lesson" | head -1 | cut -d: -f1)
grep -q "^$work/bad.lesson:$line: " "$work/err" || fail "the refusal does not name the line $line"
echo "e2e_lesson: a bad lesson refused: $(cat "$work/err")"

# The bundled lesson, by clicks on the board (and Enter between pages).
name=$(basename "$bundled" .lesson)
"$app" --trace --size 1000x700 --lesson "$bundled" >"$work/trace" 2>"$work/err" </dev/null &
app_pid=$!
wait_for "^lesson $name page 1\$"
win=$(app_window)
page_done() { # PAGE: the page's task met, then Enter to the next
  wait_for "^lesson done $name page $1\$"
  key Return
}
wait_for '^play on$'
sleep 0.5
click 2 1
page_done 1
wait_for "^lesson $name page 2\$"
click 4 2
page_done 2
click 1 3
click 3 4
wait_for '^play solved 1$'
page_done 3
wait_for "^lesson $name page 4\$"
sleep 0.5
click 1 1 # the page's board is empty: the corner is free
page_done 4
page_done 5 # no task
wait_for "^lesson $name page 6\$"
wait_for '^first 1 2$'
sleep 0.5
solved=$(count_lines '^play solved 1$')
click 3 1
click 4 3
click 2 4
wait_more '^play solved 1$' "$solved" # the only solution with that pin
shot bundled-end
page_done 6
wait_for '^lesson off$'
[ "$(grep -c '^play refused' "$work/trace")" -eq 0 ] || fail "a click was refused: $(grep '^play refused' "$work/trace")"
quit_app
echo "e2e_lesson: the bundled $name walked to its end by clicks ($(grep -c "^lesson done $name" "$work/trace") pages done)"
