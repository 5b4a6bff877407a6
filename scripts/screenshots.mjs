// Makes the README's screenshots from the built dist/ (run `trunk build --release` first):
// a game in progress on the desktop page, with the player's digits, corner and centre
// marks, colours, a slip named in the status and the selected digit lit up on the board,
// and a phone in the dark theme with the candidates in their places, colours, the selected
// cell's peers and a hint showing; and a variant on each (issue 29).
// usage: node scripts/screenshots.mjs
import { serve } from '../tests/e2e/server.mjs';
import { launch } from '../tests/e2e/harness.mjs';
import { HARD, HARD_SOLUTION } from '../tests/e2e/fixtures.mjs';
import { KILLER, variant } from '../tests/e2e/variants.mjs';

const server = await serve();
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await launch();
const out = (name) => new URL(`../docs/${name}`, import.meta.url).pathname;
const ready = (page) => page.waitForFunction(() => /^(Unique|Multiple|No)/.test(document.querySelector('[role=status]')?.textContent ?? ''));

const desktop = await browser.newPage({ viewport: { width: 1000, height: 680 }, colorScheme: 'light' });
await desktop.goto(`${base}#p=${HARD}`);
await ready(desktop);
for (const cell of [1, 2]) {
  await desktop.click(`#cell-${cell}`);
  await desktop.keyboard.press(HARD_SOLUTION[cell]);
}
// Corner marks for 7 in box 2, centre marks in r2c1 and r2c2, two cells painted.
await desktop.click('#cell-5');
await desktop.click('#cell-14', { modifiers: ['Control'] });
await desktop.keyboard.press('Shift+Digit7');
await desktop.click('#cell-9');
await desktop.keyboard.press('Control+Digit5');
await desktop.keyboard.press('Control+Digit7');
await desktop.click('#cell-10');
await desktop.keyboard.press('Control+Digit5');
await desktop.keyboard.press('Control+Digit7');
await desktop.keyboard.press('Control+Digit9');
await desktop.keyboard.press('v');
await desktop.keyboard.press('3');
await desktop.click('#cell-9');
await desktop.keyboard.press('3');
await desktop.keyboard.press('7');
await desktop.keyboard.press('z');
await desktop.click('#cell-3');
await desktop.keyboard.press('4'); // r1c1 holds the given 4
await desktop.waitForFunction(() => document.querySelector('[role=status]').textContent.startsWith('Two 4s'));
await desktop.click('#cell-1'); // the player's own digit, lit up wherever it stands
await desktop.screenshot({ path: out('screenshot.png') });

const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: 'dark' });
await phone.goto(`${base}#p=${HARD}`);
await ready(phone);
await phone.click('button[aria-label="Fill candidates"]');
await phone.tap('#cell-20');
await phone.tap('.mode:has-text("Colour")');
await phone.tap('.pad [aria-label^="Colour 2,"]');
await phone.tap('.mode:has-text("Digit")');
await phone.click('button.hint-button');
await phone.waitForFunction(() => document.querySelector('#hint')?.textContent.length > 0);
await phone.click('text=Show more');
await phone.evaluate(() => window.scrollTo(0, 0));
await phone.screenshot({ path: out('phone.png') });

// A variant on the desktop (a killer, with its title and rules) and on a phone in the dark
// theme (thermometers, Kropki dots, a quadruple and little killer clues outside the grid).
const killer = await browser.newPage({ viewport: { width: 1000, height: 820 }, colorScheme: 'light' });
await killer.goto(`${base}#fpuzzles${KILLER.fpuzzles}`);
await ready(killer);
await killer.click('#cell-0');
await killer.keyboard.press(KILLER.solution[0]);
await killer.screenshot({ path: out('variant.png') });
const initials = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: 'dark' });
await initials.goto(`${base}#fpuzzles${variant('The Initials').fpuzzles}`);
await ready(initials);
await initials.screenshot({ path: out('variant-phone.png') });

await browser.close();
server.close();
