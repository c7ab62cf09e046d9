import { plainText } from '../../shared/bidi.ts';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TRPCClient } from '@trpc/client';
import type { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { Request, RequestHandler, Response } from 'express';
import { parse as parseCookies } from 'cookie';
import { directionOf, languages, type Language } from '../../shared/locale.ts';
import type { RenderOptions, RenderResult } from '../../client/entry-server.tsx';
import type { ServerFormState } from '../../shared/form-posts.ts';
import { POSTED_SEARCH_ID } from '../../shared/search-address.ts';
import { editorialLimits } from '../../shared/schemas/editorial.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { innerContext, type Deps } from '../trpc/context.ts';
import { ThrottledError } from '../trpc/errors.ts';
import type { AppRouter } from '../trpc/router.ts';
import { procedureClient } from './procedure-client.ts';
import { siteOrigin } from '../env.ts';
import { pageUrl, xmlEscape as escapeHtml } from './feeds.ts';
import { visitorOf } from './request-context.ts';
import { feedsOfPage, feedTitle } from './rss.ts';
import { requestLanguage } from './request-language.ts';
import { announceOnion, rememberLanguageChoice } from './page-headers.ts';
import { CLIENT_ONLY, pageAddresses, type PageAddressOf } from './page-address.ts';
import { utf8Bytes } from './utf8-bytes.ts';

type RenderFn = (
  url: string,
  language: Language,
  client: TRPCClient<AppRouter>,
  serverForm?: ServerFormState | null,
  options?: RenderOptions,
) => Promise<RenderResult>;
/** What the server bundle (src/client/entry-server.tsx) exports. */
interface ServerBundle {
  render: RenderFn;
  pageAddress?: PageAddressOf;
}

/** The sign-in page is rendered on the server for visitors without a session (an editor's goes on to the panel). */
const LOGIN = /^\/login\/?$/i;

/**
 * What search snippets and share cards show: the description editors wrote for them, whole (the
 * schema bounds it), else the start of the page's text.
 */
function descriptionOf(head: RenderResult['head']): string | undefined {
  const summary = head.summary?.replace(/\s+/g, ' ').trim();
  return summary ? summary.slice(0, editorialLimits.summary) : head.description?.replace(/\s+/g, ' ').trim().slice(0, 200);
}

function headTags(deps: Deps, pathname: string, language: Language, result: RenderResult): string {
  const origin = siteOrigin(deps.env);
  // An item's page names its slugged address in each language, whichever spelling was asked for
  // (the page is rendered and kept once per item: docs/decisions/033).
  const pathIn = (lang: Language) => result.head.paths?.[lang] ?? pathname;
  const canonical = pageUrl(origin, pathIn(language), language);
  const description = descriptionOf(result.head);
  const image = result.head.image ? new URL(result.head.image, origin).toString() : null;
  const imageAlt = result.head.imageAlt?.replace(/\s+/g, ' ').trim().slice(0, 420);
  // Language pairs only where the page exists in both (an item may be written in one language).
  const available = result.head.languages ?? languages;
  const alternates =
    available.length > 1
      ? [
          ...available.map((code) => `<link rel="alternate" hreflang="${code}" href="${escapeHtml(pageUrl(origin, pathIn(code), code))}">`),
          `<link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(origin, pathIn('en'), 'en'))}">`,
        ]
      : [];
  const tags = [
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    ...alternates,
    ...feedsOfPage(pathname).map(
      (feed) => `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(feedTitle(feed, language))}" href="/rss/${language}/${feed}.xml">`,
    ),
    `<meta property="og:site_name" content="${escapeHtml(result.siteName)}">`,
    `<meta property="og:title" content="${escapeHtml(plainText(result.title))}">`,
    `<meta property="og:type" content="${result.head.type ?? 'website'}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:locale" content="${language === 'fa' ? 'fa_IR' : 'en_GB'}">`,
    description ? `<meta property="og:description" content="${escapeHtml(description)}">` : '',
    image ? `<meta property="og:image" content="${escapeHtml(image)}">` : '',
    image && imageAlt ? `<meta property="og:image:alt" content="${escapeHtml(imageAlt)}">` : '',
    result.head.noindex ? '<meta name="robots" content="noindex">' : '',
    result.head.author ? `<meta name="author" content="${escapeHtml(result.head.author)}">` : '',
    result.head.author ? `<meta property="article:author" content="${escapeHtml(result.head.author)}">` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeHtml(plainText(result.title))}">`,
    description ? `<meta name="twitter:description" content="${escapeHtml(description)}">` : '',
    image ? `<meta name="twitter:image" content="${escapeHtml(image)}">` : '',
    image && imageAlt ? `<meta name="twitter:image:alt" content="${escapeHtml(imageAlt)}">` : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * The page template a public page is sent in: the application's entry is not loaded with it but
 * named to the small script that wakes it when the reader starts using the page (src/client/wake.ts).
 * Null when the build has no such script (the template then loads the application at once).
 */
function sleepingTemplate(template: string, manifest: Manifest | null): string | null {
  const wake = manifest?.['src/client/wake.ts']?.file;
  if (!wake || !ENTRY_SCRIPT.test(template)) return null;
  return template.replace(
    ENTRY_SCRIPT,
    (_tag, entry: string) => `<script type="module" src="/${escapeHtml(wake)}" data-entry="${escapeHtml(entry)}"></script>`,
  );
}
type Manifest = Record<string, ManifestChunk>;

/** Vite's build manifest (build.manifest), or null for a build without one. */
function readManifest(clientDir: string): Manifest | null {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : null;
}

/**
 * `<link rel="modulepreload">` for the chunks a page needs before it hydrates (its page and its
 * language's strings, with the chunks they import), so the browser fetches them alongside the
 * entry instead of after it. Chunks the entry imports itself are already on their way.
 */
function modulePreloader(manifest: Manifest | null): (modules: readonly string[]) => string[] {
  if (!manifest) return () => [];
  const walk = (key: string, into: Set<string>, skip: ReadonlySet<string>) => {
    const chunk = manifest[key];
    if (!chunk || skip.has(chunk.file) || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) walk(imported, into, skip);
  };
  const inEntry = new Set<string>();
  walk('index.html', inEntry, new Set());
  // A handful of pages times two languages: computed once each.
  const cache = new Map<string, string[]>();
  return (modules) => {
    const key = modules.join('|');
    let tags = cache.get(key);
    if (!tags) {
      const files = new Set<string>();
      for (const module of modules) walk(module, files, inEntry);
      tags = [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`);
      cache.set(key, tags);
    }
    return tags;
  };
}

export interface PageOptions {
  /** The status to answer with, when the page answers a refused form post (422, 429, 403). */
  status?: number;
  /** What a refused form post had typed, and the server's messages for it. */
  serverForm?: ServerFormState | null;
  /** A posted search (src/server/http/search-post.ts): rendered as if its fields were the address's. */
  search?: URLSearchParams;
  /**
   * The canonical address of the page asked for (./page-address.ts), rendered instead of the
   * request's own; a list page past the last one then answers with a redirect to the last.
   */
  address?: string;
}

export interface PageRenderer {
  /** Renders the request's path as a page in the request's language and sends it. */
  send(req: Request, res: Response, options?: PageOptions): Promise<void>;
  /** The canonical address of a page request, or null when it has none (./page-address.ts). */
  address(req: Request): string | null;
}

/** JSON in a <script> element: `<` escaped, so stored text cannot close the element. */
const scriptJson = (json: string) => json.replace(/</g, '\\u003c');

/**
 * Public pages rendered on the server, with the data they show and their share tags, so they are
 * readable before (or without) any script; the browser then hydrates. Falls back to the plain
 * client shell when no server bundle was built.
 */
export function pageRenderer(deps: Deps, clientDir: string): PageRenderer {
  const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const manifest = readManifest(clientDir);
  const preloads = modulePreloader(manifest);
  const publicTemplate = sleepingTemplate(template, manifest);
  const serverEntry = path.join(clientDir, '..', 'server', 'entry-server.js');
  const addresses = pageAddresses(clientDir);
  let renderer: Promise<RenderFn | null> | null = null;
  const loadRenderer = () =>
    (renderer ??= fs.existsSync(serverEntry)
      ? import(pathToFileURL(serverEntry).href).then((module: ServerBundle) => {
          addresses.use(module.pageAddress);
          return module.render;
        })
      : Promise.resolve(null));
  // Loaded at once: until then no page has a canonical address, so none is cached. A failure is
  // reported by the first page that needs the renderer.
  loadRenderer().catch(() => {});

  return {
    address: (req) => addresses.of(req),
    async send(req, res, options = {}) {
      announceOnion(deps, options.address ?? req.originalUrl, res);
      const language = requestLanguage(req);
      rememberLanguageChoice(deps, req, res);
      const clientOnly = CLIENT_ONLY.test(req.path) || (LOGIN.test(req.path) && Boolean(parseCookies(req.headers.cookie ?? '')[SESSION_COOKIE]));
      const render = clientOnly ? null : await loadRenderer();
      if (!render) {
        res
          .status(options.status ?? 200)
          .type('html')
          .send(template);
        return;
      }
      const { client, refusal } = renderClient(deps, language, visitorOf(deps, req, res));
      const url = options.search ? `${req.path}?${options.search}` : (options.address ?? req.originalUrl);
      const result = await render(url, language, client, options.serverForm, { redirectPastLastPage: options.address !== undefined });
      if (result.redirect) {
        res.redirect(302, result.redirect);
        return;
      }
      const formState = [
        options.serverForm ? `\n    <script id="__FORM__" type="application/json">${scriptJson(JSON.stringify(options.serverForm))}</script>` : '',
        options.search ? `\n    <script id="${POSTED_SEARCH_ID}" type="application/json">${scriptJson(JSON.stringify(String(options.search)))}</script>` : '',
      ].join('');
      // Replacer functions, not replacement strings: in a string, `$&`, `$'` and `$\`` in stored
      // text would copy parts of the template into the page (and a `</script>` into the state).
      // The sign-in page (for editors: a passkey needs scripts) starts the application at once; a public page when the reader uses it.
      const sleeping = !LOGIN.test(req.path) && publicTemplate !== null;
      const html = (sleeping ? publicTemplate : template)
        .replace(/<html lang="[^"]*" dir="[^"]*">/, () => `<html lang="${language}" dir="${directionOf(language)}" data-ssr="1">`)
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(result.title)}</title>`)
        .replace(/<meta name="description" content="[^"]*"\s*\/?>/, (tag) => {
          const description = descriptionOf(result.head);
          return description ? `<meta name="description" content="${escapeHtml(description)}">` : tag;
        })
        .replace(
          '</head>',
          () => `  ${[...(sleeping ? [] : preloads(result.modules ?? [])), headTags(deps, url.split('?')[0]!, language, result)].join('\n    ')}\n  </head>`,
        )
        .replace('<div id="root"></div>', () => {
          const state = result.state ? `\n    <script id="__STATE__" type="application/json">${scriptJson(result.state)}</script>` : '';
          return `<div id="root">${result.html}</div>${state}${formState}`;
        });
      if (result.head.noindex) res.setHeader('X-Robots-Tag', 'noindex');
      const refused = refusal();
      if (refused?.cause instanceof ThrottledError) res.setHeader('Retry-After', String(refused.cause.retryAfterSeconds));
      res
        .status(options.status ?? (refused ? getHTTPStatusCodeFromError(refused) : undefined) ?? result.head.status ?? 200)
        .type('html')
        .send(utf8Bytes(html));
    },
  };
}

/**
 * The client a page's render reads through: anonymously (the page is the same for everyone), but as
 * this visitor, so a search on the page counts against her budget like one from the API and a
 * refusal answers the page's status.
 *
 * Built here, not inside `send`, so that nothing the client holds reaches `send`'s scope. V8's
 * young-generation collections keep alive whatever a weak reference reaches (a WeakMap's value, a
 * hidden class made for one object's accessor), and a closure made inside `send` holds the whole
 * of `send`'s scope, the rendered page included. When the client was made there, every render
 * went to the old generation, 100–230 KB a page, and waited there for a full collection.
 */
function renderClient(deps: Deps, language: Language, visitor: ReturnType<typeof visitorOf>) {
  const seen: { refusal: TRPCError | null } = { refusal: null };
  const client = procedureClient(
    () => innerContext(deps, { lang: language, ...visitor }),
    (error) => {
      if (error.code === 'TOO_MANY_REQUESTS' || error.code === 'SERVICE_UNAVAILABLE') seen.refusal = error;
    },
  );
  return { client, refusal: () => seen.refusal };
}

/** GET and HEAD of a page: rendered from its canonical address, so the same page is rendered (and kept) once. */
export function pageRoute(pages: PageRenderer): RequestHandler {
  return (req, res, next) => {
    pages.send(req, res, { address: pages.address(req) ?? undefined }).catch(next);
  };
}
