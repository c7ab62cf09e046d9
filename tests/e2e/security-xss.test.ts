import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import superjson from 'superjson';
import { contentKinds, detailPathOf } from '../../src/shared/content-kinds.ts';
import { adminCaller } from '../setup/callers.ts';
import { repoRoot } from '../setup/paths.ts';
import { confirmDialog } from './support/admin.ts';
import {
  fieldValues,
  payloads,
  probe,
  rawMarkup,
  seedHostileSite,
  signInAs,
  start,
  waitForTexts,
  watchPage,
  type HostileContent,
  type HostileSite,
} from './support/hostile-text.ts';
import { launchBrowser, startSite, viewports, type Site } from './support/site.ts';

type Lang = 'en' | 'fa';
interface PageCheck {
  path: string;
  /** Texts the page must show as text (proof that it rendered the data, not an empty page). */
  texts: string[];
  /** Values the page's form fields must hold (edit pages). */
  fields?: string[];
}

let browser: Browser;
let site: Site;
let data: HostileSite;

beforeAll(async () => {
  // One test IP sends every visitor write: the rate limits would refuse the later ones.
  [browser, site] = await Promise.all([launchBrowser(), startSite({ RATE_LIMIT_PUBLIC_WRITES: '0', RATE_LIMIT_UPLOADS: '0' })]);
  data = await seedHostileSite(site);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const localized = (item: { titleEn: string; titleFa: string; descriptionEn: string; descriptionFa: string }, lang: Lang) =>
  lang === 'fa' ? { title: item.titleFa, description: item.descriptionFa } : { title: item.titleEn, description: item.descriptionEn };
const detailPath = (item: HostileContent) => detailPathOf(item.kind, item.id);
const allContent = () => [...data.content.news, ...data.content.article, ...data.content.report];

/**
 * Cards shorten titles (to 40 to 80 characters) and descriptions (70 to 180) between words: a card
 * is checked for the start of each value that every cut shows, markup included.
 */
const card = (item: { titleEn: string; titleFa: string; descriptionEn: string; descriptionFa: string }, lang: Lang) => {
  const { title, description } = localized(item, lang);
  return [start(title), start(description)];
};

/** Every public page that shows stored text, with what it must show; detail pages show whole values. */
function publicPages(lang: Lang): PageCheck[] {
  const { content, gallery, legal, stories } = data;
  const [published] = stories;
  const videoTexts = (item: HostileContent) => {
    // Only a recognised video link is shown, with its title and text; [1] has a link that is no video.
    if (item !== content[item.kind][0] || !item.media) return [];
    return lang === 'fa' ? [item.media.titleFa, item.media.descriptionFa] : [item.media.titleEn, item.media.descriptionEn];
  };
  return [
    // Home: the lead and articles/reports show title and text; the numbered side list shows news titles only.
    {
      path: '/',
      texts: [
        ...card(content.news[0], lang),
        start(localized(content.news[1], lang).title),
        ...[...content.article, ...content.report].flatMap((item) => card(item, lang)),
      ],
    },
    { path: '/latestnews', texts: content.news.flatMap((item) => card(item, lang)) },
    { path: '/articles', texts: content.article.flatMap((item) => card(item, lang)) },
    { path: '/reports', texts: content.report.flatMap((item) => card(item, lang)) },
    ...allContent().map((item) => ({ path: detailPath(item), texts: [...Object.values(localized(item, lang)), ...videoTexts(item)] })),
    // Gallery captions are not cut.
    { path: '/gallery', texts: gallery.map((item) => (lang === 'fa' ? item.nameFa : item.name)) },
    { path: '/legal-awareness', texts: legal.flatMap((item) => card(item, lang)) },
    ...legal.map((item) => ({ path: `/legal/${item.id}`, texts: Object.values(localized(item, lang)) })),
    // Story cards show the whole title and cut the text; stories keep their author's language.
    { path: '/yourStory', texts: [published!.title, start(published!.description)] },
    { path: `/stories/${published!.id}`, texts: [published!.title, published!.description] },
    { path: '/iran', texts: [content.news[0], content.report[0]].flatMap((item) => card(item, lang)) },
    { path: '/afghanistan', texts: card(content.article[0], lang) },
  ];
}

const withLang = (address: string, lang: Lang) => (lang === 'fa' ? `${address}${address.includes('?') ? '&' : '?'}lang=fa` : address);

/** Text as React writes it into server-rendered HTML. */
const reactEscaped = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);

/**
 * A context that ignores the site's Content-Security-Policy: the policy (script-src 'self') would
 * stop an injected script or handler from running, which would make "no dialog, no __xss" pass
 * even if the markup had been injected. The pages must be safe without it; the policy is a second
 * line of defence, not the first.
 */
async function openContext(lang: Lang): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: viewports.desktop, baseURL: site.url, reducedMotion: 'reduce', bypassCSP: true });
  await context.addCookies([{ name: 'lang', value: lang, url: site.url }]);
  await context.addInitScript(`try { localStorage.setItem('lang', '${lang}') } catch {}`);
  return context;
}

/** Checks the page as it stands: nothing injected, nothing run, no dialog, state intact. */
async function inspect(page: Page, seen: ReturnType<typeof watchPage>, label: string, issues: string[]) {
  const { found, xss, stateParses } = await probe(page);
  for (const item of found) issues.push(`${label}: injected ${item}`);
  if (xss !== undefined) issues.push(`${label}: window.__xss was set (${String(xss)})`);
  if (!stateParses) issues.push(`${label}: the __STATE__ element does not hold valid JSON`);
  for (const dialog of seen.dialogs.splice(0)) issues.push(`${label}: dialog fired (${dialog})`);
  for (const problem of seen.problems.splice(0)) issues.push(`${label}: ${problem}`);
}

/** Loads a page, waits for its texts (and field values), then inspects it; problems are collected, not thrown. */
async function check(page: Page, seen: ReturnType<typeof watchPage>, target: PageCheck, label: string, issues: string[], options: { hydrated?: boolean } = {}) {
  try {
    await page.goto(target.path, { waitUntil: 'domcontentloaded' });
    await waitForTexts(page, target.texts, label, options);
    if (target.fields) {
      const wanted = target.fields;
      await page
        .waitForFunction(
          (values) => {
            const present = [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].map((field) => field.value);
            return values.every((value) => present.includes(value));
          },
          wanted,
          { timeout: 10_000 },
        )
        .catch(() => undefined);
      const values = await fieldValues(page);
      for (const value of wanted) if (!values.includes(value)) issues.push(`${label}: no form field holds ${JSON.stringify(value)}`);
    }
  } catch (error) {
    issues.push(error instanceof Error ? error.message : String(error));
  }
  await inspect(page, seen, label, issues);
}

describe('script and markup typed into a text field', () => {
  it('are stored exactly as typed (so the pages below really receive them)', async () => {
    const { caller } = await adminCaller(site.deps);
    for (const item of allContent()) {
      const router = contentKinds[item.kind].section;
      const stored = await caller[router].byId({ id: item.id });
      expect(stored).toMatchObject({ titleEn: item.titleEn, titleFa: item.titleFa, descriptionEn: item.descriptionEn, descriptionFa: item.descriptionFa });
      expect(stored.media).toEqual([item.media]);
    }
    for (const item of data.legal) expect(await caller.legal.byId({ id: item.id })).toMatchObject(item.videoLink ? item : { ...item, videoLink: null });
    const gallery = await caller.gallery.list({ pageSize: 50 });
    for (const item of data.gallery) expect(gallery.items.find((row) => row.id === item.id)).toMatchObject(item);
    const stories = await caller.stories.list({ status: 'all', pageSize: 50 });
    for (const story of data.stories) expect(stories.items.find((row) => row.id === story.id)).toMatchObject(story);
    expect((await caller.contacts.list({ status: 'pending', pageSize: 50 })).items[0]).toMatchObject(data.contact);
    expect((await caller.newsletter.list({ pageSize: 50 })).items.map((row) => row.email)).toContain(data.subscriber);
    // Every payload went in whole in at least one of the values (which, above, came back unchanged).
    const everything = JSON.stringify(data);
    for (const payload of payloads) expect(everything).toContain(JSON.stringify(payload).slice(1, -1));
  });

  it('reach the server-rendered HTML of every public page only escaped, and cannot break out of the page state', async () => {
    const issues: string[] = [];
    const template = fs.readFileSync(path.join(repoRoot, 'dist', 'client', 'index.html'), 'utf8');
    // A search's page is the one public page that carries its answers for the browser (docs/decisions/039):
    // searched for the payloads that try to end an element (within the 200 characters a search may have),
    // its state holds them, and its box shows them.
    const searched = payloads.filter((payload) => /<\/|<!--|\$/.test(payload)).join(' ');
    const searchPage = { path: `/search?q=${encodeURIComponent(searched)}`, texts: [searched] };
    for (const lang of ['en', 'fa'] as const) {
      for (const target of [...publicPages(lang), searchPage]) {
        const carriesState = target === searchPage;
        const label = `SSR ${withLang(target.path, lang)}`;
        const response = await fetch(site.url + withLang(target.path, lang));
        const html = await response.text();
        if (response.status !== 200) issues.push(`${label}: status ${response.status}`);
        // The document keeps the template's shape, nothing of it copied in twice: the template's
        // tags as often as in the template (the waking script in the entry's place), plus a search's state element.
        for (const [tag, added] of [
          [/<!doctype/gi, 0],
          [/<html[\s>]/g, 0],
          [/<head>/g, 0],
          [/<\/head>/g, 0],
          [/<title>/g, 0],
          [/<\/title>/g, 0],
          [/<body>/g, 0],
          [/<script[\s>]/g, carriesState ? 1 : 0],
          [/<\/script>/g, carriesState ? 1 : 0],
          [/id="root"/g, 0],
        ] as const) {
          const count = (template.match(tag)?.length ?? 0) + added;
          const found = html.match(tag)?.length ?? 0;
          if (found !== count) issues.push(`${label}: ${String(tag)} appears ${found} times, not ${count}`);
        }
        for (const markup of rawMarkup) if (html.includes(markup)) issues.push(`${label}: raw ${JSON.stringify(markup)} in the HTML`);
        // The payloads are there, escaped (React's text escaping), so the page did render the data.
        for (const text of target.texts)
          if (!html.includes(reactEscaped(text))) issues.push(`${label}: ${JSON.stringify(text)} not in the HTML as escaped text`);

        const state = /<script id="__STATE__" type="application\/json">([\s\S]*?)<\/script>([\s\S]*)$/.exec(html);
        if (!carriesState) {
          if (html.includes('__STATE__')) issues.push(`${label}: carries a copy of its answers`);
          if (!/<\/div>\s*<\/body>\s*<\/html>\s*$/.test(html)) issues.push(`${label}: the page ends with ${JSON.stringify(html.slice(-200))}`);
          continue;
        }
        if (!state) {
          issues.push(`${label}: no __STATE__ element`);
          continue;
        }
        const [, json = '', after = ''] = state;
        // No '<' at all inside: nothing an HTML parser could read as the end of the element or a comment.
        if (json.includes('<')) issues.push(`${label}: '<' inside the __STATE__ element`);
        // The element ends where the server ended it: only the closing tags of the document follow.
        if (!/^\s*<\/body>\s*<\/html>\s*$/.test(after)) issues.push(`${label}: after __STATE__ comes ${JSON.stringify(after.slice(0, 200))}`);
        try {
          const parsed = JSON.stringify(superjson.parse(json));
          // The state carries the values exactly (the browser hydrates from them).
          for (const text of target.texts)
            if (!parsed.includes(JSON.stringify(text).slice(1, -1))) issues.push(`${label}: ${JSON.stringify(text)} not in the state`);
        } catch (error) {
          issues.push(`${label}: the state is not valid JSON (${String(error)})`);
        }
      }
    }
    expect(issues).toEqual([]);
  });

  for (const lang of ['en', 'fa'] as const) {
    it(`render as text on every public page in ${lang === 'en' ? 'English' : 'Persian'}, with no dialog, no script run and no element injected`, async () => {
      const context = await openContext(lang);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      const seen = watchPage(page);
      const issues: string[] = [];
      for (const target of publicPages(lang)) {
        const address = withLang(target.path, lang);
        await check(page, seen, { ...target, path: address }, address, issues, { hydrated: true });
      }
      await context.close();
      expect(issues).toEqual([]);
    });
  }

  it('render as text on the admin dashboard, every list, every edit page and every dialog, with no dialog, no script run and no element injected', async () => {
    const { content, gallery, legal, stories, contact, subscriber, editor, otherEditor } = data;
    const context = await openContext('en');
    // The editor whose own name and address are hostile: the sidebar and the welcome show them.
    await signInAs(context, site, editor);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const seen = watchPage(page);
    const issues: string[] = [];
    const editPage = (item: HostileContent): PageCheck => ({
      path: `/admin/edit/${item.kind}/${item.id}`,
      // The bodies are in the rich-text editors, as text (not form fields).
      texts: [item.titleEn, item.descriptionEn, item.descriptionFa],
      fields: [item.titleEn, item.titleFa, ...Object.values(item.media ?? {})],
    });
    const admin: PageCheck[] = [
      { path: '/admin/home', texts: [`Welcome, ${editor.name}.`, editor.email] },
      // Admin cards cut titles at 40 characters and descriptions at 90.
      ...(['news', 'articles', 'reports'] as const).map((list, index) => ({
        path: `/admin/${list}/all`,
        texts: content[(['news', 'article', 'report'] as const)[index]!].flatMap((item) => card(item, 'en')),
      })),
      ...allContent().map(editPage),
      { path: '/admin/gallery/all', texts: gallery.map((item) => start(item.name)) },
      { path: '/admin/legal/all', texts: legal.flatMap((item) => card(item, 'en')) },
      ...legal.map((item) => ({
        path: `/admin/edit/legal/${item.id}`,
        texts: [item.titleEn, item.descriptionEn, item.descriptionFa],
        fields: [item.titleEn, item.titleFa, ...(item.videoLink ? [item.videoLink] : [])],
      })),
      { path: '/admin/users/all', texts: [editor.name, editor.email, otherEditor.name, otherEditor.email] },
      ...[editor, otherEditor].map((user) => ({ path: `/admin/edit/user/${user.id}`, texts: [], fields: [user.name, user.email] })),
      // The table cuts a message at 80 characters; the dialog (below) shows it whole.
      { path: '/admin/contacts', texts: [contact.name, contact.email, start(contact.message)] },
      // Story cards cut titles at 60 and texts at 120.
      { path: '/admin/stories/all', texts: stories.flatMap((story) => [start(story.title), start(story.description)]) },
      { path: '/admin/newsletter', texts: [subscriber] },
    ];
    for (const target of admin) await check(page, seen, target, target.path, issues);

    const dialogs: { path: string; label: string; open(): Promise<void>; texts: string[]; close(): Promise<void> }[] = [
      {
        path: '/admin/contacts',
        label: 'contact dialog',
        open: () => page.getByTestId('contact-row').filter({ hasText: contact.name }).getByRole('button', { name: /^Open/ }).click(),
        texts: [`Message from ${contact.name}`, contact.email, contact.message],
        close: () => page.keyboard.press('Escape'),
      },
      ...stories.map((story, index) => ({
        path: '/admin/stories/all',
        label: `story dialog (${index ? 'pending' : 'published'})`,
        open: () =>
          page
            .getByTestId('story-card')
            .filter({ hasText: start(story.title) })
            .click(),
        texts: [story.title, story.description],
        close: () => page.keyboard.press('Escape'),
      })),
      ...(['news', 'article', 'report'] as const).map((kind) => ({
        path: `/admin/${kind === 'news' ? 'news' : `${kind}s`}/all`,
        label: `${kind} delete confirmation`,
        open: () =>
          page
            .getByTestId('admin-card')
            .filter({ hasText: start(content[kind][0].titleEn) })
            .getByRole('button', { name: /^Delete/ })
            .click(),
        texts: [content[kind][0].titleEn],
        close: () => confirmDialog(page, 'cancel'),
      })),
      {
        path: '/admin/gallery/all',
        label: 'gallery delete confirmation',
        open: () =>
          page
            .getByTestId('admin-card')
            .filter({ hasText: start(gallery[0]!.name) })
            .getByRole('button', { name: /^Delete/ })
            .click(),
        texts: [gallery[0]!.name],
        close: () => confirmDialog(page, 'cancel'),
      },
      {
        path: '/admin/legal/all',
        label: 'legal delete confirmation',
        open: () =>
          page
            .getByTestId('admin-card')
            .filter({ hasText: start(legal[0]!.titleEn) })
            .getByRole('button', { name: /^Delete/ })
            .click(),
        texts: [legal[0]!.titleEn],
        close: () => confirmDialog(page, 'cancel'),
      },
      {
        path: '/admin/users/all',
        label: 'user delete confirmation',
        open: () =>
          page
            .getByTestId('user-row')
            .filter({ hasText: otherEditor.name })
            .getByRole('button', { name: /^Delete/ })
            .click(),
        texts: [`${otherEditor.name} <${otherEditor.email}>`],
        close: () => confirmDialog(page, 'cancel'),
      },
      {
        path: '/admin/newsletter',
        label: 'subscriber delete confirmation',
        open: () =>
          page
            .getByTestId('subscriber-row')
            .filter({ hasText: subscriber })
            .getByRole('button', { name: /^Delete/ })
            .click(),
        texts: [subscriber],
        close: () => confirmDialog(page, 'cancel'),
      },
    ];
    for (const dialog of dialogs) {
      const label = `${dialog.path} ${dialog.label}`;
      try {
        if (new URL(page.url()).pathname !== dialog.path) await page.goto(dialog.path, { waitUntil: 'domcontentloaded' });
        await dialog.open();
        // The text must be inside the open dialog, not only in the list behind it.
        await page.locator('dialog[open]').last().waitFor();
        const inDialog = (await page.locator('dialog[open]').last().innerText()).replace(/\s+/g, ' ');
        for (const text of dialog.texts)
          if (!inDialog.includes(text.replace(/\s+/g, ' '))) issues.push(`${label}: the dialog does not show ${JSON.stringify(text)}`);
        await inspect(page, seen, label, issues);
        await dialog.close();
        await page.waitForFunction(() => !document.querySelector('dialog[open]'));
      } catch (error) {
        issues.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
        await inspect(page, seen, label, issues);
      }
    }
    await context.close();
    expect(issues).toEqual([]);
    // About 25 seconds here: thirty screens and dialogs; room for a busy two-core machine.
  }, 120_000);

  it('render as text on the admin lists in Persian, which show the Persian titles and descriptions', async () => {
    const { content, legal, editor } = data;
    const context = await openContext('fa');
    await signInAs(context, site, editor);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const seen = watchPage(page);
    const issues: string[] = [];
    const admin: PageCheck[] = [
      { path: '/admin/home', texts: [editor.name] },
      ...(['news', 'articles', 'reports'] as const).map((list, index) => ({
        path: `/admin/${list}/all`,
        texts: content[(['news', 'article', 'report'] as const)[index]!].flatMap((item) => card(item, 'fa')),
      })),
      { path: '/admin/legal/all', texts: legal.flatMap((item) => card(item, 'fa')) },
      // The edit page's heading shows the title in the panel's language.
      { path: `/admin/edit/news/${content.news[0].id}`, texts: [content.news[0].titleFa] },
    ];
    for (const target of admin) await check(page, seen, target, `fa ${target.path}`, issues);
    await context.close();
    expect(issues).toEqual([]);
  });
});
