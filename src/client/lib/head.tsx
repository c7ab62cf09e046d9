import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a page says about itself for the document head: title, preview text and image, status. */
export interface HeadData {
  title?: string | null;
  description?: string | null;
  /** Absolute or root-relative URL of the share image. */
  image?: string | null;
  /** The share image's description, for people who cannot see it where the link is shared. */
  imageAlt?: string | null;
  type?: 'website' | 'article';
  /** 404 for not-found screens, so the server answers with the right status. */
  status?: number;
  /** Pages search engines must not index (search results). */
  noindex?: boolean;
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

/**
 * Declares the page's head. Server: recorded during render (the collector is per request).
 * Browser: applied after render, so navigation keeps the tab title and share tags right.
 */
export function useHead(data: HeadData) {
  const collector = useContext(HeadContext);
  const { t } = useTranslation();
  const site = t('siteName');
  if (collector) Object.assign(collector, data);
  const title = data.title ? `${data.title} — ${site}` : site;
  useEffect(() => {
    document.title = title;
    setMeta('name', 'description', data.description);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', data.description);
    setMeta('name', 'robots', data.noindex ? 'noindex' : null);
  }, [title, data.description, data.noindex]);
}
