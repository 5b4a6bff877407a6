import { chromium } from 'playwright-core';
import { serve } from '../server.mjs';
import fs from 'node:fs';
const lines = fs.readFileSync('/work/main/data/variants/puzzles.jsonl', 'utf8').trim().split('\n').map(JSON.parse);
const server = await serve();
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
const titles = process.argv.slice(2);
for (const [i, t] of titles.entries()) {
  const p = lines.find((l) => l.title.startsWith(t));
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  page.on('console', (m) => console.log('console', m.type(), m.text()));
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  const form = process.env.FORM === 'scl' ? p.sudokupad : 'fpuzzles' + p.fpuzzles;
  await page.goto(base + '#' + form);
  await page.waitForTimeout(1500);
  console.log(t, '|', await page.textContent('[role=status]'), '|', await page.locator('[data-rule]').count(), 'rules drawn');
  await page.screenshot({ path: `/tmp/shot${i}.png` });
  await page.close();
}
await browser.close(); server.close();
