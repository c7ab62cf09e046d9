import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createTRPCClient, unstable_localLink } from '@trpc/client';
import type { Request, RequestHandler, Response } from 'express';
import { parse as parseCookies } from 'cookie';
import superjson from 'superjson';
import { directionOf, isLanguage, pickLanguage, type Language } from '../../shared/locale.ts';
import type { RenderResult } from '../../client/entry-server.tsx';
import { innerContext, type Deps } from '../trpc/context.ts';
import { appRouter, type AppRouter } from '../trpc/router.ts';
import { pageUrl, siteOrigin, xmlEscape as escapeHtml } from './feeds.ts';

type RenderFn = (url: string, language: Language, client: ReturnType<typeof createTRPCClient<AppRouter>>) => Promise<RenderResult>;

/** Admin screens and editors' previews stay client-only: their data is private and they are never shared. */
const CLIENT_ONLY = /^\/(login|setup|admin|preview)(\/|$)/i;

function languageOf(req: Request): Language {
  const fromUrl = req.query.lang;
  if (typeof fromUrl === 'string' && isLanguage(fromUrl)) return fromUrl;
  return pickLanguage(parseCookies(req.headers.cookie ?? '').lang, req.get('accept-language'));
}

function headTags(deps: Deps, req: Request, language: Language, result: RenderResult): string {
  const origin = siteOrigin(deps, req);
  const canonical = pageUrl(origin, req.path, language);
  const description = result.head.description?.replace(/\s+/g, ' ').trim().slice(0, 200);
  const image = result.head.image ? new URL(result.head.image, origin).toString() : null;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    `<link rel="alternate" hreflang="en" href="${escapeHtml(pageUrl(origin, req.path, 'en'))}">`,
    `<link rel="alternate" hreflang="fa" href="${escapeHtml(pageUrl(origin, req.path, 'fa'))}">`,
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(origin, req.path, 'en'))}">`,
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(result.siteName)}" href="/rss/${language}/news.xml">`,
    `<meta property="og:site_name" content="${escapeHtml(result.siteName)}">`,
    `<meta property="og:title" content="${escapeHtml(result.title)}">`,
    `<meta property="og:type" content="${result.head.type ?? 'website'}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:locale" content="${language === 'fa' ? 'fa_IR' : 'en_GB'}">`,
    description ? `<meta property="og:description" content="${escapeHtml(description)}">` : '',
    image ? `<meta property="og:image" content="${escapeHtml(image)}">` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeHtml(result.title)}">`,
    description ? `<meta name="twitter:description" content="${escapeHtml(description)}">` : '',
    image ? `<meta name="twitter:image" content="${escapeHtml(image)}">` : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}

interface ManifestChunk {
  file: string;
  imports?: string[];
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
export function modulePreloader(manifest: Manifest | null): (modules: readonly string[]) => string[] {
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

/**
 * Public pages rendered on the server, with the data they show and their share tags, so they are
 * readable before (or without) any script; the browser then hydrates. Falls back to the plain
 * client shell when no server bundle was built.
 */
export function pageRoute(deps: Deps, clientDir: string): RequestHandler {
  const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const preloads = modulePreloader(readManifest(clientDir));
  const serverEntry = path.join(clientDir, '..', 'server', 'entry-server.js');
  let renderer: Promise<RenderFn | null> | null = null;
  const loadRenderer = () =>
    (renderer ??= fs.existsSync(serverEntry) ? import(pathToFileURL(serverEntry).href).then((module: { render: RenderFn }) => module.render) : Promise.resolve(null));

  const sendShell = (res: Response) => res.type('html').send(template);

  return async (req, res, next) => {
    try {
      const render = CLIENT_ONLY.test(req.path) ? null : await loadRenderer();
      if (!render) return sendShell(res);
      const language = languageOf(req);
      const client = createTRPCClient<AppRouter>({
        links: [unstable_localLink({ router: appRouter, transformer: superjson, createContext: async () => innerContext(deps, { lang: language }) })],
      });
      const result = await render(req.originalUrl, language, client);
      // Replacer functions, not replacement strings: in a string, `$&`, `$'` and `$\`` in stored
      // text would copy parts of the template into the page (and a `</script>` into the state).
      const html = template
        .replace(/<html lang="[^"]*" dir="[^"]*">/, () => `<html lang="${language}" dir="${directionOf(language)}" data-ssr="1">`)
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(result.title)}</title>`)
        .replace(/<meta name="description" content="[^"]*"\s*\/?>/, (tag) =>
          result.head.description
            ? `<meta name="description" content="${escapeHtml(result.head.description.replace(/\s+/g, ' ').trim().slice(0, 200))}">`
            : tag,
        )
        .replace('</head>', () => `  ${[...preloads(result.modules ?? []), headTags(deps, req, language, result)].join('\n    ')}\n  </head>`)
        .replace(
          '<div id="root"></div>',
          () => `<div id="root">${result.html}</div>\n    <script id="__STATE__" type="application/json">${result.state.replace(/</g, '\\u003c')}</script>`,
        );
      res.status(result.head.status ?? 200).type('html').send(html);
    } catch (error) {
      next(error);
    }
  };
}
