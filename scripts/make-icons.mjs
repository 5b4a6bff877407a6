// Renders static/icon.svg to the manifest's PNG icons with Chromium: node scripts/make-icons.mjs
import { launch } from '../tests/e2e/harness.mjs';
import { readFileSync } from 'node:fs';
const svg = readFileSync(new URL('../static/icon.svg', import.meta.url), 'utf8');
const browser = await launch();
for (const size of [192, 512]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
  await page.screenshot({ path: new URL(`../static/icon-${size}.png`, import.meta.url).pathname, omitBackground: true });
}
await browser.close();
