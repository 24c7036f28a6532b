#!/usr/bin/env bash
# deb_check.sh BUILD_DIR SCREENSHOT_DIR: the Debian packages of this build, made with
# CPack (`cpack -G DEB`, as `bash scripts/quickstart.sh package` does from its own build) and
# checked without installing them: their file lists, their fields (the libraries dpkg-shlibdeps
# found, the fonts recommended), lintian's errors, and then the programs run out of a scratch
# root the packages are unpacked into (dpkg-deb -x): nqueens-cli counts 8, speaks Persian from
# the translations it finds under that prefix, its man page renders, its bash completion
# completes, and the window opens under Xvfb (a screenshot lands in SCREENSHOT_DIR) and quits.
# Installing for real (apt-get install ./nqueens_*.deb) is tests/deb_install.sh's, run by hand.
# Skips (77) without dpkg-deb and dpkg-shlibdeps (Debian: dpkg-dev).
set -euo pipefail
build=$(realpath "$1") shots=$(realpath -m "$2")
# shellcheck source=e2e_common.sh
. "$(dirname "$0")/e2e_common.sh"
e2e_name=deb
for tool in dpkg-deb dpkg-shlibdeps cpack; do
  command -v "$tool" >/dev/null || { echo "deb: skipped: $tool is missing (apt-get install dpkg-dev)"; exit 77; }
done

version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
appstream_id=$(sed -n 's/^NQ_APPSTREAM_ID:STRING=//p' "$build/CMakeCache.txt")
(cd "$build" && cpack -G DEB -B "$work/out" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; fail "cpack -G DEB failed"; }
main=$(ls "$work"/out/nqueens_"$version"_*.deb 2>/dev/null) || fail "no nqueens_${version}_*.deb made: $(ls "$work/out")"
mpi=$(ls "$work"/out/nqueens-mpi_"$version"_*.deb 2>/dev/null || true)
has_mpi=$([ -x "$build/nqueens-mpi" ] && echo yes || echo no)
[ "$has_mpi" = no ] || [ -n "$mpi" ] || fail "nqueens-mpi was built but has no package"
echo "deb: made $(basename "$main")${mpi:+ and $(basename "$mpi")}"

# What each package holds: every file a person or a desktop looks for, nothing else.
dpkg-deb -c "$main" | awk '{print $6}' | sed 's|^\./|/|' >"$work/files"
want=(/usr/bin/nqueens /usr/bin/nqueens-cli /usr/libexec/nqueens/nqueens-gif /usr/share/nqueens/assets/fonts/DejaVuSans.ttf
      /usr/share/nqueens/assets/fonts/LICENSE-DejaVu.txt /usr/share/nqueens/assets/queen.png
      /usr/share/nqueens/assets/icon.png /usr/share/applications/nqueens.desktop
      "/usr/share/metainfo/$appstream_id.metainfo.xml" /usr/share/icons/hicolor/scalable/apps/nqueens.svg
      /usr/share/man/man1/nqueens.1.gz /usr/share/man/man1/nqueens-cli.1.gz
      /usr/share/bash-completion/completions/nqueens /usr/share/bash-completion/completions/nqueens-cli
      /usr/share/doc/nqueens/copyright /usr/share/doc/nqueens/changelog.gz /usr/share/mime/packages/nqueens.xml)
for size in 16 22 24 32 48 64 128 256 512; do want+=("/usr/share/icons/hicolor/${size}x$size/apps/nqueens.png"); done
for lang in th fa zh_TW he; do want+=("/usr/share/locale/$lang/LC_MESSAGES/nqueens.mo"); done
# Every bundled lesson the build copied beside the program (lessons/LANG/NAME.lesson) is packaged.
while IFS= read -r lesson; do
  want+=("/usr/share/nqueens/lessons/${lesson#"$build"/lessons/}")
done < <(find "$build/lessons" -name '*.lesson' 2>/dev/null | sort)
for f in "${want[@]}"; do grep -qxF "$f" "$work/files" || fail "$(basename "$main") lacks $f"; done
unwanted=$(grep -vE '^/(usr(/bin(/nqueens(-cli)?)?|/libexec(/nqueens(/nqueens-gif)?)?|/share(/(nqueens|applications|metainfo|icons|man|bash-completion|zsh|doc|locale|mime)(/.*)?)?)?)?/?$' "$work/files" || true)
[ -z "$unwanted" ] || fail "$(basename "$main") holds what it should not: $unwanted"
grep -qE '(README|\.md$|\.in$|/test_|nqueens-mpi)' "$work/files" && fail "$(basename "$main") holds a source, document or test file, or nqueens-mpi's"
echo "deb: $(basename "$main"): $(wc -l <"$work/files") paths, all in place"
depends=$(dpkg-deb -f "$main" Depends) recommends=$(dpkg-deb -f "$main" Recommends)
for lib in libc6 libsdl2-2.0-0 libsdl2-ttf-2.0-0 libsdl2-image-2.0-0 libfribidi0 libfontconfig1 libthai0 libgif7; do
  grep -q "$lib" <<<"$depends" || fail "Depends lacks $lib: $depends"
done
for font in fonts-noto-core fonts-noto-cjk; do grep -q "$font" <<<"$recommends" || fail "Recommends lacks $font"; done
echo "deb: Depends: $depends; Recommends: $recommends"
if [ -n "$mpi" ]; then
  dpkg-deb -c "$mpi" | awk '{print $6}' | sed 's|^\./|/|' >"$work/mpi-files"
  for f in /usr/bin/nqueens-mpi /usr/share/man/man1/nqueens-mpi.1.gz /usr/share/bash-completion/completions/nqueens-mpi \
           /usr/share/doc/nqueens-mpi/copyright /usr/share/doc/nqueens-mpi/changelog.gz; do
    grep -qxF "$f" "$work/mpi-files" || fail "$(basename "$mpi") lacks $f"
  done
  mpi_depends=$(dpkg-deb -f "$mpi" Depends)
  grep -qF "nqueens (= $version)" <<<"$mpi_depends" && grep -q openmpi-bin <<<"$mpi_depends" &&
    grep -q libopenmpi <<<"$mpi_depends" || fail "nqueens-mpi's Depends: $mpi_depends"
  echo "deb: $(basename "$mpi"): Depends: $mpi_depends"
fi

# lintian: no error (its warnings are listed in docs/packages.md).
if command -v lintian >/dev/null; then
  for deb in "$main" $mpi; do
    lintian --fail-on error --tag-display-limit 0 "$deb" >"$work/lintian" 2>&1 || { cat "$work/lintian"; fail "lintian finds errors in $(basename "$deb")"; }
    echo "deb: lintian $(basename "$deb"): no error; $(grep -c '^W:' "$work/lintian" || true) warnings"
  done
else
  echo "deb: lintian is not installed (apt-get install lintian): not run"
fi

# The programs as installed, out of a scratch root.
root=$work/root
for deb in "$main" $mpi; do dpkg-deb -x "$deb" "$root"; done
cli=$root/usr/bin/nqueens-cli
# Whole outputs are read before they are looked at: a reader that stops early (grep -q, head)
# would break the writer's pipe, which pipefail counts as a failure.
counted=$("$cli" count 8 --quiet)
grep -qx 'solutions: 92' <<<"$counted" || fail "the packaged nqueens-cli does not count 92 for N = 8: $counted"
english=$(env -u LANGUAGE -u LC_ALL -u LC_MESSAGES LANG=C.UTF-8 "$cli" --help)
persian=$(LANGUAGE=fa "$cli" --help)
english=${english%%$'\n'*} persian=${persian%%$'\n'*}
[ -n "$persian" ] && [ "$persian" != "$english" ] || fail "the packaged nqueens-cli does not find its translations under $root/usr"
# gif runs the packaged nqueens-gif, which finds the assets and the translations from libexec/.
gif_said=$(env -u NQUEENS_ASSETS "$cli" gif 6 --limit 3 --lang fa -o "$work/six.gif" 2>&1) ||
  fail "the packaged nqueens-cli gif fails: $gif_said"
[ "$(identify -format '%W\n' "$work/six.gif" 2>/dev/null | wc -l)" = 3 ] ||
  { command -v identify >/dev/null && fail "the packaged nqueens-cli gif wrote no GIF of 3 frames"; }
if command -v man >/dev/null; then
  page=$(MANWIDTH=80 man -l "$root/usr/share/man/man1/nqueens-cli.1.gz" 2>/dev/null)
  grep -q 'nqueens-cli' <<<"$page" || fail "the packaged man page does not render"
fi
offered=$(bash -c '. "$1"; COMP_WORDS=(nqueens-cli li); COMP_CWORD=1; COMP_LINE="nqueens-cli li"; COMP_POINT=${#COMP_LINE}
  f=$(complete -p nqueens-cli | sed -E "s/.*-F ([^ ]+).*/\1/"); "$f" nqueens-cli li nqueens-cli; echo "${COMPREPLY[*]}"' _ \
  "$root/usr/share/bash-completion/completions/nqueens-cli")
[ "$offered" = list ] || fail "the packaged completion offers '$offered' for 'nqueens-cli li'"
# The moment files' type, as a desktop reads it from the package: a shared-mime-info file that
# names the type the desktop entry opens, whose database knows the type by name and by first line.
mime=$root/usr/share/mime/packages/nqueens.xml
grep -q 'type="application/x-nqueens-moment"' "$mime" || fail "the packaged $mime does not define application/x-nqueens-moment"
grep -qx 'MimeType=application/x-nqueens-moment;' "$root/usr/share/applications/nqueens.desktop" ||
  fail "the packaged desktop entry does not open application/x-nqueens-moment"
if command -v update-mime-database >/dev/null; then
  update-mime-database "$root/usr/share/mime" >/dev/null 2>&1
  grep -qx 'application/x-nqueens-moment:\*\.nqmoment' <(cut -d: -f2- "$root/usr/share/mime/globs2") ||
    fail "the packaged MIME file gives the database no *.nqmoment"
fi

echo "deb: unpacked, nqueens-cli counts 92, speaks Persian ($persian), its page renders, Tab completes 'li' to list"

# The window, from the unpacked tree: its assets found beside it under share/nqueens.
if command -v Xvfb >/dev/null && command -v xdotool >/dev/null && command -v import >/dev/null; then
  e2e_display
  env -u NQUEENS_ASSETS "$root/usr/bin/nqueens" --trace --n 6 --size 900x600 --theme light \
    >"$work/trace" 2>"$work/err" </dev/null &
  app_pid=$!
  wait_for '^board [0-9]+ [0-9]+ [0-9]+ [0-9]+$'
  win=$(xdotool search --sync --classname '^nqueens$' | head -1)
  sleep 1
  mkdir -p "$shots"
  import -window root "$shots/deb-unpacked.png"
  quit_app
  echo "deb: the packaged app opened its window (deb-unpacked.png) and quit"
else
  echo "deb: Xvfb, xdotool or ImageMagick missing: the window is not opened"
fi
echo "deb: passed"
