// Writes the Persian subsets of Vazirmatn that src/client/styles.css uses.
// Run it (`node scripts/subset-fonts.mjs`, Node 24 or newer) after upgrading @fontsource/vazirmatn or changing
// src/client/fonts/persian-glyphs.ts; the output is committed so builds need no font tooling.
//
// Why: fontsource's "arabic" subset serves every Arabic-script language (about 21 KB per weight).
// Persian and Dari pages need far fewer glyphs; contextual letter forms are kept because the
// subsetter follows the font's shaping rules (GSUB) from the letters in persian-glyphs.ts.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';
import { PERSIAN_GLYPHS } from '../src/client/fonts/persian-glyphs.ts';

const require = createRequire(import.meta.url);
const source = path.dirname(require.resolve('@fontsource/vazirmatn/package.json'));
const target = path.join(import.meta.dirname, '..', 'src', 'client', 'fonts');

for (const weight of [400, 700]) {
  const input = fs.readFileSync(path.join(source, 'files', `vazirmatn-arabic-${weight}-normal.woff2`));
  const output = await subsetFont(input, PERSIAN_GLYPHS, { targetFormat: 'woff2' });
  const file = path.join(target, `vazirmatn-persian-${weight}.woff2`);
  fs.writeFileSync(file, output);
  console.log(`${path.relative(process.cwd(), file)}: ${input.length} -> ${output.length} bytes`);
}
