#!/usr/bin/env bash
# The bash completions of completions/bash/ in a non-interactive bash, the way bash calls them:
# COMP_WORDS, COMP_CWORD, COMP_LINE and COMP_POINT set for a line typed up to its end, the
# function called with the command, the word under the cursor and the word before it, and
# COMPREPLY compared with what must be offered:
#   - nqueens-cli's commands; each command's options (list --f: --first --format --from);
#     the values of --format and --method for the command typed, of --lang, and of the app's
#     --mode, --method, --theme and --speed; file names after --journal; nothing where N goes;
#   - every --word of each program's --help offered for some command (not the ones the help
#     gives to mpirun, as in "mpirun --bind-to none").
# Everything runs twice: with plain complete -F (the files sourced), and with bash-completion's
# bash_completion sourced and loading each program's file by its name, as installed (when
# bash-completion is installed; the script says when it is not).
# Usage: completion_check.sh SOURCE_DIR NQUEENS_CLI [NQUEENS [NQUEENS_MPI]]. A program not
# given, or not built, has its --help check skipped; then the script exits 77 (skipped) unless
# something failed.
set -uo pipefail

if [ "${1:-}" != --pass ]; then
    [ $# -ge 2 ] || { echo "usage: completion_check.sh SOURCE_DIR NQUEENS_CLI [NQUEENS [NQUEENS_MPI]]" >&2; exit 2; }
    passes=(plain)
    library=/usr/share/bash-completion/bash_completion
    if [ -f "$library" ]; then
        passes+=("$library")
    else
        echo "bash-completion is not installed ($library): checked with plain complete -F only"
    fi
    status=0
    for pass in "${passes[@]}"; do
        bash --norc --noprofile "$0" --pass "$pass" "$@"
        case $? in
            0) ;;
            77) [ "$status" = 1 ] || status=77 ;;
            *) status=1 ;;
        esac
    done
    exit $status
fi

# One pass: --pass plain|BASH_COMPLETION SOURCE_DIR NQUEENS_CLI [NQUEENS [NQUEENS_MPI]]
mode=$2 src=$3 cli=$4 app=${5:-none} mpi=${6:-none}
failed=0
skipped=0
fail() { echo "FAIL ($mode): $*" >&2; failed=1; }
work=$(mktemp -d /tmp/nq-completion-XXXXXX)
trap 'rm -rf "$work"' EXIT
if [ "$mode" = plain ]; then
    for file in nqueens-cli nqueens-mpi; do
        . "$src/completions/bash/$file" || { fail "cannot source completions/bash/$file"; exit 1; }
    done
else
    # As installed: bash-completion loads completions/NAME on demand, here from the user's folder.
    mkdir -p "$work/user/completions"
    cp "$src"/completions/bash/* "$work/user/completions/"
    export BASH_COMPLETION_USER_DIR=$work/user
    . "$mode"
    declare -F _init_completion __load_completion >/dev/null ||
        { fail "$mode defines no _init_completion or __load_completion"; exit 1; }
    for command in nqueens nqueens-cli nqueens-mpi; do
        __load_completion "$command" && complete -p "$command" >/dev/null 2>&1 ||
            { fail "bash-completion cannot load the completion of $command"; exit 1; }
    done
fi

# Completes LINE (typed up to its end) with the function complete -p gives for its command;
# the words offered, sorted, one a line.
offered() {
    local line=$1 function
    COMP_LINE=$line
    COMP_POINT=${#line}
    read -ra COMP_WORDS <<<"$line"
    [[ $line == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    function=$(complete -p "${COMP_WORDS[0]}" | sed -n 's/.*-F \([^ ]*\) .*/\1/p')
    [ -n "$function" ] || { echo "(no completion for ${COMP_WORDS[0]})"; return; }
    "$function" "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]:-}"
    printf '%s\n' "${COMPREPLY[@]}" | sed '/^$/d' | sort
}

# expect 'LINE' WORD...: exactly these words are offered for LINE.
expect() {
    local line=$1 got want
    shift
    got=$(offered "$line" | tr '\n' ' ')
    want=$(printf '%s\n' "$@" | sed '/^$/d' | sort | tr '\n' ' ')
    [ "$got" = "$want" ] || fail "'$line' offers [${got% }], not [${want% }]"
}

methods="backtrack forward firstfail minconflicts"
languages="en th fa zh_TW he"
expect "nqueens-cli " count list table find trace compare heatmap gif
expect "nqueens-cli c" count compare
expect "nqueens-cli --" --help --version --lang
expect "nqueens-cli --lang " $languages
expect "nqueens-cli --lang th t" table trace
expect "nqueens-cli list --f" --first --format --from
expect "nqueens-cli list 8 --format " board line coords json
expect "nqueens-cli find 8 --format " board line coords json none
expect "nqueens-cli trace 8 --format " text csv
expect "nqueens-cli count --method " backtrack forward firstfail
expect "nqueens-cli find 8 --method " minconflicts
expect "nqueens-cli trace 8 --method " $methods
expect "nqueens-cli count 8 --lang " $languages
expect "nqueens-cli count 8 --unique --u"
expect "nqueens-cli count 8 --first "
expect "nqueens-cli count "
expect "nqueens-cli table 4 "
expect "nqueens-cli table 4 8 --" --threads --quiet --lang --help
expect "nqueens-cli heatmap 8 --" --first --threads --quiet --lang --help
expect "nqueens-cli compare 8 --" --first --threads --budget --lang --help
expect "nqueens-cli gif 8 --theme " dark light contrast
expect "nqueens-cli gif 8 --method " $methods
expect "nqueens-cli gif 8 --" --output --first --from --limit --speed --size --theme --method --seed --budget --lang \
    --help
expect "nqueens --theme " dark light contrast
expect "nqueens --mode " watch solve
expect "nqueens --method " $methods
expect "nqueens --speed " max
expect "nqueens --lang " $languages
expect "nqueens --n "
expect "nqueens --n 8 --t" --theme --trace
expect "nqueens-mpi " count
expect "nqueens-mpi --" --help --version --lang
expect "nqueens-mpi count 18 --" --first --journal --threads --unique --quiet --lang --help
expect "nqueens-mpi count 18 --lang " $languages

# --journal completes file names, in the folder the line is typed in.
mkdir "$work/here"
touch "$work/here/c19.journal" "$work/here/c20.journal" "$work/here/notes"
(
    cd "$work/here" || exit 1
    expect "nqueens-cli count 19 --journal c" c19.journal c20.journal
    expect "nqueens-mpi count 19 --journal c" c19.journal c20.journal
    expect "nqueens-cli gif 8 -o c" c19.journal c20.journal
    exit "$failed"
) || failed=1

# Every option of a program's --help is offered on one of LINES.
# covers NAME PROGRAM LINE...
covers() {
    local name=$1 program=$2 option all=
    shift 2
    if [ "$program" = none ] || [ ! -x "$program" ]; then
        echo "skipped ($mode): the options of $name ($program: not built)"
        skipped=1
        return
    fi
    local line
    for line in "$@"; do
        all+=$(offered "$line")$'\n'
    done
    local help
    help=$("$program" --help) || { fail "$name --help exits $?"; return; }
    for option in $(sed 's/mpirun --[a-z-]*//g' <<<"$help" | grep -o -- '--[a-z][a-z-]*' | sort -u); do
        grep -qx -- "$option" <<<"$all" || fail "$name --help prints $option, which no completion offers"
    done
}
cli_lines=("nqueens-cli --")
for command in count list table find trace compare heatmap gif; do
    cli_lines+=("nqueens-cli $command 8 8 --")
done
covers nqueens-cli "$cli" "${cli_lines[@]}"
covers nqueens "$app" "nqueens --"
covers nqueens-mpi "$mpi" "nqueens-mpi --" "nqueens-mpi count 8 --"

[ "$failed" = 0 ] || exit 1
[ "$skipped" = 0 ] || exit 77
echo "completion ($mode): every line offers what it must"
