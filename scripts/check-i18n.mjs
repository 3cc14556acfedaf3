// Fails when the three language catalogs of a folder do not hold the same keys.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const LANGS = ['zh-CN', 'zh-TW', 'en-US'];
const flat = (o, p = '') => Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flat(v, `${p}${k}.`) : [`${p}${k}`]));
const dirs = [];
const walk = (d) => {
  for (const f of readdirSync(d)) {
    if (f === 'node_modules' || f === 'dist' || f.startsWith('.')) continue;
    const full = path.join(d, f);
    if (statSync(full).isDirectory()) walk(full);
    else if (f === 'en-US.json') dirs.push(d);
  }
};
walk('packages');
walk('apps');
let bad = 0;
for (const dir of dirs) {
  const sets = LANGS.map((l) => new Set(flat(JSON.parse(readFileSync(path.join(dir, `${l}.json`), 'utf8')))));
  const all = new Set(sets.flatMap((s) => [...s]));
  LANGS.forEach((l, i) => {
    const miss = [...all].filter((k) => !sets[i].has(k));
    if (miss.length) {
      bad++;
      console.error(`${dir}/${l}.json lacks ${miss.length} keys: ${miss.slice(0, 10).join(', ')}`);
    }
  });
  console.log(`${dir}: ${all.size} keys × ${LANGS.length} languages`);
}
process.exit(bad ? 1 : 0);
