#!/usr/bin/env bash
# End-to-end: the real app in a real window under Xvfb, driven with xdotool as a person would,
# checked through its --trace lines against nqueens-cli, and looked at through screenshots.
#   e2e_app.sh PATH/nqueens PATH/nqueens-cli OUTPUT_DIR
# Screenshots land in OUTPUT_DIR (e2e-*.png) for people to look at.
set -euo pipefail
app=$1 cli=$2 out=$3
mkdir -p "$out"
# shellcheck source=e2e_common.sh
. "$(dirname "$0")/e2e_common.sh"
e2e_require e2e Xvfb xdotool xclip import identify

# Bad command-line values: exit 2, one line on stderr, nothing on stdout, no window needed.
for args in "--n 0" "--n 1000001" "--n x" "--n 100 --first 101,1" "--n 8 --first 9,9" "--n 8 --first 1" "--mode fast" "--speed 0" \
            "--size 10x10" "--size big" "--bogus" "--n"; do
  set +e
  # shellcheck disable=SC2086
  "$app" $args >"$work/out" 2>"$work/err" </dev/null
  status=$?
  set -e
  [ "$status" -eq 2 ] || fail "'nqueens $args' exited $status, not 2"
  [ ! -s "$work/out" ] || fail "'nqueens $args' printed on stdout"
  [ "$(wc -l <"$work/err")" -eq 1 ] && grep -q '^nqueens: ' "$work/err" || fail "'nqueens $args' did not say one line"
done
echo "e2e: bad command-line values exit 2 with a message"

# The help written to a full disk: exit 1 with one line saying so, not 0.
set +e
"$app" --help >/dev/full 2>"$work/err" </dev/null
status=$?
set -e
[ "$status" -eq 1 ] || fail "'nqueens --help >/dev/full' exited $status, not 1"
grep -q '^nqueens: cannot write the output' "$work/err" || fail "'nqueens --help >/dev/full' did not say why"
echo "e2e: the help written to a full disk exits 1 with a message"

# No display and no driver chosen: say so and exit 1, rather than run an invisible window.
set +e
env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER XDG_DATA_HOME="$work/nodisplay" \
  timeout 20 "$app" --n 8 >"$work/out" 2>"$work/err" </dev/null
status=$?
set -e
[ "$status" -eq 1 ] || fail "with no display the app exited $status, not 1"
grep -q '^nqueens: no display' "$work/err" || fail "with no display the app did not say so"
echo "e2e: with no display the app says so and exits 1"

e2e_display

"$app" --trace --n 8 --size 1000x700 --speed 1 >"$work/trace" 2>"$work/err" </dev/null &
app_pid=$!

# board_click COL ROW N: clicks the middle of a square of the last reported board.
board_click() {
  local x y w h
  read -r x y w h <<<"$(grep '^board ' "$work/trace" | tail -1 | cut -d' ' -f2-)"
  xdotool mousemove --window "$win" $(( x + (2 * $1 - 1) * w / (2 * $3) )) $(( y + (2 * $2 - 1) * h / (2 * $3) )) click 1
}
key() { xdotool key --window "$win" "$@"; sleep 0.15; }
shot() { import -window root "$out/e2e-$1.png"; }

wait_for '^board [0-9]+ [0-9]+ [0-9]+ [0-9]+$'
wait_for '^mode watch$'
win=$(app_window)
[ "$(xdotool getwindowname "$win")" = "N-Queens Explorer" ] || fail "the window's title is not N-Queens Explorer"
sleep 0.3
shot empty-8   # at 1 step a second, nothing is placed yet

board_click 1 2 8
wait_for '^first 1 2$'
for _ in 1 2 3 4 5; do key bracketright; done   # faster: 50 steps a second
sleep 1.2
key space                                      # pause, to look at a step
shot watching

# Step forward and back through the watched search; the step lines follow.
# A period asks for one step: two handled in one frame would make one, so each waits for its own.
steps=$(count_lines '^step ')
key period
wait_more '^step [0-9]+ of [0-9]+\+$' "$steps" 1
key period
wait_more '^step [0-9]+ of [0-9]+\+$' "$steps" 2
forward=$(grep '^step ' "$work/trace" | tail -1 | cut -d' ' -f2)
steps=$(count_lines '^step ')
key comma
key comma
key comma
wait_more '^step ' "$steps" 3
[ "$(grep '^step ' "$work/trace" | tail -1 | cut -d' ' -f2)" -eq $((forward - 3)) ] || fail "three steps back from $forward did not land on $((forward - 3))"
# A click in the middle of the timeline bar lands near the middle of what was recorded.
read -r tx ty tw th <<<"$(grep '^timeline ' "$work/trace" | tail -1 | cut -d' ' -f2-)"
steps=$(count_lines '^step ')
xdotool mousemove --window "$win" $(( tx + tw / 2 )) $(( ty + th / 2 )) click 1
wait_more '^step ' "$steps"
read -r _ k _ m <<<"$(grep '^step ' "$work/trace" | tail -1)"
m=${m%+}
[ $(( 4 * k )) -ge "$m" ] && [ $(( 4 * k )) -le $(( 3 * m )) ] || fail "a click mid-bar went to step $k of $m"
echo "e2e: stepped to $forward, back to $((forward - 3)), clicked mid-bar: step $k of $m"
shot timeline

# The search tree: T shows it, at the last step recorded; a click on a finished node (a dead end in
# red, a queen with nothing under it in grey, or a collapsed subtree) moves the timeline to the step
# that placed that queen, and the trace names the node; Ctrl+T saves the tree.
steps=$(count_lines '^step ')
xdotool mousemove --window "$win" $(( tx + tw - 1 )) $(( ty + th / 2 )) click 1
wait_more '^step ' "$steps"
read -r _ k _ m <<<"$(grep '^step ' "$work/trace" | tail -1)"
key t
wait_for '^tree [0-9]+ [0-9]+ [0-9]+ [0-9]+$'
# The tree's place is traced as its frame is laid out, before it is drawn, and a screenshot may
# still show the frame before it (the larger board, whose marks share the tree's colours): look
# for a finished node, click it, and look again if the click met no node.
steps=$(count_lines '^step ')
red=
for _ in $(seq $(( 8 * ${NQ_WAIT_SCALE:-1} ))); do
  sleep 0.3
  read -r rx ry rw rh <<<"$(grep '^tree ' "$work/trace" | tail -1 | cut -d' ' -f2-)"
  import -window "$win" "$work/tree.png"
  convert "$work/tree.png" -crop "${rw}x${rh}+${rx}+${ry}" +repage "$work/tree.txt"
  red=$(grep -Eim1 '#(D24646|96A0B0|606A7C)' "$work/tree.txt" | cut -d: -f1 || true)
  [ -n "$red" ] || continue
  xdotool mousemove --window "$win" $(( rx + ${red%,*} )) $(( ry + ${red#*,} + 3 )) click 1
  for _ in $(seq $(( 20 * ${NQ_WAIT_SCALE:-1} ))); do
    [ "$(count_lines '^step ')" -gt "$steps" ] && break 2
    sleep 0.1
  done
done
[ -n "$red" ] || fail "no finished node is drawn in the tree"
wait_more '^step ' "$steps"
wait_for '^node [0-9]+ [0-9]+$'
last_move=$(grep -E '^(step|node) ' "$work/trace" | tail -1)
grep -Eq '^node [0-9]+ [0-9]+$' <<<"$last_move" || fail "a click on a tree node did not select it: $last_move"
read -r _ node_step _ <<<"$(grep '^step ' "$work/trace" | tail -1)"
[ "$node_step" -lt "$k" ] || fail "the finished node clicked (step $node_step) should come before step $k"
echo "e2e: a click on a tree node went to step $node_step, $last_move"
shot tree-8
key ctrl+t
wait_for '^saved /.*-tree-step-[0-9]+\.png$'
tree_png=$(grep '^saved ' "$work/trace" | tail -1 | cut -d' ' -f2-)
[ -s "$tree_png" ] || fail "the saved tree $tree_png is missing or empty"
key t
wait_for '^tree none$'

key space
key Tab
wait_for '^mode solve$'
wait_for '^done solutions 8 nodes [0-9]+ deadends [0-9]+$'
# The first solution may be shown while the fill is still counting ("of 6+"), before "done".
wait_for '^solution 1 of [0-9]+\+?: '
ones=$(count_lines '^solution 1 of 8: ')
for _ in 1 2 3 4 5 6 7; do key Right; done
key End
key Home
key Left
key Next
key Prior
wait_for '^solution 8 of 8: '
wait_more '^solution 1 of 8: ' "$ones" 2   # Home and PgUp each show solution 1 again: every key is taken
shot solution

# Every solution line the app printed is that solution of nqueens-cli's list, in order.
"$cli" list 8 --first 1,2 --format line >"$work/expected"
seen=0
while read -r k _ m cols; do
  m=${m%:}; m=${m%+}
  [ "$m" = 8 ] || [ "$k" = 1 ] || fail "solution $k said 'of $m'"
  [ "$cols" = "$(sed -n "${k}p" "$work/expected")" ] || fail "solution $k shows '$cols', nqueens-cli says '$(sed -n "${k}p" "$work/expected")'"
  seen=$((seen + 1))
done < <(grep '^solution ' "$work/trace" | cut -d' ' -f2-)
for k in 1 2 3 4 5 6 7 8; do grep -q "^solution $k of 8" "$work/trace" || fail "solution $k was never shown"; done
echo "e2e: $seen solution lines, all equal to nqueens-cli list 8 --first 1,2"

# Ctrl+C copies the solution shown as text: DESIGN.md's board layout, headed.
shown=$(grep '^solution ' "$work/trace" | tail -1 | cut -d' ' -f2)
"$cli" list 8 --first 1,2 --from "$shown" --limit 1 | sed '$d' >"$work/expected-board"
: >"$work/copied"
key ctrl+c
for _ in $(seq $(( 30 * ${NQ_WAIT_SCALE:-1} ))); do   # the copy lands once the app has read the key
  xclip -selection clipboard -o >"$work/copied" 2>/dev/null && cmp -s "$work/copied" "$work/expected-board" && break
  sleep 0.1
done
[ -s "$work/copied" ] || fail "nothing on the clipboard after Ctrl+C"
cmp -s "$work/copied" "$work/expected-board" || fail "the copied text is not nqueens-cli's board: $(cat "$work/copied")"
echo "e2e: Ctrl+C copied solution $shown exactly as nqueens-cli prints it"

# Resize, then click again where the new board is: column 3, row 1.
boards=$(count_lines '^board ')
xdotool windowsize "$win" 760 560
wait_more '^board ' "$boards"
board_click 3 1 8
wait_for '^first 3 1$'
wait_for '^done solutions 16 '   # 16 solutions have their first queen in column 3
shot resized

saves=$(count_lines '^saved ')
key ctrl+s
wait_more '^saved ' "$saves"
png=$(grep '^saved ' "$work/trace" | tail -1 | cut -d' ' -f2-)
[ -s "$png" ] || fail "the saved file $png is missing or empty"
colors=$(identify -format '%k' "$png")
[ "$colors" -gt 8 ] || fail "the saved board has only $colors colours"
cp "$png" "$out/e2e-saved.png"
echo "e2e: saved $(basename "$png"): $(identify -format '%wx%h' "$png"), $colors colours"
# The same board again: a new file, the first one kept.
saves=$(count_lines '^saved ')
key ctrl+s
wait_more '^saved ' "$saves"
second=$(grep '^saved ' "$work/trace" | tail -1 | cut -d' ' -f2-)
[ "$second" != "$png" ] && [ -s "$second" ] && [ -s "$png" ] || fail "a second save overwrote $png"
echo "e2e: saved again as $(basename "$second"), the first kept"

# Methods: M makes Watch search by forward checking, whose steps cross off squares; A races three
# methods (4 takes min-conflicts out) on this board at full speed: each finishes, the fewer steps
# the earlier, each with as many steps as nqueens-cli traces for that method.
key Tab
wait_for '^mode watch$'
key m
wait_for '^method forward$'
key a
wait_for '^race backtrack forward firstfail minconflicts$'
key 4
wait_for '^race backtrack forward firstfail$'
# Only the race of three's finishes count: at 50 steps a second min-conflicts may finish the race
# of four before 4 arrives (a slow machine).
three=$(grep -n '^race backtrack forward firstfail$' "$work/trace" | tail -1 | cut -d: -f1)
finishes() { tail -n +"$three" "$work/trace" | grep '^finished ' || true; }
for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22; do key bracketright; done
for _ in $(seq $(( 100 * ${NQ_WAIT_SCALE:-1} ))); do
  [ "$(finishes | wc -l)" -ge 3 ] && break
  sleep 0.1
done
[ "$(finishes | wc -l)" -eq 3 ] || fail "the race of three did not finish: $(finishes)"
while read -r _ method place _ steps; do
  want=$("$cli" trace 8 --first 3,1 --method "$method" | wc -l)
  [ "$steps" -eq "$want" ] || fail "$method finished the race in $steps steps, nqueens-cli traces $want"
  while read -r _ other other_place _ other_steps; do
    if [ "$other_steps" -lt "$steps" ] && [ "$other_place" -ge "$place" ]; then
      fail "$other ($other_steps steps) placed $other_place, not ahead of $method ($steps steps, $place)"
    fi
  done < <(finishes)
done < <(finishes)
echo "e2e: a race of three methods: $(finishes | cut -d' ' -f2,3,5 | tr '\n' ';')"
shot race-8
key a
wait_for '^race none$'

# The heatmap of the board with the queen at 3,1, then of the whole board once the pin is lifted:
# its total, largest number and unused squares are those of nqueens-cli heatmap's matrix.
heat_figures() { # N [--first C,R]: "total T max M unused Z" from nqueens-cli's matrix
  "$cli" heatmap "$@" | awk -v n="$1" '
    NR > 1 && NF == n + 1 { for (i = 2; i <= NF; i++) { if ($i + 0 > max) max = $i + 0; if ($i == 0) zero++; if (NR == 2) total += $i } }
    END { printf "total %d max %d unused %d", total, max, zero }'
}
key h
wait_for '^heat shown$'
wait_for "^heat done $(heat_figures 8 --first 3,1)\$"
sleep 0.3
shot heat-8-pinned
board_click 3 1 8
wait_for '^first none$'
wait_for "^heat done $(heat_figures 8)\$"
sleep 0.3
shot heat-8
echo "e2e: heatmaps as nqueens-cli's: $(grep '^heat done' "$work/trace" | tr '\n' ';')"
key h
wait_for '^heat none$'

# Unique paging: one board per class, each the one nqueens-cli list --unique gives that number; V
# shows the class of the board shown, and a click on one of its boards pages to that solution.
key Tab
wait_for '^mode solve$'
key u
wait_for '^unique shown$'
wait_for '^unique 1 of [0-9]+\+?: '
wait_for '^unique done 12$'   # paging past what the count has reached would stop short of 3
key Right
key Right
wait_for '^unique 3 of 12: '
"$cli" list 8 --unique --format line >"$work/unique"
got=$(grep '^unique 3 of 12: ' "$work/trace" | tail -1 | cut -d: -f2- | sed 's/^ //')
want=$(grep -v '^$' "$work/unique" | sed -n 3p | sed 's/^.*: //')
[ "$got" = "$want" ] || fail "unique board 3 is '$got'; nqueens-cli list --unique says '$want'"
key v
wait_for '^variants shown$'
wait_for '^variant 2 [0-9]+ [0-9]+ [0-9]+ [0-9]+$'
sleep 0.3
shot variants-8
read -r _ _ x y w h <<<"$(grep '^variant 2 ' "$work/trace" | tail -1)"
xdotool mousemove --window "$win" $(( x + w / 2 )) $(( y + h / 2 )) click 1
wait_for '^unique none$'
wait_for '^solution [0-9]+ of 92: '
read -r k cols <<<"$(grep '^solution [0-9]* of 92: ' "$work/trace" | tail -1 | sed -E 's/^solution ([0-9]+) of 92: /\1 /')"
[ "$cols" = "$("$cli" list 8 --format line | sed -n "${k}p")" ] || fail "variant 2 paged to solution $k: $cols"
echo "e2e: unique 3 of 12 as nqueens-cli's; its variant 2 is solution $k"
key v
wait_for '^variants none$'

# A board of 100,000 typed in: found at once and verified here; zoomed in at the middle of the
# board, a click pins that square, and the new solution has its queen there.
verify_line() { # N: the last "found:" line is a solution of the N x N board (read again for up to
  # 10 s: a line of a million columns reaches the file in pieces, and a slow build writes slowly)
  for _ in $(seq $(( 50 * ${NQ_WAIT_SCALE:-1} ))); do
    grep '^found:' "$work/trace" | tail -1 | cut -d: -f2 | tr ' ' '\n' | grep -v '^$' | awk -v n="$1" '
      { r = NR; c = $1; if (c < 1 || c > n || col[c]++ || up[r + c]++ || down[r - c + n]++) bad = 1 }
      END { exit !(NR == n && !bad) }' && return 0
    sleep 0.2
  done
  return 1
}
key n
for d in 1 0 0 0 0 0; do key "$d"; done
key Return
wait_for '^n 100000$'
wait_for '^found: ' 30
verify_line 100000 || fail "the board of 100000 found is not a solution"
wait_for '^board [0-9]+ [0-9]+ [0-9]+ [0-9]+$'
read -r x y w h <<<"$(grep '^board ' "$work/trace" | tail -1 | cut -d' ' -f2-)"
xdotool mousemove --window "$win" $(( x + w / 2 )) $(( y + h / 2 ))
for _ in $(seq 45); do xdotool click 4; sleep 0.02; done
sleep 0.5
shot big-zoomed
founds=$(count_lines '^found:') pins=$(count_lines '^first [0-9]+ [0-9]+$')
xdotool click 1
wait_more '^first [0-9]+ [0-9]+$' "$pins" # a pin of earlier in the run matches too: wait for this one
read -r _ c r <<<"$(grep '^first ' "$work/trace" | tail -1)"
# At the first zoom a pixel is some 250 squares: the middle pixel's square stays under the pointer.
[ "$c" -gt 49500 ] && [ "$c" -lt 50500 ] && [ "$r" -gt 49500 ] && [ "$r" -lt 50500 ] ||
  fail "a click in the middle of the zoomed board pinned $c,$r"
wait_more '^found:' "$founds" 1 30
verify_line 100000 || fail "the board of 100000 found with the pin is not a solution"
[ "$(grep '^found:' "$work/trace" | tail -1 | cut -d' ' -f$((r + 1)))" = "$c" ] || fail "the solution found lacks the queen at $c,$r"
sleep 0.5
shot big-pinned
echo "e2e: N = 100000 typed, found and verified; zoomed in, a click pinned $c,$r, found again with it"
key n
key 8
key Return
wait_for '^n 8$'

# Colours: D goes to the light theme, then high contrast, Shift+D back; each is traced.
key d
wait_for '^theme light$'
key d
wait_for '^theme contrast$'
sleep 0.3
shot theme-contrast-8
key shift+d
key shift+d
wait_for '^theme dark$'
echo "e2e: D and Shift+D went through the light, high-contrast and dark themes"

# No solution for N = 3.
key minus
for _ in 1 2 3 4; do key minus; done
wait_for '^n 3$'
wait_for '^nosolution$'
sleep 0.3
shot no-solution-3

quit_app
echo "e2e: passed"
