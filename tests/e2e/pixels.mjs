// Pixels as Chromium drew them: a part of the page's screenshot, decoded by the page itself
// (createImageBitmap on the PNG), and WCAG's relative luminance and contrast ratio, so that
// a test measures what a player sees rather than what the CSS says.

/** The RGBA pixels of `clip` ({x, y, width, height} in CSS pixels) as drawn. */
export async function pixels(page, clip) {
  const png = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
  return page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    return { width: bitmap.width, height: bitmap.height, data: Array.from(data) };
  }, png.toString('base64'));
}

/** WCAG 2's relative luminance of an sRGB pixel. */
export function luminance(r, g, b) {
  const linear = (v) => { const c = v / 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2's contrast ratio of two luminances. */
export const contrast = (a, b) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

const at = (image, i) => luminance(image.data[4 * i], image.data[4 * i + 1], image.data[4 * i + 2]);

/** How far apart two images are at each pixel: the largest difference of a channel. */
export function difference(a, b) {
  const out = new Array(a.width * a.height);
  for (let i = 0; i < out.length; i++) {
    out[i] = Math.max(...[0, 1, 2].map((k) => Math.abs(a.data[4 * i + k] - b.data[4 * i + k])));
  }
  return out;
}

/** The pixels where `with` and `without` differ by more than `threshold` in a channel: the
 *  ink of whatever one of them has and the other has not. */
export const ink = (withIt, without, threshold = 48) => difference(withIt, without).map((d) => d > threshold);

/** The contrast of ink against what lies beneath it: at each pixel of `mask`, the pixel as
 *  drawn (`drawn`) against the same pixel without the ink (`beneath`); the lowest of them. */
export function inkContrast(drawn, beneath, mask) {
  let worst = Infinity;
  mask.forEach((on, i) => { if (on) worst = Math.min(worst, contrast(at(drawn, i), at(beneath, i))); });
  return worst;
}

/** The bounding boxes ({x0, y0, x1, y1}, in the image's pixels, inclusive) of a mask's
 *  pieces, each a set of pixels joined through neighbours up to `reach` pixels away (so a
 *  glyph crossed by a line of one pixel stays one piece), leaving out specks of fewer than
 *  `least` pixels. */
export function pieces({ width, height }, mask, least = 3, reach = 2) {
  const seen = new Uint8Array(mask.length);
  const boxes = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    const box = { x0: width, y0: height, x1: -1, y1: -1 };
    let size = 0;
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const i = stack.pop();
      const [x, y] = [i % width, Math.floor(i / width)];
      size += 1;
      Object.assign(box, { x0: Math.min(box.x0, x), y0: Math.min(box.y0, y), x1: Math.max(box.x1, x), y1: Math.max(box.y1, y) });
      for (let dy = -reach; dy <= reach; dy++) {
        for (let dx = -reach; dx <= reach; dx++) {
          const [nx, ny] = [x + dx, y + dy];
          const j = ny * width + nx;
          if (nx >= 0 && ny >= 0 && nx < width && ny < height && mask[j] && !seen[j]) { seen[j] = 1; stack.push(j); }
        }
      }
    }
    if (size >= least) boxes.push(box);
  }
  return boxes;
}

/** Whether two boxes share a pixel. */
export const overlap = (a, b) => a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1;
