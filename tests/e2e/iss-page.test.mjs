// Issue 53's proof in Chromium: a puzzle of each rule the page draws from ISS opens from its
// link, drawn, and is played, hinted and finished (core-flows.mjs's `issRules`, which
// firefox.test.mjs and webkit.test.mjs run among the core flows).
import { before, after } from 'node:test';
import { issRules } from './core-flows.mjs';
import { chromium } from './drivers.mjs';

let driver;
before(async () => { driver = await chromium(); });
after(async () => { await driver?.quit(); });
issRules('Chromium', () => driver);
