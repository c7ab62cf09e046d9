import type { BrowserContext, Page } from 'playwright-core';
import { createSession, generateSessionToken, SESSION_COOKIE, type SessionUser } from '../../../src/server/auth/sessions.ts';
import { sessionPolicy } from '../../../src/server/routers/auth.ts';
import { limits } from '../../../src/shared/schemas/common.ts';
import type { ContentKind } from '../../../src/shared/schemas/content.ts';
import { contentKindIds, contentKinds } from '../../../src/shared/content-kinds.ts';
import { excerpt } from '../../../src/shared/text.ts';
import { makeImageUpload } from '../../factories/index.ts';
import { adminCaller, publicCaller } from '../../setup/callers.ts';
import type { Site } from './site.ts';

/**
 * Markup and script in the shapes that break naive rendering: a script element, event-handler
 * attributes, an attribute break-out into an iframe, a textarea break-out, a javascript: URL,
 * template markers, String.prototype.replace patterns (a server that splices text into its HTML
 * template with .replace() would copy parts of the template into the page) and an HTML comment
 * opener (which changes how a parser reads the rest of a script element).
 */
export const payloads = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '<svg onload="window.__xss=1">',
  '"><iframe srcdoc="<script>parent.__xss=1</script>">',
  '</textarea><b id="xss-injected">bold</b>',
  'javascript:window.__xss=1',
  '{{7*7}} ${7*7}',
  "$' $` $& $$ $1",
  '<!--<script>',
] as const;

/** The payloads whose markup must never reach any HTML unescaped. */
export const rawMarkup = ['<script>window.__xss', '<img src=x', '<svg onload', '<iframe srcdoc', '<b id="xss-injected"', '</textarea><b', '<!--<script>'];

let fields = 0;

/**
 * A field value: a short tag that tells fields apart (so a list check can see which item it is
 * looking at), then as many whole payloads as the field's limit allows, each field starting with
 * a different one, so that every payload is first somewhere (cards cut long text after 40-80
 * characters, and the cut part is the one that is rendered).
 */
export function hostile(max: number = limits.title, suffix = ''): string {
  const tag = `x${String(++fields).padStart(2, '0')}`;
  let value = tag;
  for (let i = 0; i < payloads.length; i += 1) {
    const next = `${value} ${payloads[(fields + i) % payloads.length]}`;
    if (next.length + suffix.length > max) break;
    value = next;
  }
  return value + suffix;
}

/** An address the e-mail schema accepts that still carries quotes (which break naive attributes). */
export function hostileEmail(): string {
  return `o'neil+x${String(++fields).padStart(2, '0')}'-1@example.org`;
}

/**
 * The start of a value: what a card shows of it whatever its cut (40 characters at the shortest,
 * between words: the words that fit in 30 characters, or the first 29 of a longer first word).
 */
export const start = (value: string) => excerpt(value, 30).replace(/…$/, '');

/** A YouTube link the schema accepts (the site embeds only its video id), with markup in its query. */
export const hostileVideoLink = (n: number) => `https://www.youtube.com/watch?v=aqz-KE-bpKQ&x${n}="><script>window.__xss=1</script>`;
/** A link that is no video: it is kept as given, and shown only in the admin form. */
export const hostileLink = (n: number) => `https://example.org/x${n}"><script>window.__xss=1</script>?next=javascript:window.__xss=1`;

export interface HostileContent {
  id: number;
  kind: ContentKind;
  titleEn: string;
  titleFa: string;
  descriptionEn: string;
  descriptionFa: string;
  media: { link: string; titleEn: string; titleFa: string; descriptionEn: string; descriptionFa: string } | null;
}

export interface HostileSite {
  /** Per kind: [0] tagged with a category and a country and a YouTube media item; [1] neither, with a link that is no video. */
  content: Record<ContentKind, [HostileContent, HostileContent]>;
  gallery: { id: number; name: string; nameFa: string; videoLink: string | null }[];
  legal: { id: number; titleEn: string; titleFa: string; descriptionEn: string; descriptionFa: string; videoLink: string | null }[];
  /** [0] published, [1] pending. */
  stories: { id: number; title: string; description: string }[];
  contact: { name: string; email: string; message: string };
  subscriber: string;
  /** The editor the admin pages are seen by, and a second one (whose delete confirmation names them). */
  editor: SessionUser;
  otherEditor: SessionUser;
  editorPassword: string;
}

const tagged = {
  news: { category: 'top', country: 'iran' },
  article: { category: 'health', country: 'afghanistan' },
  report: { category: 'culture-arts', country: 'iran' },
} as const;

/** Every kind of item, each text field hostile, created through the procedures editors and visitors use. */
export async function seedHostileSite(site: Site): Promise<HostileSite> {
  const { deps } = site;
  const { caller } = await adminCaller(deps);
  let links = 0;

  const content = {} as HostileSite['content'];
  for (const kind of contentKindIds) {
    const made: HostileContent[] = [];
    for (const withTags of [true, false]) {
      const media = {
        link: withTags ? hostileVideoLink(++links) : hostileLink(++links),
        titleEn: hostile(),
        titleFa: hostile(limits.title, ' ویدیو'),
        descriptionEn: hostile(limits.shortText),
        descriptionFa: hostile(limits.shortText, ' توضیح'),
      };
      const texts = {
        titleEn: hostile(),
        titleFa: hostile(limits.title, ' عنوان'),
        descriptionEn: hostile(limits.longText),
        descriptionFa: hostile(limits.longText, ' متن'),
      };
      const item = await caller[contentKinds[kind].section].create({
        ...texts,
        coverAltEn: 'Cover picture',
        coverAltFa: 'تصویر جلد',
        imageUploadId: (await makeImageUpload(deps)).id,
        category: withTags ? tagged[kind].category : null,
        country: withTags ? tagged[kind].country : null,
        media: [media],
      });
      made.push({ id: item.id, kind, ...texts, media });
    }
    content[kind] = [made[0]!, made[1]!];
  }

  const gallery: HostileSite['gallery'] = [];
  for (const videoLink of [null, hostileVideoLink(++links)]) {
    const name = hostile(limits.name);
    // Named in both languages: each language's gallery shows only its own names.
    const nameFa = hostile(limits.name);
    const item = await caller.gallery.create({
      name,
      nameFa,
      imageUploadId: videoLink ? undefined : (await makeImageUpload(deps)).id,
      videoLink: videoLink ?? undefined,
    });
    gallery.push({ id: item.id, name, nameFa, videoLink });
  }

  const legal: HostileSite['legal'] = [];
  for (const videoLink of [null, hostileVideoLink(links + 1)]) {
    const texts = {
      titleEn: hostile(),
      titleFa: hostile(limits.title, ' حقوق'),
      descriptionEn: hostile(limits.longText),
      descriptionFa: hostile(limits.longText, ' قانون'),
    };
    const item = await caller.legal.create({
      ...texts,
      coverAltEn: 'Cover picture',
      coverAltFa: 'تصویر جلد',
      mediaUploadId: videoLink ? undefined : (await makeImageUpload(deps)).id,
      videoLink: videoLink ?? undefined,
    });
    legal.push({ id: item.id, ...texts, videoLink });
  }

  // Stories and messages come from visitors: through the public procedures, as the forms send them.
  const visitor = publicCaller(deps);
  const stories: HostileSite['stories'] = [];
  for (let i = 0; i < 2; i += 1) {
    const story = { title: hostile(), description: hostile(limits.longText) };
    await visitor.stories.create(story);
    stories.push({ id: 0, ...story });
  }
  const pending = await caller.stories.list({ status: 'pending', pageSize: 50 });
  for (const story of stories) story.id = pending.items.find((item) => item.title === story.title)!.id;
  await caller.stories.publish({ id: stories[0]!.id });

  const contact = { name: hostile(limits.name), email: hostileEmail(), message: hostile(limits.message) };
  await visitor.contacts.create(contact);
  const subscriber = hostileEmail();
  await visitor.newsletter.subscribe({ email: subscriber });

  const editorPassword = 'correct horse battery staple';
  const editor = await caller.users.create({ name: hostile(limits.name), email: hostileEmail(), password: editorPassword });
  const otherEditor = await caller.users.create({ name: hostile(limits.name), email: hostileEmail(), password: editorPassword });

  return {
    content,
    gallery,
    legal,
    stories,
    contact,
    subscriber,
    editor: { id: editor.id, name: editor.name, email: editor.email, role: editor.role },
    otherEditor: { id: otherEditor.id, name: otherEditor.name, email: otherEditor.email, role: otherEditor.role },
    editorPassword,
  };
}

/** Signs the given editor in by creating a session directly (only the login test drives the form). */
export async function signInAs(context: BrowserContext, site: Site, user: SessionUser) {
  const token = generateSessionToken();
  await createSession(site.deps.db, token, user.id, sessionPolicy(site.deps.env));
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: site.url, httpOnly: true, sameSite: 'Lax' }]);
}

/** Dialogs, uncaught errors and console errors of a page, for the checks after each visit. */
export function watchPage(page: Page) {
  const seen = { dialogs: [] as string[], problems: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  page.on('pageerror', (error) => seen.problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') seen.problems.push(`console: ${message.text()}`);
  });
  return seen;
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Waits until every text is in the page's rendered text (document.body.innerText: what a reader
 * sees, not markup, not hidden elements) and, on a server-rendered page, React has taken the page
 * over; fails naming the texts that never appeared.
 */
export async function waitForTexts(page: Page, texts: string[], label: string, options: { hydrated?: boolean } = {}) {
  const wanted = texts.map(squash);
  // A public page fetches its application only when asked to (src/client/wake.ts).
  if (options.hydrated) await page.evaluate(() => document.dispatchEvent(new Event('site:wake')));
  try {
    await page.waitForFunction(
      ({ wanted, hydrated }) => {
        const root = document.getElementById('root');
        if (hydrated && !(root && Object.keys(root).some((key) => key.startsWith('__reactContainer')))) return false;
        const seen = document.body.innerText.replace(/\s+/g, ' ');
        return wanted.every((text) => seen.includes(text));
      },
      { wanted, hydrated: options.hydrated ?? false },
      { timeout: 15_000 },
    );
  } catch {
    const seen = squash(await page.evaluate(() => document.body.innerText));
    const missing = wanted.filter((text) => !seen.includes(text));
    throw new Error(`${label}: never showed ${JSON.stringify(missing)}\n(page text begins: ${JSON.stringify(seen.slice(0, 600))})`);
  }
}

/** The values of the page's text inputs and text areas, for edit forms (their values are not page text). */
export function fieldValues(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')]
      .filter((field) => !['file', 'hidden', 'checkbox', 'radio', 'password'].includes(field.type))
      .map((field) => field.value),
  );
}

/**
 * What the data could have injected into the live DOM: any element carrying an inline event
 * handler (React never writes on* attributes; it listens at the root), a javascript: URL in a
 * link or source, an iframe, object or embed (the site's only iframe is a video player that
 * appears after a click), the marker element, and any script other than the site's own bundle
 * and its JSON state. Also the flag the payloads set and whether the state still parses.
 */
export function probe(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const describe = (element: Element) => element.outerHTML.slice(0, 160);
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        if (/^on/i.test(attribute.name)) found.push(`handler ${attribute.name}: ${describe(element)}`);
        if (/^(href|src|action|formaction|xlink:href|data|srcdoc)$/i.test(attribute.name) && /^\s*javascript:/i.test(attribute.value)) {
          found.push(`javascript: URL: ${describe(element)}`);
        }
      }
    }
    for (const element of document.querySelectorAll('img[onerror], svg[onload], iframe, object, embed, [srcdoc], #xss-injected'))
      found.push(`element: ${describe(element)}`);
    for (const script of document.querySelectorAll('script')) {
      const ownBundle = script.type === 'module' && script.src.startsWith(`${location.origin}/assets/`);
      const state = script.id === '__STATE__' && script.type === 'application/json';
      if (!ownBundle && !state) found.push(`script: ${describe(script)}`);
    }
    const states = document.querySelectorAll('script#__STATE__');
    let stateParses = true;
    if (states.length > 1) found.push(`${states.length} state elements`);
    if (states[0]) {
      try {
        JSON.parse(states[0].textContent ?? '');
      } catch {
        stateParses = false;
      }
    }
    return { found, xss: (window as unknown as { __xss?: unknown }).__xss, stateParses };
  });
}
