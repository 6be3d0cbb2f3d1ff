// What Lighthouse's simulated largest contentful paint waits for on one page (docs/web-performance.md, "Running the
// audit"): one Lighthouse run (mobile, as bench/web/audit.mjs does it), then the requests and main-thread tasks of
// Lantern's two LCP simulations with their simulated start and end. The estimate is the mean of the two graphs' ends;
// a request that started before the observed largest paint is in the graph even when the paint did not need it.
//
//   node bench/web/lcp-graph.mjs URL [TOKEN]      # TOKEN: a login token, stored in localStorage first (signed in)
//   GEQU_LCP_MIN_TASK_MS=5 node bench/web/lcp-graph.mjs …   # also list shorter tasks (default 20 ms, simulated)
//
// It needs a running gequ-server (make run, or the one bench/web/run.sh starts) and bench/web's npm packages.
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { Simulator } from '@paulirish/trace_engine/models/trace/lantern/simulation/Simulator.js';

const [url, token] = process.argv.slice(2);
if (!url) throw new Error('usage: node bench/web/lcp-graph.mjs URL [TOKEN]');
const minTaskMs = Number(process.env.GEQU_LCP_MIN_TASK_MS ?? 20);

const browser = await puppeteer.launch({
    executablePath: process.env.GEQU_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
let lhr;
try {
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    await page.goto(new URL('/robots.txt', url).href);
    await page.evaluate((t) => {
        localStorage.clear();
        if (t) localStorage.setItem('Authorization', t);
    }, token ?? null);
    await cdp.send('Network.clearBrowserCache');
    const flags = { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: !!token };
    ({ lhr } = await lighthouse(url, flags, undefined, page));
} finally {
    await browser.close();
}

const a = lhr.audits;
const ms = (id) => Math.round(a[id].numericValue);
console.log(
    `performance ${Math.round(lhr.categories.performance.score * 100)}, FCP ${ms('first-contentful-paint')} ms, ` +
        `LCP ${ms('largest-contentful-paint')} ms, TBT ${ms('total-blocking-time')} ms`,
);
for (const label of ['optimisticLargestContentfulPaint', 'pessimisticLargestContentfulPaint']) {
    const timings = Simulator.allNodeTimings.get(label);
    if (!timings) continue;
    const nodes = [...timings].sort((x, y) => x[1].startTime - y[1].startTime);
    const end = Math.max(...nodes.map(([, t]) => t.endTime));
    let cpu = 0;
    console.log(`\n${label}: ${nodes.length} nodes, ends at ${Math.round(end)} ms`);
    console.log(' start    end  took  what');
    for (const [node, t] of nodes) {
        const took = t.endTime - t.startTime;
        if (node.type === 'cpu') {
            cpu += took;
            if (took < minTaskMs) continue;
        }
        const what =
            node.type === 'network'
                ? `${node.request.url.replace(/^https?:\/\/[^/]+/, '')} (${(node.request.transferSize / 1024).toFixed(1)} KB)`
                : 'main-thread task';
        console.log(`${String(Math.round(t.startTime)).padStart(6)} ${String(Math.round(t.endTime)).padStart(6)} ${String(Math.round(took)).padStart(5)}  ${what}`);
    }
    console.log(`main-thread tasks in all: ${Math.round(cpu)} ms`);
}
