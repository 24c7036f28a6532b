#!/usr/bin/env bash
# The man pages say at least what the programs say of themselves:
#   - every --word a program's --help prints is in its page, and every option --help lists on
#     a line of its own is a paragraph of the page's OPTIONS section;
#   - every command of nqueens-cli's usage lines has its own subsection (.SS) in nqueens-cli.1;
#   - every key of docs/app.md's key table (the program's own key table) is a paragraph of
#     nqueens.1's KEYS section;
#   - groff -man -ww -z prints no warning, and lexgrog (when installed) parses the NAME line.
# The pages are read as roff source: a paragraph's tag is the line after .TP or .TQ, its macro
# name, quotes and font escapes taken away, and \- read as -.
# Usage: man_check.sh NQUEENS NQUEENS_CLI [NQUEENS_MPI] SOURCE_DIR. A program given as "none",
# or not built, has its --help checks skipped; then the script exits 77 (skipped) unless
# something failed.
set -uo pipefail
case $# in
    3) app=$1 cli=$2 mpi=none src=$3 ;;
    4) app=$1 cli=$2 mpi=$3 src=$4 ;;
    *) echo "usage: man_check.sh NQUEENS NQUEENS_CLI [NQUEENS_MPI] SOURCE_DIR" >&2; exit 2 ;;
esac
command -v groff >/dev/null || { echo "groff not found (Debian: groff): skipped"; exit 77; }
failed=0
skipped=0
fail() { echo "FAIL: $*" >&2; failed=1; }

# Roff source as text: comments dropped, \- as -, font and spacing escapes gone, \(dq as ".
plain() {
    sed -e '/^\.\\"/d' -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\[&c]//g' -e 's/\\[~ ]/ /g' \
        -e 's/\\(dq/"/g' -e "s/\\\\(aq/'/g" "$1"
}

# The tags of the paragraphs in section $2 of page $1, one a line.
tags() {
    plain "$1" | awk -v want="$2" '
        /^\.SH / { section = substr($0, 5); gsub(/"/, "", section); next }
        section != want { next }
        tag { sub(/^\.[A-Z]+ /, ""); gsub(/"/, ""); gsub(/  +/, " "); print; tag = 0; next }
        /^\.(TP|TQ)/ { tag = 1 }'
}

# The --words of a program's help, and those that begin a line of it (the listed options).
help_words() { grep -o -- '--[a-z][a-z-]*' <<<"$1" | sort -u; }
help_listed() { sed -n 's/^ *\(--[a-z][a-z-]*\).*/\1/p' <<<"$1" | sort -u; }

# Page $1 against the --help of program $2.
check_options() {
    local page=$1 program=$2 help word
    if [ "$program" = none ] || [ ! -x "$program" ]; then
        echo "skipped: $(basename "$page")'s options ($program: not built)"
        skipped=1
        return
    fi
    help=$("$program" --help) || { fail "$program --help exits $?"; return; }
    local text options
    text=$(plain "$page")
    options=$(tags "$page" OPTIONS | awk '{print $1}' | tr -d ',')
    for word in $(help_words "$help"); do
        grep -q -- "$word\\b" <<<"$text" || fail "$(basename "$page") does not mention $word, which $(basename "$program") --help prints"
    done
    for word in $(help_listed "$help"); do
        grep -qx -- "$word" <<<"$options" || fail "$(basename "$page") has no paragraph on $word under OPTIONS"
    done
}

# Each command of nqueens-cli's usage lines has a subsection of its own.
check_commands() {
    local page=$1 program=$2 command
    [ -x "$program" ] || return
    local sections
    sections=$(plain "$page" | sed -n 's/^\.SS "\{0,1\}\([a-z-]*\).*/\1/p')
    for command in $("$program" --help | sed -n 's/^ *nqueens-cli \([a-z][a-z]*\) .*/\1/p'); do
        grep -qx -- "$command" <<<"$sections" || fail "$(basename "$page") has no subsection (.SS) for the command '$command'"
    done
}

# Each key of docs/app.md's key table is a paragraph of nqueens.1's KEYS section.
check_keys() {
    local page=$1 doc=$2 key keys
    keys=$(tags "$page" KEYS)
    local table
    table=$(sed -n '/^<!-- keys -->$/,/^<!-- \/keys -->$/p' "$doc" | grep '^| ' | tail -n +2 |
        sed -e 's/^| //' -e 's/ | .*//')
    [ -n "$table" ] || { fail "no key table between <!-- keys --> and <!-- /keys --> in $doc"; return; }
    while IFS= read -r key; do
        grep -qxF -- "$key" <<<"$keys" || fail "$(basename "$page") has no paragraph on the key '$key' under KEYS"
    done <<<"$table"
}

# groff's warnings, and the whatis entry.
check_roff() {
    local page=$1 warnings
    warnings=$(groff -man -ww -z "$page" 2>&1)
    [ -z "$warnings" ] || fail "groff warns about $(basename "$page"): $warnings"
    if command -v lexgrog >/dev/null; then
        lexgrog "$page" >/dev/null 2>&1 || fail "lexgrog cannot parse the NAME line of $(basename "$page")"
    fi
}

for page in nqueens nqueens-cli nqueens-mpi; do
    [ -f "$src/man/$page.1" ] || { fail "$src/man/$page.1 is missing"; continue; }
    check_roff "$src/man/$page.1"
done
if [ "$failed" = 0 ]; then
    check_options "$src/man/nqueens.1" "$app"
    check_options "$src/man/nqueens-cli.1" "$cli"
    check_options "$src/man/nqueens-mpi.1" "$mpi"
    check_commands "$src/man/nqueens-cli.1" "$cli"
    check_keys "$src/man/nqueens.1" "$src/docs/app.md"
fi
[ "$failed" = 0 ] || exit 1
[ "$skipped" = 0 ] || exit 77
echo "man pages: every option, command and key is there; groff and lexgrog are content"
