"""Reference times for the hard 25x25 set from general SAT solvers, to put the engine's
figures beside. A benchmark aid, not a test: `pip install python-sat`, then
`python3 scripts/sat-reference.py [solvers...] [< data/hard25.txt]`.

Each puzzle is the usual CNF (every cell, and every digit of every house, exactly once:
one clause for "at least one", pairwise clauses for "at most one"). The solver finds a
solution, then proves it unique by finding none once that solution is blocked, as the
engine does. Prints seconds and conflicts for both parts.
"""

import itertools
import sys
import time

from pysat.solvers import Solver

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def clauses(puzzle, box):
    n = box * box
    var = lambda cell, d: cell * n + d + 1
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    boxes = [
        [(br * box + i) * n + bc * box + j for i in range(box) for j in range(box)]
        for br in range(box)
        for bc in range(box)
    ]
    groups = [[var(cell, d) for d in range(n)] for cell in range(n * n)]
    groups += [[var(cell, d) for cell in h] for h in rows + cols + boxes for d in range(n)]
    cnf = []
    for g in groups:
        cnf.append(g)
        cnf.extend([-a, -b] for a, b in itertools.combinations(g, 2))
    for cell, ch in enumerate(puzzle):
        if ch != ".":
            cnf.append([var(cell, SYMBOLS.index(ch.upper()))])
    return cnf


def main():
    solvers = sys.argv[1:] or ["minisat22", "glucose4", "cadical195"]
    puzzles = [line.strip() for line in sys.stdin if line.strip() and not line.startswith("#")]
    print("| solver | puzzle | find: s | conflicts | prove unique: s | conflicts |")
    print("|---|---:|---:|---:|---:|---:|")
    for name in solvers:
        for number, puzzle in enumerate(puzzles, 1):
            box = round(len(puzzle) ** 0.25)
            with Solver(name=name, bootstrap_with=clauses(puzzle, box)) as s:
                start = time.perf_counter()
                assert s.solve(), "the puzzle has a solution"
                found, conflicts = time.perf_counter() - start, s.accum_stats()["conflicts"]
                s.add_clause([-lit for lit in s.get_model() if lit > 0])
                start = time.perf_counter()
                assert not s.solve(), "the solution is unique"
                proved = time.perf_counter() - start
                more = s.accum_stats()["conflicts"] - conflicts
            print(f"| {name} | {number} | {found:.2f} | {conflicts} | {proved:.2f} | {more} |", flush=True)


if __name__ == "__main__":
    main()
