#!/usr/bin/env bash
# nqueens-cli gif: the frames asked for, of the size said, read back by ImageMagick's identify: as
# many frames as --limit asks, fewer exactly where the search ends first (counted by trace), each of
# the size stdout says and at most --size across, lasting 1/--speed seconds; a file already there
# is replaced whole, through its symbolic links; what is not a regular file is refused. Bad
# arguments exit 2 with one line on stderr and write no file; a GIF that cannot be written exits 1
# with the system's reason and leaves nothing.
#   cli_gif.sh PATH/nqueens-cli
# Skipped (77) without identify.
set -euo pipefail
cli=$1
command -v identify >/dev/null || { echo "cli_gif: skipped: identify is missing (apt-get install imagemagick)"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "cli_gif: FAIL: $*"; exit 1; }

# check_gif FILE FRAMES WIDTH_AT_MOST DELAY: the GIF's frames, all of one size, and that size.
check_gif() {
  local file=$1 frames=$2 most=$3 delay=$4 sizes
  sizes=$(identify -format '%W %H %T\n' "$file")
  [ "$(wc -l <<<"$sizes")" -eq "$frames" ] || fail "$file: identify reads $(wc -l <<<"$sizes") frames, not $frames"
  [ "$(sort -u <<<"$sizes" | wc -l)" -eq 1 ] || fail "$file: frames of several sizes or delays: $(sort -u <<<"$sizes")"
  read -r w h d <<<"$(head -1 <<<"$sizes")"
  [ "$w" -le "$most" ] || fail "$file: $w pixels across, more than $most"
  [ "$d" -eq "$delay" ] || fail "$file: frames of $d/100 s, not $delay"
  echo "$w $h"
}

out=$("$cli" gif 6 --from 20 --limit 12 --speed 4 --size 300 -o "$work/six.gif")
read -r w h < <(check_gif "$work/six.gif" 12 300 25)
[ "$out" = "$work/six.gif: 12 frames, $w x $h pixels" ] || fail "stdout says '$out' for frames of $w x $h"

# The search of N = 4 ends before 100 more frames: one frame a step from step 55 to its last.
steps=$("$cli" trace 4 | wc -l)
"$cli" gif 4 --from 55 --limit 100 --speed max --method backtrack -o "$work/four.gif" >/dev/null
check_gif "$work/four.gif" $((steps - 55 + 1)) 480 2 >/dev/null

# Every method and language draws; the largest size is kept to.
"$cli" gif 8 --method firstfail --lang he --theme contrast --size 800 --limit 3 -o "$work/eight.gif" >/dev/null
check_gif "$work/eight.gif" 3 800 50 >/dev/null
"$cli" gif 5 --method minconflicts --seed 3 --first 2,1 --lang th --theme light --limit 5 -o "$work/five.gif" \
  >/dev/null
check_gif "$work/five.gif" 5 480 50 >/dev/null

# A file already there is replaced, whole.
echo mine >"$work/taken.gif"
"$cli" gif 4 --limit 2 -o "$work/taken.gif" >/dev/null
check_gif "$work/taken.gif" 2 480 50 >/dev/null

# A symbolic link is followed: the GIF replaces its target, and the link stays a link.
echo mine >"$work/target.gif"
ln -s target.gif "$work/link.gif"
"$cli" gif 4 --limit 2 -o "$work/link.gif" >/dev/null
[ -L "$work/link.gif" ] || fail "-o link.gif replaced the link itself"
check_gif "$work/target.gif" 2 480 50 >/dev/null

# What is not a regular file (a FIFO, a folder, a link to /dev/null: never a device itself) is
# refused: exit 2, one line that says so, nothing written, the thing as it was.
mkfifo "$work/fifo.gif"
mkdir "$work/folder.gif"
ln -s /dev/null "$work/null.gif"
for odd in fifo.gif folder.gif null.gif; do
  status=0
  err=$("$cli" gif 4 --limit 2 -o "$work/$odd" 2>&1 >/dev/null) || status=$?
  [ "$status" -eq 2 ] || fail "-o $odd exits $status, not 2 ($err)"
  [[ $err == *"is not a regular file"* ]] || fail "-o $odd says '$err'"
done
[ -p "$work/fifo.gif" ] && [ -d "$work/folder.gif" ] && [ -z "$(ls -A "$work/folder.gif")" ] &&
  [ -L "$work/null.gif" ] || fail "a refused -o changed what was there: $(ls -lA "$work")"
rm -r "$work/fifo.gif" "$work/folder.gif" "$work/null.gif" "$work/link.gif" "$work/target.gif"

# Bad arguments: exit 2, one line on stderr, no file.
bad() {
  local status=0 err
  err=$("$cli" gif "$@" 2>&1 >/dev/null) || status=$?
  [ "$status" -eq 2 ] || fail "gif $* exits $status, not 2"
  [ "$(wc -l <<<"$err")" -eq 1 ] || fail "gif $* says more than one line: $err"
  [ ! -e "$work/bad.gif" ] || fail "gif $* wrote a file"
}
bad 8 --limit 0 -o "$work/bad.gif"
bad 8 --limit 301 -o "$work/bad.gif"
bad 8 --size 100 -o "$work/bad.gif"
bad 8 --size 801 -o "$work/bad.gif"
bad 8 --speed 0 -o "$work/bad.gif"
bad 8 --speed fast -o "$work/bad.gif"
bad 8 --speed 51 -o "$work/bad.gif" # faster than a GIF shows (50)
bad 8 --speed 100000 -o "$work/bad.gif"
err=$("$cli" gif 8 --speed 51 -o "$work/bad.gif" 2>&1 >/dev/null) || true
[[ $err == *"at most 50"* ]] || fail "--speed 51 says '$err', not the most (50)"
bad 8 --theme pink -o "$work/bad.gif"
bad 8 --from -1 -o "$work/bad.gif"
bad 4 --from 1000000 -o "$work/bad.gif"
bad 30 --from 5000001 -o "$work/bad.gif" # past the furthest step: refused at once, not walked to
err=$("$cli" gif 64 --from 99999999999 -o "$work/bad.gif" 2>&1 >/dev/null) || true
[[ $err == *"from 0 to 5000000"* ]] || fail "--from 99999999999 says '$err', not the furthest step"
bad 65 -o "$work/bad.gif"
bad 8 --format csv -o "$work/bad.gif"
bad 8
bad 8 -o ""
# -o - is not standard output: refused, and no file named - is left.
status=0
err=$(cd "$work" && "$cli" gif 4 --limit 1 -o - 2>&1 >/dev/null) || status=$?
[ "$status" -eq 2 ] || fail "gif -o - exits $status, not 2"
[[ $err == *"not standard output"* ]] || fail "gif -o - says '$err'"
[ ! -e "$work/-" ] || fail "gif -o - wrote a file named -"

# One frame is "1 frame".
out=$("$cli" gif 4 --limit 1 -o "$work/one.gif")
[[ $out == "$work/one.gif: 1 frame, "* ]] || fail "a GIF of one frame: stdout says '$out'"
rm "$work/one.gif"

# A GIF that cannot be written: exit 1, the system's reason, nothing left.
status=0
err=$("$cli" gif 6 -o "$work/none/x.gif" 2>&1 >/dev/null) || status=$?
[ "$status" -eq 1 ] || fail "a GIF in a folder that does not exist exits $status, not 1"
[[ $err == *"No such file or directory"* ]] || fail "a GIF in a folder that does not exist says '$err'"
# A folder that exists but takes no new file: the message says so, not "No such file or directory".
if [ -f /proc/version ]; then
  status=0
  err=$("$cli" gif 4 --limit 1 -o /proc/version 2>&1 >/dev/null) || status=$?
  [ "$status" -eq 1 ] || fail "-o /proc/version exits $status, not 1"
  [[ $err == *"the folder /proc takes no new file"* ]] || fail "-o /proc/version says '$err'"
fi
[ "$(ls "$work" | sort | tr '\n' ' ')" = "eight.gif five.gif four.gif six.gif taken.gif " ] ||
  fail "files left: $(ls -A "$work")"
echo "cli_gif: frames, sizes and delays as asked; bad arguments refused with exit 2; nothing left by a failure"
