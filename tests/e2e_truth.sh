#!/usr/bin/env bash
# End-to-end: one truth on screen. The real app under Xvfb, driven with xdotool through the
# contradictions a new user once met, each read back through the trace's phase and panel lines
# (what the panel reads, in English): a notice outliving its step, a step narrated under a
# solution, "Searching" while paused, a clock that counts a pause, figures under another search's
# name, a pin after the end that did not start, two unique counts, a race that does not say what
# its lanes race to; and the first start (the rule and what to do, waiting for Space), the key to
# the board's marks, and the end of a watch on its last solution.
#   e2e_truth.sh PATH/nqueens PATH/nqueens-cli OUTPUT_DIR
# Screenshots land in OUTPUT_DIR (truth-*.png) for people to look at.
set -euo pipefail
app=$1 cli=$2 out=$3
mkdir -p "$out"
# shellcheck source=e2e_common.sh
. "$(dirname "$0")/e2e_common.sh"
e2e_require e2e_truth Xvfb xdotool import

# panel ID: what the panel's line ID reads now (its last trace line), or "none".
panel() {
  local last
  last=$(grep -E "^panel $1(:| none$)" "$work/trace" | tail -1)
  case $last in
    "panel $1 none"|"") echo none ;;
    *) echo "${last#"panel $1: "}" ;;
  esac
}
phase() { grep '^phase ' "$work/trace" | tail -1 | cut -d' ' -f2; }
key() { xdotool key --window "$win" "$@"; }
shot() { import -window root "$out/truth-$1.png"; }
# until_panel ID REGEX: until the panel's line ID reads something that matches.
until_panel() {
  for _ in $(seq 200); do
    panel "$1" | grep -Eq "$2" && return 0
    kill -0 "$app_pid" 2>/dev/null || fail "the app exited while waiting for the $1 line '$2'"
    sleep 0.1
  done
  fail "the $1 line never read '$2' (it reads '$(panel "$1")')"
}
until_phase() { # PHASE [SECONDS]
  for _ in $(seq $(( ${2:-20} * 10 ))); do
    [ "$(phase)" = "$1" ] && return 0
    sleep 0.1
  done
  fail "the phase never became $1 (it is $(phase))"
}
board_click() { # COL ROW N: the middle of a square of the last reported board
  local x y w h
  read -r x y w h <<<"$(grep '^board ' "$work/trace" | tail -1 | cut -d' ' -f2-)"
  xdotool mousemove --window "$win" $(( x + (2 * $1 - 1) * w / (2 * $3) )) $(( y + (2 * $2 - 1) * h / (2 * $3) )) click 1
}

e2e_display

# A first start (no settings yet) waits before the first step, under the puzzle's rule and what to
# do; Space starts the search and both go. Quitting saves the settings: the next start is not a
# first start.
e2e_first_start
"$app" --trace --size 1100x760 >"$work/trace" 2>"$work/err" </dev/null &
app_pid=$!
wait_for '^board [0-9]+ [0-9]+ [0-9]+ [0-9]+$'
win=$(app_window)
until_phase paused
until_panel narration '^Place 8 queens on the 8 x 8 board so that no two queens share a row, a column or a diagonal\.$'
until_panel notice '^Click a square to pin the first queen there, or press Space to start the search\.$'
[ "$(panel first)" = "No queen pinned yet: click a square." ] || fail "at a first start: '$(panel first)'"
wait_for '^legend (none|pointer)$'   # the key of the empty board
shot first-start
key space
until_phase playing
until_panel notice '^none$'
# The steps' narration and the key follow the board. A slow frame may show two steps at once, so
# what is read is that the search moved and that some frame's key listed the square being tried.
wait_for '^panel timeline: Step [1-9][0-9]* of'
wait_for '^panel narration: row [1-8], column [1-8]: trying$'
wait_for '^legend .*trying'
quit_app
[ -s "$work/data/nqueens/N-Queens Explorer/settings.txt" ] || fail "quitting saved no settings"
echo "e2e_truth: a first start waits under the rule; Space starts the search"

: >"$work/trace"
"$app" --trace --n 6 --method forward --size 1100x760 --speed 5 >"$work/trace" 2>"$work/err" </dev/null &
app_pid=$!
wait_for '^board [0-9]+ [0-9]+ [0-9]+ [0-9]+$'
win=$(app_window)
until_phase playing
wait_for '^panel solution(:| none$)'   # written after the phase line, in the same frame
[ "$(panel solution)" = "Searching..." ] || fail "at the start the solution line reads '$(panel solution)'"

# A notice answers the key it was about and goes when the step does: pause, ask for the next
# landmark where none is recorded yet, play on.
wait_for '^panel timeline: Step [3-9] of'   # any frame: the last one may be past it already
key space
until_phase paused
key greater
until_panel notice '^No solution or dead end after this step yet: Space plays on\.$'
key space
until_phase playing
until_panel notice '^none$'
echo "e2e_truth: the landmark notice went when the watch moved on"

# Paused: nothing says the search goes on, the steps a second read "-", and Elapsed stands still.
key space
until_phase paused
sleep 0.5
for id in solution solutions placed deadends elapsed rate unique timeline narration about notice; do
  line=$(panel "$id")
  if grep -Eq 'Searching|so far' <<<"$line"; then fail "paused, the $id line reads '$line'"; fi
done
[ "$(panel rate)" = "Steps per second: -" ] || fail "paused, the rate line reads '$(panel rate)'"
elapsed=$(panel elapsed)
sleep 3
[ "$(panel elapsed)" = "$elapsed" ] || fail "paused for 3 s, Elapsed went from '$elapsed' to '$(panel elapsed)'"
shot paused
echo "e2e_truth: paused 3 s: '$elapsed' stands, nothing says searching"

# End pages to the last solution found: the board, the narration and the solution line agree.
# At 20 steps a second the search (589 steps) is far from its end when End arrives.
key bracketright bracketright
key space
until_panel solutions '^Solutions: [1-9]'
key End
until_panel solution '^Solution [0-9]+ of [0-9]+ \(search paused\)$'
k=$(panel solution | sed -E 's/^Solution ([0-9]+) of.*/\1/')
until_panel narration "^Solution $k: no two queens share a row, a column or a diagonal\.$"
shot solution
echo "e2e_truth: End shows solution $k, narrated as solution $k"

# Watch to the end at full speed, N = 8 by backtracking: the figures are the row search's, as
# nqueens-cli's count by backtracking says.
key Escape
key n 8 Return
wait_for '^n 8$'
key m m m   # forward -> firstfail -> minconflicts -> backtrack
until_panel deadends '^Dead ends: '
for _ in $(seq 12); do key bracketright; done   # the new search plays: at full speed to its end
until_phase finished 90
placed=$("$cli" count 8 --method backtrack | grep -Ei '^queens placed' | grep -Eo '[0-9]+$')
failed=$("$cli" count 8 --method backtrack | grep -Ei '^(failures|dead ends)' | head -1 | grep -Eo '[0-9]+' | head -1)
[ "$(panel placed | tr -d ,)" = "Queens placed: $placed" ] || fail "N = 8: '$(panel placed)', nqueens-cli: $placed"
[ "$(panel deadends | tr -d ,)" = "Dead ends: $failed" ] || fail "N = 8: '$(panel deadends)', nqueens-cli: $failed"
# The board ends on the last solution found, not on the empty board the search ends with.
until_panel solution '^Solution 92 of 92$'
grep -q '^solution 92 of 92: 8 4 1 3 6 2 7 5$' "$work/trace" || fail "N = 8 finished: no last solution on the board"
until_panel narration '^The search is over: 92 solutions\. The board shows the last one found, solution 92\.$'
shot finished-8
echo "e2e_truth: N = 8 watched to the end: $(panel placed), $(panel deadends), as nqueens-cli counts"

# A pin after the end starts the new search playing, from the first free row (slowly, to see it).
for _ in $(seq 14); do key bracketleft; done
board_click 3 1 8
wait_for '^first 3 1$'
until_phase playing
wait_for '^panel narration: The search starts at row 2\.$'
echo "e2e_truth: a pin in row 1 after the end plays from row 2"

# Solve labels its own figures; unique paging and the unique figure read one count.
key Tab
wait_for '^mode solve$'
until_panel placed '^Queens placed above the last five rows: '
board_click 3 1 8   # lift the pin: unique boards are of the whole board
wait_for '^first none$'
key u
until_panel solution '^Unique 1 of 12$'
until_panel unique '^Unique \(rotation, reflection\): 12$'
shot unique
echo "e2e_truth: Solve's figures are labelled its own; Unique 1 of 12 beside 12"

# A race is fair or says why not: its figures are the race's own, Tab races again to each method's
# first solution, and each complete method's lane finishes at the step nqueens-cli traces its first.
key a
until_panel solutions '^Goal: all solutions; min-conflicts finds one'
key Tab
wait_for '^race goal first$'
until_panel solutions "^Goal: each method's first solution"
for _ in $(seq 12); do key bracketright; done
until_panel deadends '^Finished: 4 of 4 lanes$'
for method in backtrack forward firstfail; do
  steps=$(grep "^finished $method " "$work/trace" | tail -1 | awk '{print $5}')
  want=$("$cli" trace 8 --method "$method" | awk '/ solution 1:/ && !n { print $1; n = 1 }')
  [ "$steps" = "$want" ] || fail "$method reached its first solution in '$steps' steps, nqueens-cli traces $want"
done
shot race-first
key a
wait_for '^race none$'
echo "e2e_truth: a race to the first solution: each lane at nqueens-cli's first solution step"

quit_app
echo "e2e_truth: all passed"
