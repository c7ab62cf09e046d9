import { contentKinds, type ContentKind, type SectionOf } from '../../../shared/content-kinds.ts';

/** A content kind's list, which also holds its detail pages. */
function contentNavItem<K extends ContentKind>(kind: K) {
  const info = contentKinds[kind];
  return { href: info.listPath, key: info.section as SectionOf<K>, also: [`${info.detailPath}/`] };
}

/** The header links, in the original site's order. `also` lists other paths that belong to the same section. */
export const navItems = [
  { href: '/home', key: 'home', also: ['/'] },
  contentNavItem('news'),
  contentNavItem('report'),
  contentNavItem('article'),
  { href: '/about', key: 'about', also: [] },
  { href: '/yourStory', key: 'yourStory', also: ['/stories/'] },
  { href: '/legal-awareness', key: 'legalAwareness', also: ['/legal/'] },
  { href: '/gallery', key: 'gallery', also: [] },
  { href: '/contact', key: 'contact', also: [] },
] as const;

export const countryItems = [
  { href: '/iran', key: 'iran' },
  { href: '/afghanistan', key: 'afghanistan' },
] as const;

/** Whether the current path is in a link's section (routes match case-insensitively, like the router). */
export function isActive(item: { href: string; also: readonly string[] }, path: string): boolean {
  const current = path.toLowerCase();
  if (current === item.href.toLowerCase()) return true;
  return item.also.some((other) => (other.length > 1 && other.endsWith('/') ? current.startsWith(other) : current === other));
}
