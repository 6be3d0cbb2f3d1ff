#!/usr/bin/env bash
# Web bundle sizes: every built JS and CSS file of web/dist, raw and gzipped, and the initial load of the home page
# (index.html's entry script plus its static imports).
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -f web/dist/index.html ] || { echo "web/dist is not built (make build)"; exit 1; }
node - <<'JS'
const fs = require('fs'), path = require('path'), zlib = require('zlib');
const dist = 'web/dist';
const files = fs.readdirSync(path.join(dist, 'assets')).filter((f) => /\.(js|css)$/.test(f));
const size = (f) => { const b = fs.readFileSync(path.join(dist, 'assets', f)); return [b.length, zlib.gzipSync(b, { level: 9 }).length]; };
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = new Set([...html.matchAll(/assets\/([^"']+\.(?:js|css))/g)].map((m) => m[1]));
// Follow static imports of the entry chunks.
const queue = [...initial].filter((f) => f.endsWith('.js'));
while (queue.length) {
  const src = fs.readFileSync(path.join(dist, 'assets', queue.pop()), 'utf8');
  for (const m of src.matchAll(/(?:^|[;\s])import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    if (!initial.has(m[1])) { initial.add(m[1]); queue.push(m[1]); }
  }
}
console.log('| file | bytes | gzip | initial |\n|---|---:|---:|:-:|');
let total = 0;
for (const f of files.sort((a, b) => size(b)[1] - size(a)[1])) {
  const [raw, gz] = size(f);
  if (initial.has(f)) total += gz;
  console.log(`| ${f} | ${raw} | ${gz} | ${initial.has(f) ? 'yes' : ''} |`);
}
console.log(`\nInitial load of the home page: ${(total / 1024).toFixed(1)} KiB gzipped (budget 200 KiB).`);
JS
