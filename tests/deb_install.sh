#!/usr/bin/env bash
# deb_install.sh DEB... : installs the packages for real, as a person would (apt-get install
# ./FILE.deb, as root), and checks what an installed program must do: nqueens-cli counts from
# /usr/bin and speaks Thai, `man nqueens-cli` and Tab completion work from where man and
# bash-completion look, the menu entry's command opens the window under Xvfb (a screenshot:
# deb-installed.png in the current folder), nqueens-mpi counts on two ranks; then removes them
# (apt-get purge) and checks that no file of theirs is left. It changes the machine it runs on,
# so it is not part of ctest: run it by hand on a machine you may install on, after
# `bash scripts/quickstart.sh package`:
#   sudo bash tests/deb_install.sh build/package/nqueens_*.deb build/package/nqueens-mpi_*.deb
set -euo pipefail
[ "$(id -u)" -eq 0 ] || { echo "deb_install: run as root (it installs and removes the packages)"; exit 2; }
[ $# -ge 1 ] || { echo "usage: deb_install.sh DEB..."; exit 2; }
fail() { echo "deb_install: FAIL: $*"; exit 1; }
debs=() names=()
for deb in "$@"; do debs+=("$(realpath "$deb")"); names+=("$(dpkg-deb -f "$deb" Package)"); done
for name in "${names[@]}"; do
  ! dpkg-query -W -f='${Status}' "$name" 2>/dev/null | grep -q "install ok installed" || fail "$name is installed already"
done
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${debs[@]}" >/dev/null
echo "deb_install: installed ${names[*]}"
dpkg -L "${names[@]}" | sort -u >"${TMPDIR:-/tmp}/deb_install.files"

[ "$(command -v nqueens-cli)" = /usr/bin/nqueens-cli ] || fail "nqueens-cli is not on the PATH from /usr/bin"
# Whole outputs are read before they are looked at (an early reader would break the pipe).
counted=$(nqueens-cli count 8 --quiet)
grep -qx 'solutions: 92' <<<"$counted" || fail "nqueens-cli count 8 is not 92: $counted"
thai=$(LANGUAGE=th nqueens-cli --help) english=$(LANGUAGE=en nqueens-cli --help)
[ "${thai%%$'\n'*}" != "${english%%$'\n'*}" ] || fail "no Thai from /usr/share/locale"
page=$(MANWIDTH=80 man nqueens-cli 2>/dev/null)
grep -q 'journal' <<<"$page" || fail "man nqueens-cli shows no page"
if [ -f /usr/share/bash-completion/bash_completion ]; then
  got=$(bash -c '. /usr/share/bash-completion/bash_completion; __load_completion nqueens-cli
    COMP_WORDS=(nqueens-cli list --form); COMP_CWORD=2; COMP_LINE="nqueens-cli list --form"; COMP_POINT=${#COMP_LINE}
    f=$(complete -p nqueens-cli | sed -E "s/.*-F ([^ ]+).*/\1/"); "$f" nqueens-cli --form list; echo "${COMPREPLY[*]}"')
  [[ "$got" == --format* ]] || fail "Tab after 'nqueens-cli list --form' offers '$got'"
fi
echo "deb_install: nqueens-cli counts, speaks Thai, man nqueens-cli and Tab work"

exec_line=$(sed -n 's/^Exec=//p' /usr/share/applications/nqueens.desktop)
work=$(mktemp -d)
Xvfb :93 -screen 0 1280x900x24 -nolisten tcp >/dev/null 2>&1 & xvfb=$!
sleep 1
DISPLAY=:93 XDG_DATA_HOME=$work $exec_line --trace >"$work/trace" 2>"$work/err" </dev/null & app=$!
for _ in $(seq 100); do grep -q '^board ' "$work/trace" && break; sleep 0.1; done
grep -q '^board ' "$work/trace" || { kill $app $xvfb; fail "the menu entry's '$exec_line' opened no window: $(cat "$work/err")"; }
sleep 1
DISPLAY=:93 import -window root deb-installed.png
# The app may close its window on Ctrl+Q's press, before xdotool sends the release (an X error
# that says nothing about the app): the app's own exit status tells.
DISPLAY=:93 xdotool key --window "$(DISPLAY=:93 xdotool search --classname '^nqueens$' | head -1)" ctrl+q 2>/dev/null || true
wait $app || fail "the app exited with status $?"
kill $xvfb; rm -rf "$work"
echo "deb_install: the menu entry's command ($exec_line) opened the window (deb-installed.png) and quit"

if command -v nqueens-mpi >/dev/null; then
  counted=$(OMPI_MCA_btl=self,vader mpirun --allow-run-as-root --oversubscribe --bind-to none -np 2 nqueens-mpi count 10 --quiet)
  grep -qx 'solutions: 724' <<<"$counted" || fail "nqueens-mpi on two ranks does not count 724 for N = 10: $counted"
  echo "deb_install: nqueens-mpi counts 724 for N = 10 on two ranks"
fi

DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq "${names[@]}" >/dev/null
left=""
while read -r f; do [ -f "$f" ] || [ -L "$f" ] && left="$left $f"; done <"${TMPDIR:-/tmp}/deb_install.files"
[ -z "$left" ] || fail "left behind after purge:$left"
echo "deb_install: purged; none of the packages' files is left"
