#!/usr/bin/env bash
# End-to-end: Ctrl+G saves the watch from the step shown as an animated GIF. The real app under
# Xvfb, N = 6, paused at a step K of the watch: a screenshot of the board, then Ctrl+G. The trace's
# saved line names the GIF and the panel's notice its frames and size; identify (ImageMagick)
# reads the GIF back: 60 frames, each of that size, lasting 1/speed seconds; its first frame holds
# the board as the screenshot shows it at step K (found in the frame by compare's subimage search,
# then compared pixel by pixel), and the watch is still at step K afterwards.
#   e2e_gif.sh PATH/nqueens
# Skipped (77) without Xvfb, xdotool or ImageMagick.
set -euo pipefail
app=$1
# shellcheck source=e2e_common.sh
. "$(dirname "$0")/e2e_common.sh"
e2e_require e2e_gif Xvfb xdotool import identify compare convert
e2e_display

"$app" --trace --n 6 --speed 4 --size 1000x700 --theme light >"$work/trace" 2>"$work/err" </dev/null &
app_pid=$!
wait_for '^board [0-9]+ [0-9]+ [0-9]+ [0-9]+$'
win=$(app_window)
xdotool mousemove 0 0 # the pointer off the board: the window shades what it would attack
wait_for '^panel timeline: Step [3-9] ' 30
xdotool key --window "$win" space
wait_last 'phase ' 'paused'
sleep 0.5 # the paused frame drawn
step=$(grep '^panel timeline: Step ' "$work/trace" | tail -1 | sed -E 's/^panel timeline: Step ([0-9,]+) .*/\1/')
read -r bx by bw bh < <(grep -E '^board [0-9]+ [0-9]+ [0-9]+ [0-9]+$' "$work/trace" | tail -1 | cut -d' ' -f2-)
import -window "$win" "$work/window.png"
convert "$work/window.png" -crop "${bw}x${bh}+${bx}+${by}" +repage "$work/board.png"

before=$(count_lines '^saved ')
xdotool key --window "$win" ctrl+g
wait_more '^saved ' "$before" 1 60
gif=$(grep '^saved ' "$work/trace" | tail -1 | cut -d' ' -f2-)
[ "$gif" = "$work/nqueens-6-step-$step.gif" ] || fail "Ctrl+G at step $step saved '$gif'"
wait_for '^panel notice: Saved ' 30 # a frame after the saved line (later still under ThreadSanitizer)
notice=$(grep '^panel notice: Saved ' "$work/trace" | tail -1)
[[ $notice =~ Saved\ 60\ frames\ \(([0-9]+)\ x\ ([0-9]+)\ pixels\) ]] || fail "the notice reads '$notice'"
w=${BASH_REMATCH[1]} h=${BASH_REMATCH[2]}
[ "$w" -le 800 ] || fail "a GIF $w pixels across, more than 800"

frames=$(identify -format '%W %H %T\n' "$gif")
[ "$(wc -l <<<"$frames")" -eq 60 ] || fail "identify reads $(wc -l <<<"$frames") frames, not 60"
[ "$(sort -u <<<"$frames")" = "$w $h 25" ] ||
  fail "frames of $(sort -u <<<"$frames" | tr '\n' ';') (width, height, delay), not $w $h 25"

# The first frame's board is the screenshot's: found in the frame by subimage search, then no pixel
# off by more than the window's renderer rounds (the window draws through OpenGL under Xvfb, the
# GIF with SDL's software renderer: a queen's scaled edges differ by a few levels).
convert "$gif[0]" +repage "$work/first.png"
found=$(compare -metric RMSE -subimage-search "$work/first.png" "$work/board.png" null: 2>&1 || true)
[[ $found =~ @\ ([0-9]+),([0-9]+)$ ]] || fail "the board at step $step is not in the GIF's first frame ($found)"
x=${BASH_REMATCH[1]} y=${BASH_REMATCH[2]}
convert "$work/first.png" -crop "${bw}x${bh}+$x+$y" +repage "$work/first_board.png"
off=$(compare -metric AE -fuzz 8% "$work/board.png" "$work/first_board.png" null: 2>&1 || true)
[ "$off" = 0 ] || fail "$off pixels of the first frame's board (at $x,$y) differ from the window's at step $step"
echo "e2e_gif: the board at step $step is the first frame's, at $x,$y"

# The watch stayed where it was.
sleep 0.5
last=$(grep '^panel timeline: Step ' "$work/trace" | tail -1)
[[ $last == "panel timeline: Step $step of "* ]] || fail "after Ctrl+G the watch reads '$last', not step $step"
quit_app
echo "e2e_gif: Ctrl+G at step $step saved $gif: 60 frames of $w x $h, 25/100 s each"
