#!/usr/bin/env bash
# nqueens-mpi run by mpirun with several ranks on this one machine, as a cluster would run it:
#   - mpirun -np 3 count N equals OEIS A000170 for N = 8..15 (and A002562 with --unique), and
#     nqueens-cli count on random pinned squares (a fixed seed) and on N = 1..3;
#   - -np 1 counts alone, and says the same;
#   - Ctrl+C to the ranks exits 130 with the "stopped after" line; Ctrl+C to mpirun, and a
#     counting rank killed (kill -9), take the job down; each run goes on from the journal the
#     last left, and the last prints the exact total, says how many parts the journal held, and
#     no part is on the journal twice (a count of 19, or of 17 in a sanitized build);
#   - bad input (arguments, a journal of another count) gives one line from rank 0 and exit 2 on
#     every rank; so do ranks given different counts, and a rank (1, 2 or 3) that cannot start
#     (which also names itself in its own message);
#   - a rank whose replies are corrupted (NQ_FAULT_CORRUPT_REPLY, test builds) is refused, exit 1;
#   - --help written to a full disk exits 1.
# Usage: mpi_count.sh NQUEENS_MPI NQUEENS_CLI [sanitized]. Skipped (77) without mpirun (Debian:
# openmpi-bin).
set -euo pipefail
mpi=$1
cli=$2
# The count stopped and resumed: 19, or 17 where the build is sanitized (its ranks run ten and
# more times slower). While a stopped job winds down its ranks go on counting, a second or two
# after Ctrl+C to mpirun or a rank killed: a count of 18 (1 s on two threads) ended within 4 of
# its 6,142 parts of the last stop; 19's parts take six times as long. Its parts as the messages
# write them, with a thousands separator.
if [ "${3:-}" = sanitized ]; then
  stop_n=17 stop_parts=4395 stop_total=95815104
else
  stop_n=19 stop_parts=4142 stop_total=4968057848
fi
stop_parts_said="${stop_parts:0:1},${stop_parts:1}"
command -v mpirun >/dev/null || { echo "mpirun not found (Debian: openmpi-bin): skipped"; exit 77; }
work=$(mktemp -d /tmp/nq-mpi-XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# Ranks on one machine: more ranks than cores (--oversubscribe), as root in a container if need
# be, threads free to use every core (--bind-to none), shared memory between ranks only.
run_as=()
[ "$(id -u)" -eq 0 ] && run_as=(--allow-run-as-root)
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_MCA_rmaps_base_oversubscribe=1
mpi_run() { mpirun "${run_as[@]}" --oversubscribe --bind-to none -np "$@"; }

# The part lines on a journal (0 before it exists).
parts_on() { if [ -f "$1" ]; then awk '/^part /{n++} END{print n+0}' "$1"; else echo 0; fi; }

# The solutions line of a count's output.
solutions() { sed -n 's/^solutions: //p'; }

a000170=(0 1 0 0 2 10 4 40 92 352 724 2680 14200 73712 365596 2279184)
a002562=(0 1 0 0 1 2 1 6 12 46 92 341 1787 9233 45752 285053)

for n in $(seq 8 15); do
  got=$(mpi_run 3 "$mpi" count "$n" --threads 1 --quiet | solutions)
  [ "$got" = "${a000170[$n]}" ] || fail "count $n on 3 ranks: $got, OEIS A000170 says ${a000170[$n]}"
done
for n in 12 15; do
  out=$(mpi_run 3 "$mpi" count "$n" --unique --quiet)
  [ "$(sed -n 's/^unique: //p' <<<"$out")" = "${a002562[$n]}" ] || fail "count $n --unique: $out"
done
for n in 1 2 3; do
  [ "$(mpi_run 3 "$mpi" count "$n" --quiet | solutions)" = "${a000170[$n]}" ] || fail "count $n on 3 ranks"
done
echo "counts on 3 ranks equal OEIS for N = 1..3, 8..15 (unique for 12, 15)"

RANDOM=15
for i in $(seq 1 6); do
  n=$((9 + RANDOM % 8))
  square="$((1 + RANDOM % n)),$((1 + RANDOM % n))"
  want=$("$cli" count "$n" --first "$square" --quiet)
  got=$(mpi_run 3 "$mpi" count "$n" --first "$square" --threads 2 --quiet)
  [ "$(grep -v '^time' <<<"$got")" = "$(grep -v '^time' <<<"$want")" ] ||
    fail "count $n --first $square: nqueens-mpi says '$got', nqueens-cli '$want'"
  echo "count $n --first $square: $(solutions <<<"$got") solutions, as nqueens-cli"
done

got=$(mpi_run 1 "$mpi" count 12 --quiet | solutions)
[ "$got" = "${a000170[12]}" ] || fail "count 12 on one rank: $got"

# One count of $stop_n stopped three ways, each run going on from the journal the last one left:
# Ctrl+C reaching the ranks (mpirun passes their 130 on), Ctrl+C reaching mpirun alone (Open MPI's
# mpirun then ends every rank itself and exits 1 by its own rule), and a counting rank killed
# (kill -9). The fourth run finishes: the exact total, the parts the journal held said, no part
# on the journal twice.
journal=$work/count$stop_n.journal
held=0
for how in ranks mpirun kill; do
  setsid mpirun "${run_as[@]}" --oversubscribe --bind-to none -np 3 "$mpi" count "$stop_n" --threads 1 \
    --journal "$journal" >"$work/first.out" 2>"$work/first.err" &
  job=$!
  for _ in $(seq 1 3000); do
    [ "$(parts_on "$journal")" -ge $((held + 300)) ] && break
    sleep 0.01
  done
  ranks=$(pgrep -f -- "^$mpi count $stop_n --threads 1 --journal $journal" || true)
  [ "$(wc -w <<<"$ranks")" -eq 3 ] || fail "3 ranks were to run, found: $ranks"
  case $how in
    ranks) kill -INT $ranks ;;
    mpirun) kill -INT "$job" ;;
    kill) kill -9 "$(tail -n 1 <<<"$ranks")" ;;
  esac
  status=0
  wait "$job" || status=$?
  now=$(parts_on "$journal")
  [ "$now" -lt "$stop_parts" ] || fail "the count finished before it was stopped ($how)"
  case $how in
    ranks)
      [ "$status" -eq 130 ] || fail "Ctrl+C to the ranks: exit $status, not 130: $(cat "$work/first.err")"
      grep -q "^count $stop_n stopped after .* of parts done, .* solutions so far (incomplete)" "$work/first.err" ||
        fail "Ctrl+C to the ranks said: $(cat "$work/first.err")"
      kept=$(sed -n "s/.* keeps \([0-9,]*\) of the $stop_parts_said parts: run the same command to go on$/\1/p" "$work/first.err" |
        tr -d ,)
      [ "$kept" = "$now" ] || fail "Ctrl+C to the ranks: the journal holds $now parts; the message: $(cat "$work/first.err")" ;;
    *) [ "$status" -ne 0 ] || fail "the job went on after $how" ;;
  esac
  [ "$now" -ge "$held" ] || fail "the journal lost parts ($held before, $now after $how)"
  echo "stopped by $how ($status) after $now of $stop_parts parts"
  held=$now
done
out=$(mpi_run 3 "$mpi" count "$stop_n" --journal "$journal" 2>"$work/again.err")
[ "$(solutions <<<"$out")" = "$stop_total" ] || fail "the count after the stops: $out"
said=$(sed -n "s/.* holds \([0-9,]*\) of the $stop_parts_said parts: counting the others$/\1/p" "$work/again.err" | tr -d ,)
[ "$said" = "$held" ] || fail "the journal held $held parts; the rerun said: $(cat "$work/again.err")"
[ "$(parts_on "$journal")" -eq "$stop_parts" ] || fail "the journal has $(parts_on "$journal") parts, not $stop_parts"
[ "$(grep '^part ' "$journal" | cut -d' ' -f2 | sort -u | wc -l)" -eq "$stop_parts" ] ||
  fail "a part is on the journal twice"
echo "the fourth run finished the other $((stop_parts - held)) parts, total $stop_total"

# Bad input: one line from rank 0, exit 2.
status=0
mpi_run 3 "$mpi" count 0 >"$work/bad.out" 2>"$work/bad.err" || status=$?
[ "$status" -eq 2 ] || fail "count 0: exit $status"
[ "$(grep -c '^nqueens-mpi: ' "$work/bad.err")" -eq 1 ] || fail "count 0 said: $(cat "$work/bad.err")"
grep -q "N must be a whole number from 1 to 64 (got '0')" "$work/bad.err" || fail "count 0 said: $(cat "$work/bad.err")"
status=0
mpi_run 3 "$mpi" count 16 --journal "$journal" >"$work/bad.out" 2>"$work/bad.err" || status=$?
[ "$status" -eq 2 ] || fail "a journal of count $stop_n for count 16: exit $status"
grep -q "is of 'count $stop_n', not of 'count 16'" "$work/bad.err" || fail "the journal of another count: $(cat "$work/bad.err")"
[ "$(parts_on "$journal")" -eq "$stop_parts" ] || fail "the refused journal was changed"
for args in "count 8 --method forward" "list 8" "count 8 --first 1,1 --unique" "count 8 --threads 0"; do
  status=0
  # shellcheck disable=SC2086 # the arguments are split on purpose
  mpi_run 2 "$mpi" $args >"$work/bad.out" 2>"$work/bad.err" || status=$?
  [ "$status" -eq 2 ] || fail "$args: exit $status"
  [ "$(grep -c '^nqueens-mpi: ' "$work/bad.err")" -eq 1 ] || fail "$args said: $(cat "$work/bad.err")"
done
echo "bad input: one line from rank 0 and exit 2"

# Ranks started with different commands: one message from rank 0 and exit 2 on every rank, at
# once (never a count of rank 0's command with another rank's parts, never a hang).
for other in "count 16 --first 2,1" "count 3" "count 14 --first 1,1"; do
  status=0
  # shellcheck disable=SC2086 # the arguments are split on purpose
  timeout 60 mpirun "${run_as[@]}" --oversubscribe --bind-to none -np 1 "$mpi" count 16 --first 1,1 --threads 1 \
    : -np 1 "$mpi" $other --threads 1 >"$work/bad.out" 2>"$work/bad.err" || status=$?
  [ "$status" -eq 2 ] || fail "rank 1 given '$other': exit $status"
  grep -q "rank 1 was asked for '$other' and rank 0 for 'count 16 --first 1,1': give every rank the same count" \
    "$work/bad.err" || fail "rank 1 given '$other' said: $(cat "$work/bad.err")"
  ! grep -q '^solutions' "$work/bad.out" || fail "rank 1 given '$other': a count was printed"
done
echo "ranks given different counts: refused by rank 0, exit 2"

# A rank that cannot start (bad input, --help, --version on rank 1 alone) ends the job at once.
for other in "count 99" "count 16 --threads 0" "count 16 --help" "--version"; do
  status=0
  # shellcheck disable=SC2086 # the arguments are split on purpose
  timeout 60 mpirun "${run_as[@]}" --oversubscribe --bind-to none -np 1 "$mpi" count 16 --threads 1 \
    : -np 1 "$mpi" $other >"$work/bad.out" 2>"$work/bad.err" || status=$?
  [ "$status" -eq 2 ] || fail "rank 1 given '$other': exit $status (124: it hung)"
  grep -q "^nqueens-mpi: another rank" "$work/bad.err" || fail "rank 1 given '$other' said: $(cat "$work/bad.err")"
done
for bad in 2 3; do # the rank that cannot start, after good ones
  status=0
  timeout 60 mpirun "${run_as[@]}" --oversubscribe --bind-to none -np "$bad" "$mpi" count 16 --threads 1 \
    : -np 1 "$mpi" count 99 : -np $((3 - bad + 1)) "$mpi" count 16 --threads 1 >"$work/bad.out" 2>"$work/bad.err" ||
    status=$?
  [ "$status" -eq 2 ] || fail "rank $bad given 'count 99': exit $status (124: it hung)"
  grep -q "^nqueens-mpi (rank $bad): N must be" "$work/bad.err" || fail "rank $bad given 'count 99' said: $(cat "$work/bad.err")"
done
grep -q "^nqueens-mpi (rank 1): --threads must be" <(timeout 60 mpirun "${run_as[@]}" --oversubscribe --bind-to none \
  -np 1 "$mpi" count 16 : -np 1 "$mpi" count 16 --threads 0 2>&1 >/dev/null) || fail "rank 1 did not say what was wrong"
echo "a rank that cannot start: the job exits 2 at once, the rank's own message named"

# A rank whose figures are changed on the way (a fault switch of the test builds): rank 0 refuses
# them, adds none, and the journal holds only parts whose figures passed, so the same command
# goes on to the true total.
journal=$work/faulty.journal
status=0
NQ_FAULT_CORRUPT_REPLY=2 mpirun "${run_as[@]}" --oversubscribe --bind-to none -x NQ_FAULT_CORRUPT_REPLY -np 3 \
  "$mpi" count 12 --threads 1 --journal "$journal" >"$work/bad.out" 2>"$work/bad.err" || status=$?
[ "$status" -eq 1 ] || fail "a rank sending wrong figures: exit $status"
grep -q "rank 2 sent figures for part [0-9]* that fail their check" "$work/bad.err" ||
  fail "a rank sending wrong figures said: $(cat "$work/bad.err")"
! grep -q '^solutions' "$work/bad.out" || fail "a count with wrong figures was printed"
[ "$(mpi_run 3 "$mpi" count 12 --threads 1 --journal "$journal" --quiet | solutions)" = "${a000170[12]}" ] ||
  fail "the count after refused figures is not ${a000170[12]}"
echo "a rank sending changed figures: refused by rank 0 (exit 1); the journal's rerun counts ${a000170[12]}"

# --help written to a full disk: exit 1, with a message.
status=0
"$mpi" --help >/dev/full 2>"$work/bad.err" || status=$?
[ "$status" -eq 1 ] && grep -q "cannot write the output" "$work/bad.err" || fail "--help >/dev/full: exit $status"
echo "--help written to a full disk: exit 1"
