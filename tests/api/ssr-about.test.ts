import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enCommon from '../../src/client/locales/en/common.json' with { type: 'json' };
import faCommon from '../../src/client/locales/fa/common.json' with { type: 'json' };
import { renderedPage } from '../setup/rendered-page.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

let deps: TestDeps;
beforeAll(() => {
  // A site whose public address names another host than the one readers use (an onion address, a proxy).
  deps = createTestDeps({ PUBLIC_URL: 'https://news.example.org' });
});
afterAll(() => deps?.cleanup());

const siteName = { en: enCommon.siteName, fa: faCommon.siteName } as const;

describe('the about page', () => {
  it.each(['en', 'fa'] as const)('says the copyright once, in the footer, with the site’s name and no host (%s)', async (language) => {
    const page = await renderedPage(deps, '/about', language);
    expect(page.text.split('©')).toHaveLength(2);
    const [footer] = page.byTestId('site-footer');
    expect(page.byTestId('about-footer')).toEqual([]);
    expect(footer).toBeDefined();
    expect(page.text).toContain(siteName[language]);
    expect(page.text).not.toContain('news.example.org');
  });
});
