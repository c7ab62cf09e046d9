import { languagesOfItem } from '../../shared/item-languages.ts';
import { listTag, noteCacheTags, tagSpaceOf } from '../cache/shared-cache.ts';
import express from 'express';
import { desc } from 'drizzle-orm';
import { allContentKinds, itemPathsOf } from '../../shared/content-kinds.ts';
import { languages, type Language } from '../../shared/locale.ts';
import { itemSlugs } from '../../shared/slugs.ts';
import { legalItems, posts } from '../db/schema.ts';
import { publicCondition } from '../publication/visibility.ts';
import { siteOrigin } from '../env.ts';
import type { Deps } from '../trpc/context.ts';
import { feedItems, feedTitle, isFeedName } from './rss.ts';
import enCommon from '../../client/locales/en/common.json' with { type: 'json' };
import faCommon from '../../client/locales/fa/common.json' with { type: 'json' };

/** Who signs an item published without a personal byline (and every story visitors sent). */
const newsroom: Record<Language, string> = { en: enCommon.siteName, fa: faCommon.siteName };

const entities: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };

// What xmlEscape changes: the five characters with entities, and every control character but tab, LF and CR.
// eslint-disable-next-line no-control-regex
const escaped = /[<>&'"\x00-\x08\x0b\x0c\x0e-\x1f]/g;
// eslint-disable-next-line no-control-regex
const needsEscaping = /[<>&'"\x00-\x08\x0b\x0c\x0e-\x1f]/;

/**
 * Escapes text for XML and HTML, and drops the control characters XML 1.0 forbids. A page's head
 * escapes its title, description and addresses at every render: most need nothing, and the rest
 * are replaced in one pass, not rebuilt a character at a time.
 */
export function xmlEscape(text: string): string {
  return needsEscaping.test(text) ? text.replace(escaped, (char) => entities[char] ?? '') : text;
}

/** A page URL in a language: English is the default, Persian adds ?lang=fa so shared links open in Persian. */
export function pageUrl(origin: string, pathname: string, language: Language): string {
  return `${origin}${pathname}${language === 'fa' ? '?lang=fa' : ''}`;
}

/**
 * The feed or sitemap a path names, as the routes below match it (case-insensitive, an optional
 * trailing slash, parameters percent-decoded): the key of its answer in the response cache, which
 * no query parameter changes. Null for anything the routes do not answer.
 */
export function feedKey(pathname: string): string | null {
  const path = pathname.replace(/(.)\/$/, '$1');
  if (/^\/sitemap\.xml$/i.test(path)) return 'sitemap';
  const match = /^\/rss\/([^/]+)\/([^/]+)\.xml$/i.exec(path);
  if (!match) return null;
  try {
    const [language, feed] = [decodeURIComponent(match[1]!), decodeURIComponent(match[2]!)];
    return languages.includes(language as Language) && isFeedName(feed) ? `rss|${language}|${feed}` : null;
  } catch {
    return null;
  }
}

/** The sitemap names every public item of these kinds. */
const SITEMAP_TAGS = (['news', 'articles', 'reports', 'legal'] as const).map(listTag);

const staticPaths = [
  '/',
  ...allContentKinds.map((info) => info.listPath),
  '/gallery',
  '/legal-awareness',
  '/yourStory',
  '/about',
  '/contact',
  '/iran',
  '/afghanistan',
];

/** /robots.txt, /sitemap.xml and RSS 2.0 feeds per language: /rss/{en|fa}/{news|articles|reports|legal-awareness|stories}.xml */
export function feedsRoute(deps: Deps) {
  const route = express.Router();

  route.get('/robots.txt', (_req, res) => {
    res
      .type('text/plain')
      .send(
        `User-agent: *\nDisallow: /admin\nDisallow: /preview\nDisallow: /login\nDisallow: /setup\nDisallow: /api/\nDisallow: /trpc/\n\nSitemap: ${siteOrigin(deps.env)}/sitemap.xml\n`,
      );
  });

  route.get('/sitemap.xml', async (_req, res) => {
    const origin = siteOrigin(deps.env);
    noteCacheTags(res, SITEMAP_TAGS);
    // Each page at its address in each language (an item's slug differs from one to the other), and
    // an item written in one language only there, with no alternates (src/shared/item-languages.ts).
    const entries: { paths: Record<Language, string>; updated?: Date; in?: readonly Language[] }[] = staticPaths.map((path) => ({
      paths: { en: path, fa: path },
    }));
    const addressColumns = (table: typeof posts | typeof legalItems) => ({
      titleEn: table.titleEn,
      titleFa: table.titleFa,
      slugEn: table.slugEn,
      slugFa: table.slugFa,
    });
    for (const row of await deps.db
      .select({ id: posts.id, kind: posts.kind, updatedAt: posts.updatedAt, ...addressColumns(posts) })
      .from(posts)
      .where(publicCondition(posts.status))
      .orderBy(desc(posts.createdAt))
      .limit(20_000)) {
      entries.push({ paths: itemPathsOf(row.kind, { id: row.id, ...itemSlugs(row) }), updated: row.updatedAt, in: languagesOfItem(row) });
    }
    for (const row of await deps.db
      .select({ id: legalItems.id, updatedAt: legalItems.updatedAt, ...addressColumns(legalItems) })
      .from(legalItems)
      .where(publicCondition(legalItems.status))
      .orderBy(desc(legalItems.createdAt))
      .limit(5_000)) {
      entries.push({ paths: itemPathsOf('legal', { id: row.id, ...itemSlugs(row) }), updated: row.updatedAt, in: languagesOfItem(row) });
    }
    const urls = entries.flatMap((entry) =>
      (entry.in ?? languages).map((language, _index, available) => {
        const alternates =
          available.length > 1
            ? available.map((alt) => `<xhtml:link rel="alternate" hreflang="${alt}" href="${xmlEscape(pageUrl(origin, entry.paths[alt], alt))}"/>`).join('')
            : '';
        const lastmod = entry.updated ? `<lastmod>${entry.updated.toISOString()}</lastmod>` : '';
        return `<url><loc>${xmlEscape(pageUrl(origin, entry.paths[language], language))}</loc>${lastmod}${alternates}</url>`;
      }),
    );
    res
      .type('application/xml')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });

  route.get('/rss/:lang/:feed.xml', async (req, res, next) => {
    const language = req.params.lang as Language;
    const feed = req.params.feed;
    if (!languages.includes(language) || !isFeedName(feed)) return next();
    const origin = siteOrigin(deps.env);
    const space = tagSpaceOf(feed);
    if (space) noteCacheTags(res, [listTag(space)]);
    const rows = await feedItems(deps, feed, language);
    const items = rows.map((row) => {
      const link = pageUrl(origin, row.path, language);
      // Readers treat <description> as HTML: escaped twice, our plain text stays text there.
      return `<item><title>${xmlEscape(row.title)}</title><link>${xmlEscape(link)}</link><guid isPermaLink="true">${xmlEscape(link)}</guid><pubDate>${row.published.toUTCString()}</pubDate><dc:creator>${xmlEscape(row.creator ?? newsroom[language])}</dc:creator><description>${xmlEscape(xmlEscape(row.description))}</description></item>`;
    });
    // From the items, not the clock: the cached answer and a fresh one say the same.
    const built = rows.reduce<Date | null>((latest, row) => (!latest || row.updated > latest ? row.updated : latest), null);
    const title = xmlEscape(feedTitle(feed, language));
    const self = `${origin}/rss/${language}/${feed}.xml`;
    res
      .type('application/rss+xml')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>${title}</title><link>${xmlEscape(pageUrl(origin, '/', language))}</link><description>${title}</description><language>${language}</language>${built ? `<lastBuildDate>${built.toUTCString()}</lastBuildDate>` : ''}<atom:link href="${xmlEscape(self)}" rel="self" type="application/rss+xml"/>${items.join('')}</channel></rss>\n`,
      );
  });
  return route;
}
