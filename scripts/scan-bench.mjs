// How fast the app reads a 12-megapixel photo in headless Chromium: each photo of the data
// set is enlarged to about 12 megapixels and saved as a JPEG by the browser (not timed),
// then given to Scan's file input. Timed: from the input's change to the review on screen
// (the browser's decoding and scaling, the pixels' trip to the worker, reading, the
// solver's review), and the worker's own time for the read (its `micros`).
// A benchmark, not a test. Run `trunk build --release` first.
// usage: node scripts/scan-bench.mjs [PHOTOS_DIR] [COUNT] (QUICK=1: two photos)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from '../tests/e2e/server.mjs';
import { launch, viewport } from '../tests/e2e/harness.mjs';
import { orQuick } from './quick.mjs';

const dir = process.argv[2] ?? 'data/photos';
const count = orQuick(Number(process.argv[3] ?? 160), 2);
const photos = readdirSync(dir).filter((f) => f.endsWith('.jpg')).sort().slice(0, count);
const server = await serve();
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await launch();
const page = await browser.newPage({ viewport });
await page.goto(base);
await page.click('button.scan');
await page.evaluate(() => {
  // The worker's reply, seen before the page reads it: its `micros` is the read alone.
  const Native = window.Worker;
  window.readMicros = [];
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        if (['Scanned', 'Unreadable'].includes(e.data?.answer)) window.readMicros.push(e.data.micros);
      });
    }
  };
  document.querySelector('#scan-file').addEventListener('change', () => { window.changed = performance.now(); }, true);
  const status = document.querySelector('#scan-status');
  new MutationObserver(() => { window.shown = performance.now(); })
    .observe(status, { childList: true, characterData: true, subtree: true });
});
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const total = [];
for (const name of photos) {
  const photo = readFileSync(join(dir, name)).toString('base64');
  const before = await page.evaluate(() => window.readMicros.length);
  // Enlarged and handed to the input in the page, so the 12-megapixel file never crosses
  // to Node; the input's change is timed from there.
  await page.evaluate(async ([data, name]) => {
    const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))]));
    const scale = Math.sqrt(12e6 / (bitmap.width * bitmap.height));
    const canvas = new OffscreenCanvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
    canvas.getContext('2d').drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
    const transfer = new DataTransfer();
    transfer.items.add(new File([blob], name, { type: 'image/jpeg' }));
    const input = document.querySelector('#scan-file');
    input.files = transfer.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, [photo, name]);
  await page.waitForFunction((n) => window.readMicros.length > n
    && !document.querySelector('#scan-status').textContent.startsWith('Reading'), before, { timeout: 30_000 });
  total.push(await page.evaluate(() => window.shown - window.changed));
}
const micros = await page.evaluate(() => window.readMicros);
const ms = (xs) => `median ${median(xs).toFixed(0)} ms, worst ${Math.max(...xs).toFixed(0)} ms`;
console.log(`${photos.length} photos enlarged to 12 megapixels, in Chromium ${browser.version()}`);
console.log(`change to review: ${ms(total)}`);
console.log(`read in the worker: ${ms(micros.map((m) => m / 1000))}`);
await browser.close();
server.close();
