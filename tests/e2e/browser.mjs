// Shared set-up of the end-to-end journeys: Debian's Chromium through playwright-core, the server's address,
// and screenshots under build/e2e-shots/.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

export const baseUrl = process.env.GEQU_E2E_URL ?? 'http://127.0.0.1:8080';
const shots = process.env.GEQU_E2E_SHOTS ?? path.resolve('build/e2e-shots');

export const viewports = {
    desktop: { width: 1920, height: 1080 },
    mobile: { width: 375, height: 812 },
};

export async function launch() {
    return chromium.launch({
        executablePath: process.env.GEQU_CHROMIUM ?? '/usr/bin/chromium',
        headless: true,
        args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-dev-shm-usage',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--disable-quic',
            '--no-first-run',
        ],
    });
}

/// A fresh context (empty storage) with the viewport; page errors fail the journey.
export async function openPage(browser, viewport) {
    const context = await browser.newContext({ viewport, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    const page = await context.newPage();
    loadedPages(page);
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    return { context, page, errors };
}

/// Most journeys click a page that has loaded (goto and reload wait until the network is idle unless a test says
/// otherwise); early-clicks.test.mjs clicks before the page has hydrated (docs/web-performance.md).
export function loadedPages(page) {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = (url, options) => goto(url, { waitUntil: 'networkidle', ...options });
    page.reload = (options) => reload({ waitUntil: 'networkidle', ...options });
    return page;
}

export async function screenshot(page, name) {
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

/// Whether the page can scroll sideways (it never should).
export async function horizontalOverflow(page) {
    return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
