import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useTranslation } from './use-translation.ts';
import { plainText } from '../../shared/bidi.ts';
import type { Language } from '../../shared/locale.ts';

/** What a page says about itself for the document head: title, preview text and image, status. */
export interface HeadData {
  title?: string | null;
  /** The page's text for search snippets and share cards: its start is used (the server cuts it to 200 characters). */
  description?: string | null;
  /** A description its editors wrote for search engines and share cards: used whole instead of `description`. */
  summary?: string | null;
  /**
   * The page's own address in each language, when it is not the address it was rendered from: an
   * item's slugged address (`/news/123-women-teachers`), which its canonical link and its
   * alternates name whichever spelling the reader asked for (docs/decisions/033).
   */
  paths?: Record<Language, string> | null;
  /** Absolute or root-relative URL of the share image. */
  image?: string | null;
  /** The share image's description, for people who cannot see it where the link is shared. */
  imageAlt?: string | null;
  type?: 'website' | 'article';
  /** 404 for not-found screens, so the server answers with the right status. */
  status?: number;
  /** Pages search engines must not index (search results). */
  noindex?: boolean;
  /** Who signs an article: the author's public name, or the newsroom's (meta author, article:author). */
  author?: string | null;
  /** The languages the page exists in (an item written in one only); absent: both. Alternates name only these. */
  languages?: readonly Language[];
}

/** A full stop (Latin, or the Arabic-script one) ending a sentence used as a title, before a closing isolate; never an ellipsis's last dot. */
const trailingFullStop = /(?<!\.)[.\u06d4]\s*(\u2069?)\s*$/;

/**
 * The document title: the page's part, then the site's (or panel's) name. The part is often a
 * sentence from the messages ("News not found."), whose full stop would read as
 * "News not found. — Women's Rights News" in the tab, the history and a shared link.
 */
export function documentTitle(part: string | null | undefined, name: string, separator = ' — '): string {
  const trimmed = part?.replace(trailingFullStop, '$1').trim();
  return trimmed ? `${trimmed}${separator}${name}` : name;
}

const HeadContext = createContext<HeadData | null>(null);

/** On the server, pages write into `collector` while rendering; in the browser there is none. */
export function HeadProvider({ collector, children }: { collector?: HeadData; children: ReactNode }) {
  return <HeadContext.Provider value={collector ?? null}>{children}</HeadContext.Provider>;
}

function setMeta(attribute: 'name' | 'property', key: string, value: string | null | undefined) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!value) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = value;
}

const plain = (text: string | null | undefined) => (text ? plainText(text) : text);

/**
 * The one place the head's texts are made plain for share tags and search snippets: the server's
 * meta and share tags and the browser's are all built from what useHead keeps. The title is kept as
 * declared: in the tab's <title> an isolated part (a visitor's story) keeps its own direction; its
 * share tags get it plain (`shareTitle`).
 */
export function plainHead(data: HeadData): HeadData {
  return { ...data, description: plain(data.description), summary: plain(data.summary), imageAlt: plain(data.imageAlt), author: plain(data.author) };
}

/**
 * Declares the page's head. Server: recorded during render (the collector is per request).
 * Browser: applied after render, so navigation keeps the tab title and share tags right.
 */
export function useHead(declared: HeadData) {
  const collector = useContext(HeadContext);
  const { t } = useTranslation();
  const site = t('siteName');
  const data = plainHead(declared);
  if (collector) Object.assign(collector, data);
  const title = documentTitle(data.title, site);
  const description = data.summary || data.description;
  useEffect(() => {
    document.title = title;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', plainText(title));
    setMeta('property', 'og:description', description);
    setMeta('name', 'robots', data.noindex ? 'noindex' : null);
    setMeta('name', 'author', data.author);
    setMeta('property', 'article:author', data.author);
  }, [title, description, data.noindex, data.author]);
}
