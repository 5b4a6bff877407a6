#!/usr/bin/env python3
"""Renders Sudoku puzzles as photos might show them, for training and testing the reader.

usage: render.py OUT_DIR COUNT SEED [--clean]

Each image NAME.jpg comes with NAME.txt, the puzzle on one line. Sizes: mostly 9x9 (puzzles
from data/top1465.txt and data/17_clue.txt), and 4x4, 6x6 and 16x16 (letters A-G) made here
or taken from data/large_16x16_40pct.txt with their symbols shuffled. Each is drawn in a
font from Debian's fonts-* packages, then tilted in perspective, unevenly lit, blurred,
speckled and saved through JPEG. With --clean, they are drawn as another app's screenshot
would be: black on white, square on, sharp, saved as PNG.
"""
import glob, importlib.util, io, os, random, sys
from PIL import Image, ImageDraw, ImageFilter, ImageFont

ROOT = os.path.join(os.path.dirname(__file__), '..', '..')
LATIN = ('DejaVuSans', 'DejaVuSerif', 'Liberation', 'Free', 'Nimbus', 'Roboto', 'NotoSans-',
         'NotoSerif-', 'NotoSansMono-', 'Caladea', 'Carlito', 'URW', 'P052', 'C059')


def fonts():
    found = []
    for path in glob.glob('/usr/share/fonts/**/*.[ot]tf', recursive=True):
        name = os.path.basename(path)
        # Puzzles are printed upright, in regular or bold weights: no italics, hairlines or
        # typewriter faces.
        skip = ('Italic', 'Ita.', 'Oblique', 'Mono', 'Thin', 'Light')
        if name.startswith(LATIN) and not any(s in name for s in skip):
            found.append(path)
    return sorted(found)


def value(ch):
    return int(ch) if ch.isdigit() else ord(ch) - ord('A') + 10 if 'A' <= ch <= 'P' else 0


# The solved grids and the symbols of the large-grid sets' own maker.
_spec = importlib.util.spec_from_file_location(
    'make_large_puzzles', os.path.join(ROOT, 'scripts', 'make-large-puzzles.py'))
_maker = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_maker)
symbol = _maker.sym


def pattern_grid(br, bc, rng):
    """A random solved grid: the classic pattern with bands, stacks and digits shuffled."""
    return [v for row in _maker.solved(br, bc, rng) for v in row]


def puzzle(rng, lists):
    kind = rng.random()
    if kind < 0.7:
        line = rng.choice(lists[9])
        return 9, (3, 3), [value(c) for c in line]
    if kind < 0.85:
        vals = [value(c) for c in rng.choice(lists[16])]
        perm = list(range(1, 17)); rng.shuffle(perm)
        return 16, (4, 4), [perm[v - 1] if v else 0 for v in vals]
    br, bc = rng.choice([(2, 2), (2, 3)])
    n = br * bc
    grid = pattern_grid(br, bc, rng)
    return n, (br, bc), [v if rng.random() < 0.45 else 0 for v in grid]


def render(rng, font_paths, lists, clean=False):
    n, (br, bc), cells = puzzle(rng, lists)
    cell = rng.randint(28, 64) if n <= 9 else rng.randint(26, 44)
    side = cell * n
    pad = rng.randint(10, 160)
    paper = 255 if clean else rng.randint(170, 255)
    ink = 0 if clean else rng.randint(0, 90)
    img = Image.new('L', (side + 2 * pad, side + 2 * pad), paper)
    d = ImageDraw.Draw(img)
    thin, thick = rng.randint(1, 3), rng.randint(3, 7)
    font = ImageFont.truetype(rng.choice(font_paths), int(cell * rng.uniform(0.5, 0.8)))
    # Other print around the grid, as on a newspaper page.
    for _ in range(0 if clean else rng.randint(0, 6)):
        x, y = rng.randint(0, img.width), rng.choice([rng.randint(0, pad), rng.randint(pad + side, img.height)])
        d.text((x, y), ''.join(rng.choice('abcdefghij 0123456789') for _ in range(20)), fill=ink, font=font)
    for k in range(n + 1):
        w = thick if k % br == 0 or k == n else thin
        y = pad + k * cell
        d.rectangle([pad, y - w // 2, pad + side, y + (w - 1) // 2], fill=ink)
    for k in range(n + 1):
        w = thick if k % bc == 0 or k == n else thin
        x = pad + k * cell
        d.rectangle([x - w // 2, pad, x + (w - 1) // 2, pad + side], fill=ink)
    digit_ink = ink if clean or rng.random() < 0.85 else min(ink + rng.randint(0, 40), 110)
    for i, v in enumerate(cells):
        if v:
            r, c = divmod(i, n)
            cx = pad + c * cell + cell / 2 + rng.uniform(-0.06, 0.06) * cell
            cy = pad + r * cell + cell / 2 + rng.uniform(-0.06, 0.06) * cell
            d.text((cx, cy), symbol(v), fill=digit_ink, font=font, anchor='mm')
    if clean:
        buf = io.BytesIO()
        img.save(buf, 'PNG')
        return buf.getvalue(), ''.join(symbol(v) for v in cells)
    # Perspective: each corner moved at random; PIL maps output to input coefficients.
    w, h = img.size
    j = rng.uniform(0, 0.08)
    src = [(rng.uniform(-j, j) * w + x, rng.uniform(-j, j) * h + y) for x, y in [(0, 0), (w, 0), (w, h), (0, h)]]
    coeffs = perspective_coeffs([(0, 0), (w, 0), (w, h), (0, h)], src)
    img = img.transform((w, h), Image.PERSPECTIVE, coeffs, Image.BILINEAR, fillcolor=paper)
    # Uneven light: a gradient across the page.
    lo = rng.uniform(0.55, 1.0)
    import numpy as np
    gx, gy = rng.uniform(-1, 1), rng.uniform(-1, 1)
    ramp = np.add.outer(np.linspace(0, gy, h), np.linspace(0, gx, w))
    ramp = (ramp - ramp.min()) / max(ramp.max() - ramp.min(), 1e-6)
    grad = Image.fromarray((ramp * 255).astype('uint8'))
    img = Image.composite(img, img.point(lambda p: int(p * lo)), grad)
    img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0, 1.6)))
    noise = Image.effect_noise((w, h), rng.uniform(0, 18))
    img = Image.blend(img, noise, 0.1) if rng.random() < 0.5 else img
    buf = io.BytesIO()
    img.save(buf, 'JPEG', quality=rng.randint(35, 90))
    return buf.getvalue(), ''.join(symbol(v) for v in cells)


def perspective_coeffs(out, src):
    import numpy as np
    a, b = [], []
    for (x, y), (u, v) in zip(out, src):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y]); b.append(u)
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y]); b.append(v)
    return list(np.linalg.solve(np.array(a, float), np.array(b, float)))


def main():
    out, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    clean = '--clean' in sys.argv[4:]
    os.makedirs(out, exist_ok=True)
    rng = random.Random(seed)
    read = lambda f: [l.strip() for l in open(os.path.join(ROOT, 'data', f)) if l.strip() and not l.startswith('#')]
    lists = {9: read('top1465.txt') + read('17_clue.txt')[:5000], 16: read('large_16x16_40pct.txt')}
    font_paths = fonts()
    for k in range(count):
        data, line = render(rng, font_paths, lists, clean)
        name = f'clean{seed}_{k}.png' if clean else f'synth{seed}_{k}.jpg'
        open(os.path.join(out, name), 'wb').write(data)
        open(os.path.join(out, name.rsplit('.', 1)[0] + '.txt'), 'w').write(line + '\n')


if __name__ == '__main__':
    main()
