/** SPEC §2 header links, in order. `also` lists other paths that belong to the same section. */
export const navItems = [
  { href: '/home', key: 'home', also: ['/'] },
  { href: '/latestnews', key: 'news', also: ['/news/'] },
  { href: '/reports', key: 'reports', also: ['/reports/'] },
  { href: '/articles', key: 'articles', also: ['/articles/'] },
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
