"""Reference times for the hard 25x25 set from general SAT solvers, and from OR-Tools'
CP-SAT, to put the engine's figures beside. A benchmark aid, not a test: `pip install
python-sat` (and `ortools` for `cpsat`), then
`python3 scripts/sat-reference.py [solvers...] [< data/hard25.txt]`.

Each puzzle is the usual CNF (every cell, and every digit of every house, exactly once:
one clause for "at least one", pairwise clauses for "at most one"). `cpsat` gets the same
groups as exactly-one constraints, plus each house's AllDifferent over the cells' values,
whose prunings CP-SAT explains to its clause learning (lazy clause generation); it runs
on one thread, as the engine does. The solver finds a solution, then proves it unique by
finding none once that solution is blocked, as the engine does. Prints seconds and
conflicts for both parts.
"""

import itertools
import sys
import time


SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def houses(box):
    n = box * box
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    boxes = [
        [(br * box + i) * n + bc * box + j for i in range(box) for j in range(box)]
        for br in range(box)
        for bc in range(box)
    ]
    return rows + cols + boxes


def groups(box):
    """Every cell's digits and every house's places for a digit, as (cell, digit) lists."""
    n = box * box
    cells = [[(cell, d) for d in range(n)] for cell in range(n * n)]
    return cells + [[(cell, d) for cell in h] for h in houses(box) for d in range(n)]


def givens(puzzle):
    return [(cell, SYMBOLS.index(ch.upper())) for cell, ch in enumerate(puzzle) if ch != "."]


def clauses(puzzle, box):
    n = box * box
    var = lambda cell, d: cell * n + d + 1
    cnf = []
    for group in groups(box):
        g = [var(cell, d) for cell, d in group]
        cnf.append(g)
        cnf.extend([-a, -b] for a, b in itertools.combinations(g, 2))
    cnf.extend([var(cell, d)] for cell, d in givens(puzzle))
    return cnf


def sat_times(name, puzzle, box):
    from pysat.solvers import Solver

    with Solver(name=name, bootstrap_with=clauses(puzzle, box)) as s:
        start = time.perf_counter()
        assert s.solve(), "the puzzle has a solution"
        found, conflicts = time.perf_counter() - start, s.accum_stats()["conflicts"]
        s.add_clause([-lit for lit in s.get_model() if lit > 0])
        start = time.perf_counter()
        assert not s.solve(), "the solution is unique"
        proved = time.perf_counter() - start
        return found, conflicts, proved, s.accum_stats()["conflicts"] - conflicts


def cpsat_times(puzzle, box):
    from ortools.sat.python import cp_model

    n = box * box
    m = cp_model.CpModel()
    x = [[m.NewBoolVar("") for _ in range(n)] for _ in range(n * n)]
    for group in groups(box):
        m.AddExactlyOne(x[cell][d] for cell, d in group)
    value = [m.NewIntVar(0, n - 1, "") for _ in range(n * n)]
    for cell in range(n * n):
        m.Add(value[cell] == sum(d * x[cell][d] for d in range(n)))
    for h in houses(box):
        m.AddAllDifferent(value[cell] for cell in h)
    for cell, d in givens(puzzle):
        m.Add(x[cell][d] == 1)
    s = cp_model.CpSolver()
    s.parameters.num_workers = 1
    start = time.perf_counter()
    assert s.Solve(m) == cp_model.OPTIMAL, "the puzzle has a solution"
    found, conflicts = time.perf_counter() - start, s.NumConflicts()
    m.AddBoolOr(x[cell][s.Value(value[cell])].Not() for cell in range(n * n))
    start = time.perf_counter()
    assert s.Solve(m) == cp_model.INFEASIBLE, "the solution is unique"
    return found, conflicts, time.perf_counter() - start, s.NumConflicts()


def main():
    solvers = sys.argv[1:] or ["minisat22", "glucose4", "cadical195"]
    puzzles = [line.strip() for line in sys.stdin if line.strip() and not line.startswith("#")]
    print("| solver | puzzle | find: s | conflicts | prove unique: s | conflicts |")
    print("|---|---:|---:|---:|---:|---:|")
    for name in solvers:
        for number, puzzle in enumerate(puzzles, 1):
            box = round(len(puzzle) ** 0.25)
            if name == "cpsat":
                found, conflicts, proved, more = cpsat_times(puzzle, box)
            else:
                found, conflicts, proved, more = sat_times(name, puzzle, box)
            print(f"| {name} | {number} | {found:.2f} | {conflicts} | {proved:.2f} | {more} |", flush=True)


if __name__ == "__main__":
    main()
