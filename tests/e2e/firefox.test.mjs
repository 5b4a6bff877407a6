// The core flows (core-flows.mjs) in Firefox ESR, driven over WebDriver BiDi by puppeteer-core.
import { before, after } from 'node:test';
import { coreFlows } from './core-flows.mjs';
import { firefox } from './drivers.mjs';

let driver;
before(async () => { driver = await firefox(); });
after(async () => { await driver?.quit(); });
coreFlows('Firefox ESR', () => driver);
