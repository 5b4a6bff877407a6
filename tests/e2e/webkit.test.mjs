// The core flows (core-flows.mjs) in WebKitGTK, the engine behind Safari: MiniBrowser
// through WebKitWebDriver and selenium-webdriver, under an Xvfb display of its own.
import { before, after } from 'node:test';
import { coreFlows } from './core-flows.mjs';
import { webkit } from './drivers.mjs';

let driver;
before(async () => { driver = await webkit(); });
after(async () => { await driver?.quit(); });
coreFlows('WebKitGTK', () => driver);
