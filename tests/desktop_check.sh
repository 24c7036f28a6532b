#!/usr/bin/env bash
# desktop_check.sh SOURCE_DIR: what a desktop shows of the installed app is sound. The desktop
# entry passes desktop-file-validate with no error and no warning (a hint is allowed: the entry is
# in two main categories, Education and Game, on purpose); the AppStream metainfo, its template
# filled with test values for the id and the home page, passes appstreamcli validate (which fails
# on warnings too), and its newest release is the version CMakeLists.txt's project() gives; every
# hicolor size from 16 to 512 px has its PNG, as large as its folder says, with transparency; every
# screenshot the metainfo names is under docs/screenshots/, at least 620 px wide; the moment files'
# MIME type (packaging/nqueens-mime.xml) is well-formed, is the one the entry opens with %f, and a
# database made from it alone knows a moment by its name (*.nqmoment) and by its first line (gio,
# where it is installed). Skipped (77) without a tool.
set -euo pipefail
src=$1
for tool in desktop-file-validate:desktop-file-utils appstreamcli:appstream identify:imagemagick \
            xmllint:libxml2-utils update-mime-database:shared-mime-info; do
  command -v "${tool%%:*}" >/dev/null || { echo "${tool%%:*} not found (Debian: ${tool##*:}): skipped"; exit 77; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$src"
failed=0

desktop=assets/nqueens.desktop
if ! desktop-file-validate "$desktop" >"$work/desktop" 2>&1 || grep -q -E 'error:|warning:' "$work/desktop"; then
  echo "desktop: $desktop does not validate:"; cat "$work/desktop"; failed=1
fi

# The moment files' type: the entry opens it, with the file as its argument.
mime=packaging/nqueens-mime.xml type=application/x-nqueens-moment
xmllint --noout "$mime" 2>"$work/mime" || { echo "desktop: $mime is not well-formed XML:"; cat "$work/mime"; failed=1; }
grep -q "<mime-type type=\"$type\">" "$mime" || { echo "desktop: $mime does not define $type"; failed=1; }
grep -qx "MimeType=$type;" "$desktop" || { echo "desktop: $desktop does not name $type in MimeType="; failed=1; }
grep -qx 'Exec=nqueens %f' "$desktop" || { echo "desktop: $desktop's Exec= does not pass the file (%f)"; failed=1; }
mkdir -p "$work/data/mime/packages"
cp "$mime" "$work/data/mime/packages/nqueens.xml"
update-mime-database "$work/data/mime" >/dev/null 2>&1 || true
grep -qx "$type:\*\.nqmoment" <(cut -d: -f2- "$work/data/mime/globs2" 2>/dev/null) ||
  { echo "desktop: the MIME database made from $mime has no *.nqmoment (does $mime parse?)"; failed=1; }
if command -v gio >/dev/null; then
  printf 'nqueens-moment 1\nn 6\n' >"$work/named.nqmoment"
  printf 'nqueens-moment 1\nn 6\n' >"$work/unnamed"
  for f in named.nqmoment unnamed; do
    got=$(XDG_DATA_HOME=$work/data gio info -a standard::content-type "$work/$f" | sed -n 's/.*content-type: //p')
    [ "$got" = "$type" ] || { echo "desktop: a moment file ($f) is taken as '$got', not $type"; failed=1; }
  done
fi

# The test id and home page stand for the ones the packager sets; the file is named after the id,
# as it is installed.
id=io.github.nqueens_explorer.Explorer
homepage=https://github.com/nqueens-explorer/nqueens
version=$(sed -n 's/^project([a-z]* VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
metainfo=$work/$id.metainfo.xml
sed -e "s|@NQ_APPSTREAM_ID@|$id|g" -e "s|@NQ_HOMEPAGE@|$homepage|g" -e "s|@PROJECT_VERSION@|$version|g" \
    assets/nqueens.metainfo.xml.in >"$metainfo"
if grep -o '@[A-Za-z_]*@' "$metainfo"; then
  echo "desktop: assets/nqueens.metainfo.xml.in has a placeholder besides NQ_APPSTREAM_ID, NQ_HOMEPAGE and PROJECT_VERSION"
  failed=1
fi
if ! appstreamcli validate --no-net "$metainfo" >"$work/metainfo" 2>&1; then
  echo "desktop: assets/nqueens.metainfo.xml.in does not validate:"; cat "$work/metainfo"; failed=1
fi
newest=$(grep -o -m1 '<release version="[^"]*"' "$metainfo" | cut -d'"' -f2)
if [ "$newest" != "$version" ]; then
  echo "desktop: the metainfo's newest release is '$newest', the project's version '$version': add a <release>"
  failed=1
fi

for size in 16 22 24 32 48 64 128 256 512; do
  png=assets/icons/hicolor/${size}x$size/apps/nqueens.png
  [ -f "$png" ] || { echo "desktop: $png is missing (bash scripts/make_icons.sh makes it)"; failed=1; continue; }
  read -r w h channels min_alpha <<<"$(identify -format '%w %h %[channels] %[fx:minima.a]' "$png")"
  if [ "$w" != "$size" ] || [ "$h" != "$size" ]; then
    echo "desktop: $png is ${w}x$h, its folder says ${size}x$size"; failed=1
  fi
  if [ "${channels: -1}" != a ]; then
    echo "desktop: $png has no alpha channel ($channels)"; failed=1
  elif ! awk -v a="$min_alpha" 'BEGIN { exit !(a < 1) }'; then
    echo "desktop: $png is opaque everywhere"; failed=1
  fi
done
[ -f assets/icons/hicolor/scalable/apps/nqueens.svg ] || { echo "desktop: the scalable icon is missing"; failed=1; }

# Every screenshot is a file of the repository, as the home page serves it.
shots=()
while read -r image; do
  shot=${image#"$homepage"/raw/main/}
  case $shot in
    docs/screenshots/*.png) shots+=("$shot") ;;
    *) echo "desktop: the screenshot $image is not $homepage/raw/main/docs/screenshots/NAME.png"; failed=1; continue ;;
  esac
  if [ ! -f "$shot" ]; then
    echo "desktop: the metainfo names $shot, which is not in the source tree"; failed=1
  elif [ "$(identify -format '%w' "$shot")" -lt 620 ]; then
    echo "desktop: $shot is $(identify -format '%wx%h' "$shot"), narrower than 620 px"; failed=1
  fi
done < <(sed -n 's|.*<image>\(.*\)</image>.*|\1|p' "$metainfo")
[ ${#shots[@]} -gt 0 ] || { echo "desktop: the metainfo names no screenshot"; failed=1; }
[ "$failed" -ne 0 ] || echo "desktop: the entry, the moments' type, the metainfo, the icons and ${#shots[@]} screenshots are sound"
exit $failed
