#!/usr/bin/env bash
# End-to-end: predicting the next step (P) in the real app under Xvfb. Forward checking on N = 6:
# the first decisions that nqueens-cli traces (a queen placed: a click on its square; a queen taken
# back: B) are answered by clicks and keys, and each must come back as `predict COL ROW right` or
# `predict back right`; then one wrong answer, and the score line says so.
#   e2e_predict.sh PATH/nqueens PATH/nqueens-cli OUTPUT_DIR
# A screenshot lands in OUTPUT_DIR (predict-*.png) for people to look at.
set -euo pipefail
app=$1 cli=$2 out=$3
mkdir -p "$out"
# shellcheck source=e2e_common.sh
. "$(dirname "$0")/e2e_common.sh"
e2e_require e2e_predict Xvfb xdotool import

key() { xdotool key --window "$win" "$@" || fail "xdotool could not press $*"; }
board_click() { # COL ROW N: the middle of a square of the last reported board
  local x y w h
  read -r x y w h <<<"$(grep '^board ' "$work/trace" | tail -1 | cut -d' ' -f2-)"
  xdotool mousemove --window "$win" $(( x + (2 * $1 - 1) * w / (2 * $3) )) $(( y + (2 * $2 - 1) * h / (2 * $3) )) click 1
}
question='^panel notice: Where will the search try next'
waiting='^panel timeline: Step [0-9]+ of [0-9]+ \(paused\)$'

e2e_display
"$app" --trace --size 1100x760 --n 6 --method forward --speed 50 >"$work/trace" 2>"$work/err" </dev/null &
app_pid=$!
wait_for '^board [0-9]+ [0-9]+ [0-9]+ [0-9]+$'
win=$(xdotool search --sync --classname '^nqueens$' | head -1)
wait_for '^phase playing$'
# The watch plays from the start: P, then R (a new search, predicting still on) to be asked from
# its first step.
key p
wait_for '^predict on$'
# P may land before the watch's first step: the app is then paused at step 0 already, R changes
# nothing on screen and traces no new line. So wait for the last timeline line to read step 0.
key r
wait_last 'panel timeline: ' '^panel timeline: Step 0 of 0 \(paused\)$'
wait_for "$question"

# The first six decisions of the search, as the engine's command-line trace writes them.
"$cli" trace 6 --method forward | grep -E '^[0-9]+ (place|remove) ' >"$work/all-decisions"
head -6 "$work/all-decisions" >"$work/decisions"
[ "$(wc -l <"$work/decisions")" = 6 ] || fail "nqueens-cli traced $(wc -l <"$work/decisions") decisions"
while read -r _ kind _ row _ col; do
  row=${row%,} paused=$(count_lines "$waiting")
  if [ "$kind" = place ]; then
    board_click "$col" "$row" 6
    wait_more "^predict $col $row right\$" 0
  else
    key b
    wait_more '^predict back right$' 0
  fi
  wait_more "$waiting" "$paused" # at the next question, a step or more on
done <"$work/decisions"
echo "e2e_predict: six decisions predicted right by clicks and B"

# The seventh decision answered wrong: B where the trace places a queen, else a click (where it
# takes one back).
seventh=$(sed -n 7p "$work/all-decisions" | cut -d' ' -f2)
if [ "$seventh" = place ]; then
  key b
  wait_for '^predict back wrong$'
else
  board_click 1 1 6
  wait_for '^predict 1 1 wrong$'
fi
wait_for '^panel score: Predictions: 6 of 7 right$'
wait_for '^panel verdict: Wrong: '
sleep 0.5
import -window root "$out/predict-wrong.png"
echo "e2e_predict: a wrong answer is judged wrong, and the score reads 6 of 7"

key p
wait_for '^predict off$'
wait_for '^panel score none$'
quit_app
echo "e2e_predict: all passed"
