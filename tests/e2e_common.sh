# e2e_common.sh: what the end-to-end scripts share, sourced by them (not run alone): the tools they
# need, a scratch folder cleaned up on exit, fail, a display of their own, and waiting for a trace
# line. The sourcing script sets `app_pid` to the app it started and writes its trace to
# "$work/trace" and stderr to "$work/err".

# e2e_require NAME TOOL...: without the tools there is nothing to drive: 77 tells ctest "skipped"
# (SKIP_RETURN_CODE).
e2e_require() {
  local name=$1 tool
  shift
  for tool in "$@"; do
    if ! command -v "$tool" >/dev/null; then
      echo "$name: skipped: $tool is missing (apt-get install xvfb xdotool xclip imagemagick)"
      exit 77
    fi
  done
  e2e_name=$name
}

work=$(mktemp -d)
xvfb_pid= app_pid=
e2e_cleanup() {
  [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null || true
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap e2e_cleanup EXIT
fail() {
  echo "$e2e_name: FAIL: $*"
  echo "--- trace (lines cut at 300 characters):"; cut -c1-300 "$work/trace" 2>/dev/null
  echo "--- stderr:"; cat "$work/err" 2>/dev/null
  exit 1
}

# e2e_display: an X server of our own, settings of our own, and the scratch folder as the
# current one (saved files land there). The settings file is there, empty: the app starts as for
# a person who has used it before (a first start waits for Space under the puzzle's rule; see
# e2e_first_start).
e2e_display() {
  exec 3>"$work/display"
  Xvfb -displayfd 3 -screen 0 1280x900x24 -nolisten tcp >/dev/null 2>&1 &
  xvfb_pid=$!
  for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
  export DISPLAY=":$(head -1 "$work/display")"
  export XDG_DATA_HOME="$work/data"
  mkdir -p "$work/data/nqueens/N-Queens Explorer"
  : >"$work/data/nqueens/N-Queens Explorer/settings.txt"
  cd "$work"
}

# e2e_first_start: the next start is the program's first: no settings file.
e2e_first_start() { rm -f "$work/data/nqueens/N-Queens Explorer/settings.txt"; }

# quit_app: quits the app started last as a person does, with Ctrl+Q to its window ($win), and
# fails unless it exits with status 0 within 5 s (NQ_WAIT_SCALE times longer). The app closes its
# window on the key's press, and may do so before xdotool has sent the release: xdotool then
# stops with an X error (BadWindow) that says nothing about the app, so its status is not checked.
quit_app() {
  xdotool key --window "$win" ctrl+q 2>/dev/null || true
  local limit=$(( 50 * ${NQ_WAIT_SCALE:-1} ))
  for _ in $(seq "$limit"); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$app_pid" 2>/dev/null; then fail "Ctrl+Q did not quit the app"; fi
  wait "$app_pid" || fail "the app exited with status $?"
  app_pid=
}

# app_window: the window of the app started last ($app_pid), found by its process: a window of
# an app that has just quit may still be torn down by the X server, and keys sent to it fail with
# BadWindow. Called as win=$(app_window): a failure says why on stderr and ends the script (set -e).
app_window() {
  local w
  for _ in $(seq 200); do
    w=$(xdotool search --all --pid "$app_pid" --classname '^nqueens$' 2>/dev/null | head -1)
    [ -n "$w" ] && { echo "$w"; return 0; }
    kill -0 "$app_pid" 2>/dev/null || fail "the app exited before its window showed" >&2
    sleep 0.1
  done
  fail "no window of the app (pid $app_pid)" >&2
}

# wait_for REGEX [SECONDS]: until a trace line matches. The waits here are NQ_WAIT_SCALE times longer
# (tests/CMakeLists.txt sets it for the sanitizers' slower builds).
wait_for() {
  local limit=$(( ${2:-20} * 10 * ${NQ_WAIT_SCALE:-1} ))
  for _ in $(seq "$limit"); do
    grep -Eq "$1" "$work/trace" && return 0
    kill -0 "$app_pid" 2>/dev/null || fail "the app exited while waiting for '$1'"
    sleep 0.1
  done
  fail "no trace line '$1'"
}

# count_lines REGEX: how many trace lines match so far.
count_lines() { grep -Ec "$1" "$work/trace" || true; }

# wait_last PREFIX REGEX [SECONDS]: until the last trace line starting with PREFIX matches REGEX.
# For a state that a key may leave as it was (the trace then writes no new line).
wait_last() {
  local limit=$(( ${3:-20} * 10 * ${NQ_WAIT_SCALE:-1} ))
  for _ in $(seq "$limit"); do
    grep -F "$1" "$work/trace" | tail -1 | grep -Eq "$2" && return 0
    kill -0 "$app_pid" 2>/dev/null || fail "the app exited while waiting for '$1' to read '$2'"
    sleep 0.1
  done
  fail "the last '$1' line is '$(grep -F "$1" "$work/trace" | tail -1)', not '$2'"
}

# wait_more REGEX BEFORE [HOW_MANY] [SECONDS]: until at least HOW_MANY (1) more trace lines match
# than the BEFORE counted by count_lines ahead of a key or click. A slow build (TSan) may trace a
# key's effect well after xdotool returns: a fixed sleep then reads the line before it.
wait_more() {
  local limit=$(( ${4:-20} * 10 * ${NQ_WAIT_SCALE:-1} )) want=$(( $2 + ${3:-1} ))
  for _ in $(seq "$limit"); do
    [ "$(count_lines "$1")" -ge "$want" ] && return 0
    kill -0 "$app_pid" 2>/dev/null || fail "the app exited while waiting for '$1'"
    sleep 0.1
  done
  fail "$(( $(count_lines "$1") - $2 )) new trace lines '$1', not ${3:-1}"
}
