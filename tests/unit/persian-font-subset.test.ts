import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isInPersianFontRange, PERSIAN_GLYPHS } from '../../src/client/fonts/persian-glyphs.ts';
import { repoRoot } from '../setup/paths.ts';

const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

/** Every Persian string the site ships: interface texts, server messages and the demo content. */
function sitePersianText(): string {
  const localeDir = path.join(repoRoot, 'src', 'client', 'locales', 'fa');
  const locales = fs.readdirSync(localeDir).map((file) => fs.readFileSync(path.join(localeDir, file), 'utf8'));
  return [...locales, read('src/shared/messages.ts'), read('src/server/db/demo-content.ts')].join('');
}

describe('the Persian font subset', () => {
  it('has a glyph for every Arabic-script character the site writes', () => {
    const missing = [...new Set(sitePersianText())].filter((char) => isInPersianFontRange(char) && !PERSIAN_GLYPHS.includes(char));
    expect(missing.map((char) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} ${char}`)).toEqual([]);
  });

  it('is declared for exactly that range, in both weights the pages use', () => {
    const css = read('src/client/styles.css');
    const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((match) => match[1]!);
    expect(faces).toHaveLength(2);
    for (const [index, weight] of ['400', '700'].entries()) {
      expect(faces[index]).toContain(`font-weight: ${weight};`);
      expect(faces[index]).toContain(`vazirmatn-persian-${weight}.woff2`);
      expect(faces[index]).toContain('unicode-range: U+0600-06FF, U+200C-200D;');
      expect(fs.statSync(path.join(repoRoot, 'src', 'client', 'fonts', `vazirmatn-persian-${weight}.woff2`)).size).toBeLessThan(16 * 1024);
    }
  });
});
