import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enPublic from '../../src/client/locales/en/public.json' with { type: 'json' };
import faPublic from '../../src/client/locales/fa/public.json' with { type: 'json' };
import { renderedPage } from '../setup/rendered-page.ts';
import { createTestDeps, type TestDeps } from '../setup/test-db.ts';

const texts = { en: enPublic, fa: faPublic } as const;
const configured = { FACEBOOK_URL: 'https://www.facebook.com/womens-rights-example', CONTACT_EMAIL: 'desk@womens-rights.example' };

let fresh: TestDeps;
let linked: TestDeps;
beforeAll(() => {
  // A fresh install: no social page, no contact address (config.get answers null for each).
  fresh = createTestDeps();
  linked = createTestDeps(configured);
});
afterAll(async () => {
  await fresh?.cleanup();
  await linked?.cleanup();
});

describe('a site with no social links or contact address shows no heading or band that would announce them', () => {
  it.each(['en', 'fa'] as const)('on the home page and the contact page, and in the header (%s)', async (language) => {
    const home = await renderedPage(fresh, '/', language);
    expect(home.byTestId('social-section')).toEqual([]);
    expect(home.text).not.toContain(texts[language].social.title);
    expect(home.text).not.toContain(texts[language].social.text);
    expect(home.byTestId('social-links')).toEqual([]);
    // The header's divider stood between the social links and the language switch: with no links it goes too.
    expect(home.html).not.toContain('h-5 w-px');

    const contact = await renderedPage(fresh, '/contact', language);
    expect(contact.byId('contact-social-heading')).toBeNull();
    expect(contact.text).not.toContain(texts[language].contact.socialTitle);
    expect(contact.byTestId('contact-email')).toEqual([]);
    // What the page is for is still there.
    expect(contact.byId('contact-form-heading')).not.toBeNull();
  });

  it.each(['en', 'fa'] as const)('while a site that configures them shows them with their headings (%s)', async (language) => {
    const home = await renderedPage(linked, '/', language);
    expect(home.byTestId('social-section')).toHaveLength(1);
    expect(home.text).toContain(texts[language].social.title);
    expect(home.byTestId('social-facebook')).toHaveLength(1);
    expect(home.byTestId('social-email')).toHaveLength(1);
    expect(home.html).toContain('h-5 w-px');

    const contact = await renderedPage(linked, '/contact', language);
    expect(contact.byId('contact-social-heading')).not.toBeNull();
    expect(contact.byTestId('contact-email')).toHaveLength(1);
  });
});
