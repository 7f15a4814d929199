// gen.mjs writes names.tsv, the country names and codes the country
// package reads, from the npm package i18n-iso-countries (MIT; its names
// come from CLDR and Wikipedia). Run it from this directory with the
// unpacked package (`npm pack i18n-iso-countries@7.14.0`, then
// `tar xzf` it):
//
//	node gen.mjs path/to/package > names.tsv
//
// Output: a header, then one "ISO2 TAB name" line per name, the ISO 3166-1
// alpha-3 code of each country first, then the names by language, the
// most used languages of customer lists first (a folded spelling two
// countries share keeps the first one's code).
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
const codes = JSON.parse(fs.readFileSync(path.join(dir, 'codes.json'), 'utf8'));
const first = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'sv', 'da', 'no', 'fi', 'cs', 'hu', 'ro', 'tr', 'ru', 'uk', 'el', 'ar', 'he', 'zh', 'ja', 'ko'];
const all = fs.readdirSync(path.join(dir, 'langs')).map((f) => f.replace(/\.json$/, '')).sort();
const langs = [...first.filter((l) => all.includes(l)), ...all.filter((l) => !first.includes(l))];
const out = [
  `# Country names and ISO 3166-1 alpha-3 codes -> alpha-2, from ${pkg.name} ${pkg.version} (MIT, names from CLDR and Wikipedia), ${langs.length} languages; written by gen.mjs.`,
  '# Format: ISO2 TAB name or alpha-3 code.',
];
const seen = new Set();
const add = (cc, name) => {
  const line = `${cc}\t${name.trim()}`;
  if (name.trim() !== '' && !seen.has(line)) {
    seen.add(line);
    out.push(line);
  }
};
for (const [a2, a3] of codes) add(a2, a3);
for (const l of langs) {
  const d = JSON.parse(fs.readFileSync(path.join(dir, 'langs', l + '.json'), 'utf8'));
  for (const [cc, names] of Object.entries(d.countries).sort()) {
    for (const n of Array.isArray(names) ? names : [names]) add(cc, n);
  }
}
process.stdout.write(out.join('\n') + '\n');
