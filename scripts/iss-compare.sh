#!/usr/bin/env bash
# The engine beside Sigh's Interactive Sudoku Solver (ISS), puzzle by puzzle, in one run
# (docs/variants.md). Usage:
#
#   scripts/iss-compare.sh [ISS_DIR [ROUNDS [FILE.jsonl | suite]]]
#
# ISS_DIR (the argument, or else the variable) is a copy of sigh/Interactive-Sudoku-Solver
# (MIT) kept outside the project: the folder that holds its js/. Without one the comparison
# is skipped, and says so. The set: FILE.jsonl, by default data/variants/puzzles.jsonl less
# the puzzles that carry a note, each read from its f-puzzles link; or `suite`, ISS's own
# suite (the puzzles of its tree with a solution, `scripts/iss-suite.mjs --links`), each
# read by both sides from the same ISS link. QUICK=1: the set's first three. Each round
# runs ISS on the whole set (scripts/iss-bench.mjs; its `cold_ms`: the first solve of each
# puzzle, after one classic warm-up, parsing and building included), then the engine once per
# puzzle, one process each, timed inside from reading the link to the verdict, so the
# process's own start is left out (the variants bench with `each`). Rounds alternate; each
# side's median per puzzle counts. Each side has TIMEOUT_S (default 60) seconds a puzzle; one
# that runs out counts as that long, verdict `timeout`. Prints the table (markdown), then how
# many puzzles are no slower than ISS with 2 ms of slack, and the totals; puzzles the engine
# cannot read yet are rows of their own, left out of those figures and counted apart.
set -euo pipefail
cd "$(dirname "$0")/.."
iss_dir=${1:-${ISS_DIR:-}}
if [ -z "$iss_dir" ] || [ ! -f "$iss_dir/js/sudoku_parser.js" ]; then
  echo "iss-compare: skipped: no ISS tree (give the folder that holds ISS's js/ as ISS_DIR or the first argument; a clone has none)"
  exit 0
fi
iss=$(cd "$iss_dir" && pwd)
rounds=${2:-1}
cap=${TIMEOUT_S:-60}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

form=fpuzzles
[ "${3:-}" = suite ] && form=iss
# QUICK's first three by sed, which reads to the end: head would stop the writer with
# SIGPIPE, which pipefail counts as a failure.
if [ "$form" = iss ]; then
  node scripts/iss-suite.mjs "$iss" --links
else
  grep -v '"note"' "$(realpath "${3:-data/variants/puzzles.jsonl}")"
fi | if [ "${QUICK:-}" = 1 ]; then sed -n 1,3p; else cat; fi > "$work/sound.jsonl"
split -l 1 -d -a 3 --additional-suffix=.jsonl "$work/sound.jsonl" "$work/one-"
bin=$(cargo bench --no-run -p sudoku-links --bench variants 2>&1 |
  sed -n 's/.*Executable.*(\(.*variants-[0-9a-f]*\)).*/\1/p' | tail -1)
[ -x "$bin" ] || { echo "the variants bench did not build" >&2; exit 1; }

for round in $(seq "$rounds"); do
  node scripts/iss-bench.mjs "$iss" "$work/sound.jsonl" --timeout-s "$cap" 2>/dev/null |
    awk -F'\t' -v r="$round" 'NR > 1 { print r "\t" $1 "\t" $8 "\t" $9 "\t" $2 }' >> "$work/iss.tsv"
  for one in "$work"/one-*.jsonl; do
    status=0
    row=$(timeout "$cap" "$bin" 1 "$form" each "$one" | tail -1) || status=$?
    if [ "$status" = 124 ]; then
      title=$(node -p 'JSON.parse(require("fs").readFileSync(0, "utf8")).title' < "$one")
      row=$(printf '%s\t%s\ttimeout\t-' "$title" "$((cap * 1000))")
    elif [ "$status" != 0 ]; then
      echo "iss-compare: the engine failed on $(cat "$one")" >&2
      exit 1
    fi
    printf '%s\n' "$row" |
      awk -F'\t' -v r="$round" '{ print r "\t" $1 "\t" $2 "\t" $4 "\t" $3 }' >> "$work/engine.tsv"
  done
done

# Per puzzle, in the set's order: the median over rounds of each side. ISS says `multiple`
# where the engine says `several`.
awk -F'\t' -v rounds="$rounds" '
  function median(list,    n, a, i, j, t) {
    n = split(list, a, " ")
    for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) {
      t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
    }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  FNR == 1 { file++ }
  file == 1 {
    iss[$2] = iss[$2] " " $3; iss_guesses[$2] = $4
    iss_verdict[$2] = $5 == "multiple" ? "several" : $5
    next
  }
  {
    if (!($2 in engine)) order[++titles] = $2
    engine[$2] = engine[$2] " " $3; guesses[$2] = $4; verdict[$2] = $5
  }
  END {
    print "| puzzle | engine ms | guesses | ISS cold ms | ISS guesses | ISS / engine |"
    print "|---|---:|---:|---:|---:|---:|"
    for (i = 1; i <= titles; i++) {
      t = order[i]; s = median(iss[t])
      if (verdict[t] == "unreadable") {
        printf "| %s | not read yet | - | %.1f | %s | -%s |\n", t, s, iss_guesses[t], iss_verdict[t] == "timeout" ? " (ISS: timeout)" : ""
        unread++; unread_s += s
        continue
      }
      e = median(engine[t])
      slower = e > s + 2 ? " **slower**" : ""
      if (verdict[t] != iss_verdict[t]) slower = slower " (verdicts: " verdict[t] ", ISS " iss_verdict[t] ")"
      printf "| %s | %.2f | %s | %.1f | %s | %.1fx%s |\n", t, e, guesses[t], s, iss_guesses[t], s / (e > 0.001 ? e : 0.001), slower
      read++; total_e += e; total_s += s; ok += e <= s + 2
    }
    printf "\n%d puzzles, %d rounds: %d no slower than ISS (2 ms slack); total %.0f ms against ISS %.0f ms (%.2fx)\n",
      read, rounds, ok, total_e, total_s, total_s / (total_e > 0 ? total_e : 1)
    if (unread) printf "%d more puzzles the engine cannot read yet, not timed (ISS: %.0f ms on them)\n", unread, unread_s
  }' "$work/iss.tsv" "$work/engine.tsv"
