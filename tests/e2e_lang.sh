#!/usr/bin/env bash
# End-to-end, in every language: the real app under Xvfb started with --lang, screenshots of its
# window and help overlay for people to look at, then switched with L, which the trace confirms
# (`lang CODE`) and the panel shows (its pixels change); the choice kept, the environment's not;
# screenshots of the smallest window in Thai and Persian; a bad --lang.
#   e2e_lang.sh PATH/nqueens OUTPUT_DIR
# Screenshots land in OUTPUT_DIR (lang-*.png) for people to look at.
set -euo pipefail
app=$1 out=$2
mkdir -p "$out"
# shellcheck source=e2e_common.sh
. "$(dirname "$0")/e2e_common.sh"
e2e_require e2e_lang Xvfb xdotool import convert compare

# A bad code: exit 2 and one line, in the language of the environment (Hebrew letters are the
# bytes D7 90 to D7 AA).
set +e
LANGUAGE=he "$app" --lang xx >"$work/out" 2>"$work/err" </dev/null
status=$?
set -e
[ "$status" -eq 2 ] || fail "--lang xx exited $status, not 2"
[ "$(wc -l <"$work/err")" -eq 1 ] || fail "--lang xx did not say one line"
grep -q 'xx' "$work/err" && LC_ALL=C grep -q $'\xd7[\x90-\xaa]' "$work/err" || fail "--lang xx under LANGUAGE=he did not say so in Hebrew: $(cat "$work/err")"
echo "e2e_lang: a bad --lang exits 2 with one line in the environment's language"

e2e_display

# start ARGS...: the app, its window found and shown.
start() {
  "$app" --trace "$@" >"$work/trace" 2>"$work/err" </dev/null &
  app_pid=$!
  wait_for '^board [0-9]+ [0-9]+ [0-9]+ [0-9]+$'
  win=$(app_window)
  sleep 0.5
}
stop() { quit_app; }
# panel FILE: the panel's part of a window screenshot (right of the board).
panel() {
  local x
  read -r x _ _ _ <<<"$(grep -E '^panel [0-9]+ [0-9]+ [0-9]+ [0-9]+$' "$work/trace" | tail -1 | cut -d' ' -f2-)"
  convert "$work/win.png" -crop "+${x}+0" +repage "$1"
}

codes=(en th fa zh_TW he)
for i in "${!codes[@]}"; do
  code=${codes[$i]} next=${codes[$(( (i + 1) % ${#codes[@]} ))]}
  start --lang "$code" --n 6 --size 1000x700 --speed 1
  wait_for "^lang $code\$"
  xdotool mousemove --window "$win" 200 200 click 1   # pin a queen: the panel has a narration
  sleep 1.5
  import -window "$win" "$work/win.png"
  cp "$work/win.png" "$out/lang-$code.png"
  panel "$work/before.png"
  xdotool key --window "$win" F1                       # the help overlay, every key
  sleep 0.5
  import -window "$win" "$out/lang-$code-help.png"
  xdotool key --window "$win" F1
  sleep 0.3
  xdotool key --window "$win" l
  wait_for "^lang $next\$"
  sleep 0.5
  import -window "$win" "$work/win.png"
  panel "$work/after.png"
  differ=$(compare -metric AE "$work/before.png" "$work/after.png" /dev/null 2>&1 || true)
  [ "${differ%% *}" -gt 500 ] 2>/dev/null || fail "L from $code to $next changed only ${differ} pixels of the panel"
  stop
  echo "e2e_lang: $code shown (lang-$code.png); L switched to $next"
done

# The choice persists with the other settings: over the environment's, at the next start.
start --lang fa --n 6 --size 1000x700
xdotool key --window "$win" l
wait_for '^lang zh_TW$'
stop
LANGUAGE=he start --n 6 --size 1000x700
wait_for '^lang zh_TW$'
stop
# The environment's language is not kept: the next start follows the environment again.
rm -f "$XDG_DATA_HOME/nqueens/N-Queens Explorer/settings.txt"
LANGUAGE=he start --n 6 --size 1000x700
wait_for '^lang he$'
stop
LANGUAGE=th start --n 6 --size 1000x700
wait_for '^lang th$'
stop
echo "e2e_lang: the language chosen with L is the next start's; the environment's is not kept"

# The smallest window, in the languages whose words are longest or tallest.
for code in th fa; do
  start --lang "$code" --n 8 --size 640x480 --speed 1
  import -window "$win" "$out/lang-$code-640x480.png"
  stop
done
echo "e2e_lang: passed"
