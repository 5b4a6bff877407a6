#!/usr/bin/env python3
"""Trains the digit classifier and writes its weights for the Rust reader (scan/src/model.rs).

usage: train.py OUT.bin PHOTOS.cells [SYNTH.cells...] [--folds 5]

The .cells files come from `cargo run --release -p sudoku-scan --example cells`, so the
network sees cells cut out exactly as the reader cuts them. PHOTOS.cells must list the
data set's photos; with --folds, each fold of photos (by photo, never by cell) is held out
in turn and the figures are printed before the final network is trained on everything.

The network: FEATURE² inputs, one hidden layer of 96 ReLUs, 16 outputs (1-9 and A-G),
trained with Adam on cross-entropy; then each row of weights is stored as int8 with its
own scale.
"""
import argparse, struct, sys
import numpy as np

FEATURE = 20
CLASSES = 16
HIDDEN = 96
RECORD = np.dtype([('image', '<u2'), ('size', 'u1'), ('cell', '<u2'), ('truth', 'u1'),
                   ('found', 'u1'), ('pixels', 'u1', FEATURE * FEATURE)])


def load(path):
    return np.fromfile(path, dtype=RECORD)


def samples(records):
    keep = (records['found'] == 1) & (records['truth'] > 0) & (records['truth'] <= CLASSES)
    r = records[keep]
    return r['pixels'].astype(np.float32) / 255.0, r['truth'].astype(np.int64) - 1


def shifted(x, rng):
    """Each digit moved by up to a pixel, so the network does not lean on exact centring."""
    imgs = x.reshape(-1, FEATURE, FEATURE)
    out = np.empty_like(imgs)
    dy, dx = rng.integers(-1, 2, len(imgs)), rng.integers(-1, 2, len(imgs))
    for k in range(len(imgs)):
        out[k] = np.roll(np.roll(imgs[k], dy[k], 0), dx[k], 1)
    return out.reshape(len(x), -1)


def train(x, y, seed=0, epochs=25):
    rng = np.random.default_rng(seed)
    w1 = rng.normal(0, np.sqrt(2 / x.shape[1]), (x.shape[1], HIDDEN)).astype(np.float32)
    b1 = np.zeros(HIDDEN, np.float32)
    w2 = rng.normal(0, np.sqrt(2 / HIDDEN), (HIDDEN, CLASSES)).astype(np.float32)
    b2 = np.zeros(CLASSES, np.float32)
    params = [w1, b1, w2, b2]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    step, lr, decay = 0, 2e-3, 1e-4
    for epoch in range(epochs):
        xs = shifted(x, rng)
        order = rng.permutation(len(x))
        for i in range(0, len(x), 128):
            idx = order[i:i + 128]
            xb, yb = xs[idx], y[idx]
            h = np.maximum(xb @ w1 + b1, 0)
            logits = h @ w2 + b2
            p = np.exp(logits - logits.max(1, keepdims=True))
            p /= p.sum(1, keepdims=True)
            p[np.arange(len(yb)), yb] -= 1
            g = p / len(yb)
            gw2 = h.T @ g + decay * w2
            gb2 = g.sum(0)
            gh = (g @ w2.T) * (h > 0)
            gw1 = xb.T @ gh + decay * w1
            gb1 = gh.sum(0)
            step += 1
            for k, (param, grad) in enumerate(zip(params, [gw1, gb1, gw2, gb2])):
                m[k] = 0.9 * m[k] + 0.1 * grad
                v[k] = 0.999 * v[k] + 0.001 * grad * grad
                mh = m[k] / (1 - 0.9 ** step)
                vh = v[k] / (1 - 0.999 ** step)
                param -= lr * mh / (np.sqrt(vh) + 1e-8)
        lr *= 0.88
    return quantized(params)


def quantized(params):
    """The weights as the reader stores them: int8 rows, each with its own scale."""
    w1, b1, w2, b2 = params
    layers = []
    for w, b in [(w1, b1), (w2, b2)]:
        rows = w.T
        scale = np.maximum(np.abs(rows).max(1), 1e-8) / 127
        q = np.round(rows / scale[:, None]).astype(np.int8)
        layers.append((scale.astype(np.float32), b.astype(np.float32), q))
    return layers


def predict(layers, x, size):
    h = x
    for k, (scale, bias, q) in enumerate(layers):
        h = (h @ q.T.astype(np.float32)) * scale + bias
        if k == 0:
            h = np.maximum(h, 0)
    return h[:, :size].argmax(1) + 1


def write(layers, path):
    with open(path, 'wb') as f:
        f.write(b'SDK1')
        f.write(struct.pack('<3H', FEATURE * FEATURE, HIDDEN, CLASSES))
        for scale, bias, q in layers:
            f.write(scale.astype('<f4').tobytes())
            f.write(bias.astype('<f4').tobytes())
            f.write(q.tobytes())


def evaluate(layers, records, photos):
    """Grids read exactly right, cells right, and the confusion of every wrong cell."""
    exact, cells, right = 0, 0, 0
    confusion = {}
    for image in photos:
        r = records[records['image'] == image]
        if len(r) != 81:
            confusion[('grid', 'not found')] = confusion.get(('grid', 'not found'), 0) + 1
            cells += 81
            continue
        read = np.where(r['found'] == 1, predict(layers, r['pixels'].astype(np.float32) / 255, 9), 0)
        ok = read == r['truth']
        exact += ok.all()
        cells += 81
        right += ok.sum()
        for t, g in zip(r['truth'][~ok], read[~ok]):
            confusion[(int(t), int(g))] = confusion.get((int(t), int(g)), 0) + 1
    return exact, right, cells, confusion


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('out')
    ap.add_argument('photos')
    ap.add_argument('synth', nargs='*')
    ap.add_argument('--folds', type=int, default=0)
    ap.add_argument('--images', type=int, default=160, help='photos given to the cells tool')
    a = ap.parse_args()
    photos = load(a.photos)
    sx, sy = [], []
    for s in a.synth:
        x, y = samples(load(s))
        sx.append(x); sy.append(y)
    sx = np.concatenate(sx) if sx else np.zeros((0, FEATURE * FEATURE), np.float32)
    sy = np.concatenate(sy) if sy else np.zeros(0, np.int64)
    # Photo cells count three times: they are what the reader meets.
    def with_photos(mask):
        px, py = samples(photos[mask])
        return np.concatenate([sx] + [px] * 3), np.concatenate([sy] + [py] * 3)
    if a.folds:
        order = np.random.default_rng(1).permutation(a.images)
        total = [0, 0, 0]
        confusion = {}
        for k in range(a.folds):
            held = order[k::a.folds]
            x, y = with_photos(~np.isin(photos['image'], held))
            layers = train(x, y, seed=k)
            e, r, c, conf = evaluate(layers, photos, held)
            print(f'fold {k + 1}: {e} of {len(held)} photos exact, {r} of {c} cells', file=sys.stderr)
            total = [total[0] + e, total[1] + r, total[2] + c]
            for key, n in conf.items():
                confusion[key] = confusion.get(key, 0) + n
        print(f'all folds: {total[0]} of {a.images} photos exact ({100 * total[0] / a.images:.1f}%), '
              f'{total[1]} of {total[2]} cells ({100 * total[1] / total[2]:.2f}%)', file=sys.stderr)
        print('errors (truth -> read, 0 is empty):', file=sys.stderr)
        for (t, g), n in sorted(confusion.items(), key=lambda kv: -kv[1]):
            print(f'  {t} -> {g}: {n}', file=sys.stderr)
    x, y = with_photos(np.ones(len(photos), bool))
    write(train(x, y), a.out)


if __name__ == '__main__':
    main()
