// Runs the peer name parsers humanparser and parse-full-name (versions
// pinned in package.json / package-lock.json) on every name of names.tsv
// and writes their given name and surname per input to a JSON file that
// is committed, so the Go test can compare without node.
//
// Usage (not part of CI; needs node and npm):
//   npm ci --ignore-scripts && node run-peers.mjs names.tsv peer-results.json
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const human = require('humanparser');
const { parseFullName } = require('parse-full-name');
const version = (p) => require(`${p}/package.json`).version;

const [inFile, outFile] = process.argv.slice(2);
if (!inFile || !outFile) {
  console.error('usage: node run-peers.mjs names.tsv peer-results.json');
  process.exit(2);
}
const names = readFileSync(inFile, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '' && !l.startsWith('#'))
  .map((l) => l.split('\t')[0]);

const safe = (fn) => {
  try {
    return fn();
  } catch (e) {
    return { error: String(e) };
  }
};

const results = names.map((name) => {
  const h = safe(() => human.parseName(name));
  const p = safe(() => parseFullName(name, 'all', 1, 0, 0));
  return {
    input: name,
    humanparser: { given: h.firstName || '', surname: h.lastName || '', error: h.error || '' },
    'parse-full-name': {
      given: p.first || '',
      surname: p.last || '',
      error: Array.isArray(p.error) ? p.error.join('; ') : p.error || '',
    },
  };
});

const out = {
  generated_by: 'engine/testdata/peers/run-peers.mjs',
  peers: {
    humanparser: version('humanparser'),
    'parse-full-name': version('parse-full-name'),
  },
  results,
};
// One result per line: small diffs when a name is added.
const body = results.map((r) => '  ' + JSON.stringify(r)).join(',\n');
writeFileSync(
  outFile,
  `{\n "generated_by": ${JSON.stringify(out.generated_by)},\n "peers": ${JSON.stringify(out.peers)},\n "results": [\n${body}\n ]\n}\n`,
);
console.error(`wrote ${results.length} results to ${outFile}`);
