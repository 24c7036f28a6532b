#!/usr/bin/env bash
# End-to-end: your turn (Y) in the real app under Xvfb, driven with xdotool and read back through
# the trace: on N = 6 a click on an attacked square is refused naming its attacker, a hint names
# backtracking's next square, the queens of the first solution placed by clicks in a shuffled order
# give `play solved 1` (and the narration says which of how many), Ctrl+Z takes the last queen back
# and Ctrl+Y places it again, and a key of the search (Right) ends the turn.
#   e2e_play.sh PATH/nqueens OUTPUT_DIR
# Screenshots land in OUTPUT_DIR (play-*.png) for people to look at.
set -euo pipefail
app=$1 out=$2
mkdir -p "$out"
# shellcheck source=e2e_common.sh
. "$(dirname "$0")/e2e_common.sh"
e2e_require e2e_play Xvfb xdotool import

key() { xdotool key --window "$win" "$@"; }
shot() { import -window root "$out/play-$1.png"; }
# click COL ROW: the middle of that square of the board last traced (N = 6).
click() {
  local x y w h before
  read -r x y w h <<<"$(grep '^board ' "$work/trace" | tail -1 | cut -d' ' -f2-)"
  before=$(count_lines '^play ')
  xdotool mousemove --window "$win" $(( x + (2 * $1 - 1) * w / 12 )) $(( y + (2 * $2 - 1) * h / 12 )) click 1
  wait_more '^play ' "$before"
}

e2e_display
"$app" --trace --n 6 --size 1100x760 >"$work/trace" 2>"$work/err" </dev/null &
app_pid=$!
wait_for '^board [0-9]+ [0-9]+ [0-9]+ [0-9]+$'
win=$(app_window)
boards=$(count_lines '^board ')
key y
wait_for '^play on$'
wait_more '^board ' "$boards" # the tree is put away: the board grows
wait_for '^panel narration: Your turn: place 6 queens'

# The first solution of N = 6 is 2 4 6 1 3 5 (column of each row, top row first).
click 2 1
click 3 2 # attacked along the diagonal by the queen at row 1, column 2
grep -q '^play refused 3 2 by 2 1$' "$work/trace" || fail "the click on row 2, column 3 was not refused by 2 1"
wait_for '^panel narration: Row 2, column 3 is attacked along the diagonal down to the right by the queen at row 1, column 2\.$'
wait_for '^legend .*rejected'
shot refused
before=$(count_lines '^play hint')
key i
wait_more '^play hint' "$before"
grep -q '^play hint place 4 2$' "$work/trace" || fail "the hint is not row 2, column 4: $(grep '^play hint' "$work/trace")"
wait_for '^panel narration: Hint: backtracking fills row 2 next'
shot hint
for square in "5 6" "6 3" "1 4" "4 2" "3 5"; do
  # shellcheck disable=SC2086
  click $square
done
wait_for '^play solved 1$'
wait_for '^panel narration: Solved! No two queens attack each other: this is solution 1 of 4 in lexicographic order\.$'
wait_for '^legend .*solution'
shot solved
before=$(count_lines '^play ')
key ctrl+z
wait_more '^play ' "$before"
grep -q '^play remove 3 5$' "$work/trace" || fail "Ctrl+Z did not take back the last queen"
key ctrl+y
wait_more '^play solved 1$' 1
key Right
wait_for '^play off$'
echo "e2e_play: refused, hinted, solved (solution 1 of 4), undone, redone, left"
