// Writes data/faker.tsv.gz: the given names (by sex), middle names and
// surnames of every locale of @faker-js/faker 10.6.0 (MIT licence, see
// NOTICE), one name a line: locale TAB kind (given, middle, surname) TAB
// sex (M, F or - for either) TAB name. Not part of CI (the output is
// committed); rerun it by hand to change the pinned version:
//
//   cd engine/internal/corpus && npm pack @faker-js/faker@10.6.0 --ignore-scripts &&
//   tar xzf faker-js-faker-10.6.0.tgz && node gen_faker.mjs package | gzip -9n > data/faker.tsv.gz &&
//   rm -r package faker-js-faker-10.6.0.tgz
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
const dir = process.argv[2] || 'package';
const mod = await import(pathToFileURL(join(dir, 'dist', 'index.js')).href);
// Joke and test locales, not real names.
const skip = new Set(['base', 'en_BORK', 'en_AU_ocker', 'eo']);
const sexOf = { female: 'F', male: 'M', generic: '-' };
const lines = ['# locale\tkind\tsex\tname (from @faker-js/faker 10.6.0, MIT licence: person.first_name, middle_name, last_name of each locale)'];
for (const loc of Object.keys(mod.allLocales).sort()) {
  if (skip.has(loc)) continue;
  const p = mod.allLocales[loc].person;
  if (!p || !p.first_name || !p.last_name) continue;
  for (const [kind, field] of [['given', p.first_name], ['middle', p.middle_name], ['surname', p.last_name]]) {
    if (!field) continue;
    for (const sex of ['female', 'male', 'generic']) {
      const seen = new Set();
      for (const raw of field[sex] || []) {
        const n = String(raw).trim().replace(/\s+/g, ' ');
        if (!n || n.includes('{') || seen.has(n)) continue;
        seen.add(n);
        lines.push(`${loc}\t${kind}\t${sexOf[sex]}\t${n}`);
      }
    }
  }
}
process.stdout.write(lines.join('\n') + '\n');
