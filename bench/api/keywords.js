// Keywords for bench/api's cache-missing rows: pieces of 2 to 6 characters cut from real titles and lyrics.
//
//   node bench/api/keywords.js COUNT < songs.jsonl > keywords.txt
//
// stdin: one JSON object per line, {"t": title, "l": lyric}, songs of the seeded database (common words and, from the
// songs chosen for them, rare ones). stdout: COUNT distinct keywords, one a line, in a shuffled order. Deterministic
// for the same input.
"use strict";
const count = Number(process.argv[2] || 20000);
const lines = require("fs").readFileSync(0, "utf8").split("\n").filter(Boolean);
const songs = lines.map((line) => JSON.parse(line));

// A small deterministic generator (mulberry32), so a run's keywords do not depend on Node's Math.random.
let state = 20261127;
function random() {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const below = (n) => Math.floor(random() * n);

const keywords = new Set();
let tries = 0;
while (keywords.size < count && tries < count * 50) {
    ++tries;
    const song = songs[below(songs.length)];
    // A title or one line of the lyric (not its section markers), as people remember them.
    const texts = [song.t, ...song.l.split("\n").filter((line) => line && !line.startsWith("["))];
    const text = Array.from(texts[random() < 0.4 ? 0 : below(texts.length)] || "");
    if (text.length < 2) {
        continue;
    }
    const length = 2 + below(5);
    const start = below(Math.max(1, text.length - length + 1));
    const piece = text.slice(start, start + length).join("").trim();
    if (Array.from(piece).length >= 2 && !/\s/.test(piece)) {
        keywords.add(piece);
    }
}
const out = Array.from(keywords);
for (let i = out.length - 1; i > 0; --i) {
    const j = below(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
}
process.stdout.write(out.join("\n") + "\n");
