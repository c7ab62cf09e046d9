import { createHmac } from 'node:crypto';
import type { Language } from '../../shared/locale.ts';

/**
 * Opaque validators (ETags): a keyed hash of the content version and the language, so a reader
 * can revalidate but cannot read from them when the process started or how many changes were
 * made (which would let anyone count and time submissions). The key is the site's (site-keys.ts),
 * so every node gives the same version the same validator and a reader revalidates on any of them.
 */
export function validatorMaker(secret: Buffer): (version: string, language: Language) => string {
  let lastVersion = '';
  const made = new Map<Language, string>();
  return (version, language) => {
    // One hash per version and language, not one per read.
    if (version !== lastVersion) {
      made.clear();
      lastVersion = version;
    }
    let tag = made.get(language);
    if (!tag) {
      tag = `W/"${createHmac('sha256', secret).update(`${version}\n${language}`).digest('base64url').slice(0, 27)}"`;
      made.set(language, tag);
    }
    return tag;
  };
}
