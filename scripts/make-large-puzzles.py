#!/usr/bin/env python3
# Makes the large-grid benchmark sets in data/: random solved grids (the classic pattern,
# shuffled), then cells blanked at random. usage: make-large-puzzles.py BOX_ROWS BOX_COLS GIVENS SEED
import random, sys
def solved(br, bc, rng):
    n = br*bc
    digits = list(range(1, n+1)); rng.shuffle(digits)
    bands = list(range(n//br)); rng.shuffle(bands)
    rows = [b*br + r for b in bands for r in rng.sample(range(br), br)]
    stacks = list(range(n//bc)); rng.shuffle(stacks)
    cols = [s*bc + c for s in stacks for c in rng.sample(range(bc), bc)]
    return [[digits[(bc*(r % br) + r//br + c) % n] for c in cols] for r in rows]
def sym(v): return '.' if v == 0 else (str(v) if v < 10 else chr(ord('A')+v-10))
if __name__ == '__main__':  # scan/train/render.py borrows solved() and sym()
    br, bc, givens_frac, seed = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
    rng = random.Random(seed)
    g = solved(br, bc, rng)
    n = br*bc
    cells = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(cells)
    for (r, c) in cells[:n*n - int(n*n*givens_frac)]:
        g[r][c] = 0
    print(''.join(sym(v) for row in g for v in row))
