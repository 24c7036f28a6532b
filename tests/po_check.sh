#!/usr/bin/env bash
# po_check.sh SOURCE_DIR: the translations are whole. Fails when a .po of po/LINGUAS has a message
# untranslated or fuzzy, when msgfmt --check finds a fault (a format string whose placeholders
# differ from the English one's, a broken header or plural form), or when a string marked in the
# source today is missing from a .po (the template is made afresh with xgettext, as `--target pot`
# makes it, and each .po compared with it by msgcmp).
set -euo pipefail
src=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$src"
mapfile -t sources < <(find src include -name '*.[ch]' | LC_ALL=C sort)
xgettext --from-code=UTF-8 --language=C --keyword=_ --keyword=N_ --keyword=C_:1c,2 -o "$work/now.pot" "${sources[@]}"
failed=0
while read -r lang; do
  case $lang in ''|'#'*) continue ;; esac
  po=po/$lang.po
  if ! msgfmt --check --statistics -o /dev/null "$po" 2>"$work/stats"; then
    echo "po: $po: msgfmt --check fails:"; cat "$work/stats"; failed=1; continue
  fi
  for kind in untranslated only-fuzzy; do
    if [ -n "$(msgattrib --"$kind" --no-obsolete "$po")" ]; then
      echo "po: $po has ${kind#only-} messages:"; msgattrib --"$kind" --no-obsolete "$po" | grep '^msgid' | head -5
      failed=1
    fi
  done
  if ! msgcmp "$po" "$work/now.pot" 2>"$work/cmp"; then
    echo "po: $po lacks strings the source marks (make the template and merge: --target po-update):"
    head -5 "$work/cmp"; failed=1
  fi
  echo "po: $po: $(cat "$work/stats")"
done < po/LINGUAS
exit $failed
