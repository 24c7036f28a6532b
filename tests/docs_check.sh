#!/usr/bin/env bash
# docs_check.sh SOURCE_DIR: the Markdown documents hold together.
#   - every relative link and picture of README.md, HACKING.md and docs/*.md names a file that
#     exists, and a link's #anchor a heading of the file it names (GitHub's anchors: the heading
#     in lower case, its punctuation dropped but for - and _, spaces as -, a repeat given -1, -2);
#   - README.md stays a front page: at most 250 lines.
# Links to web addresses and mail are not followed. Code blocks and `code spans` are skipped.
set -uo pipefail
[ $# -eq 1 ] || { echo "usage: docs_check.sh SOURCE_DIR" >&2; exit 2; }
cd "$1" || exit 2
failed=0
fail() { echo "FAIL: $*" >&2; failed=1; }

# A Markdown file without its fenced code blocks.
unfenced() {
    awk '/^ *```/ { fenced = !fenced; next } !fenced' "$1"
}

# The same without its code spans either (a span may run over a line end).
prose() {
    unfenced "$1" | perl -0777 -pe 's/`[^`]*`//g'
}

# The anchors of file $1's headings, one a line (a code span's text counts, its backticks not).
anchors() {
    unfenced "$1" | sed -n 's/^#\{1,6\} \{1,\}//p' | sed -e 's/ *#* *$//' -e 's/`//g' |
        sed -e 's/\[\([^]]*\)\]([^)]*)/\1/g' | tr 'A-Z' 'a-z' | sed -e 's/[^a-z0-9 _-]//g' -e 's/ /-/g' |
        awk '{ n = seen[$0]++; print (n ? $0 "-" n : $0) }'
}

docs=(README.md HACKING.md docs/*.md)
for doc in "${docs[@]}"; do
    [ -f "$doc" ] || { fail "$doc is missing"; continue; }
    dir=$(dirname "$doc")
    # Each link or picture target: ](target) or ](target "title").
    while IFS= read -r target; do
        target=${target%% *}
        case $target in
            http://* | https://* | mailto:*) continue ;;
        esac
        path=${target%%#*}
        anchor=
        [[ $target == *#* ]] && anchor=${target#*#}
        if [ -z "$path" ]; then
            file=$doc
        else
            file=$dir/$path
        fi
        [ -e "$file" ] || { fail "$doc: the link '$target' names '$file', which does not exist"; continue; }
        if [ -n "$anchor" ]; then
            [[ $file == *.md ]] || { fail "$doc: the link '$target' has an anchor into a file that is not Markdown"; continue; }
            anchors "$file" | grep -qxF -- "$anchor" ||
                fail "$doc: the link '$target' names no heading of $file"
        fi
    done < <(prose "$doc" | grep -o '](\([^)]*\))' | sed -e 's/^](//' -e 's/)$//')
done

lines=$(wc -l <README.md)
[ "$lines" -le 250 ] || fail "README.md has $lines lines: a front page keeps to 250 at most (move the rest to docs/)"

[ "$failed" = 0 ] || exit 1
echo "docs: ${#docs[@]} documents, every link resolves; README.md has $lines lines"
