import { allContentKinds } from '../../../shared/content-kinds.ts';
import type { IconName } from './icons.tsx';

export interface NavItem {
  /** Translation key under nav. */
  key: string;
  href: string;
  icon: IconName;
  /** The add page, offered as a small + beside the entry. */
  addHref?: string;
  /** Location prefixes (inside /admin) that belong to this section, edit pages included. */
  matches: string[];
}

export interface NavGroup {
  key: string;
  items: NavItem[];
}

/** Every section of the panel, grouped as an editor thinks of them. */
export const navGroups: NavGroup[] = [
  { key: 'overview', items: [{ key: 'dashboard', href: '/home', icon: 'dashboard', matches: ['/home'] }] },
  {
    key: 'content',
    items: [
      ...allContentKinds.map(
        (info): NavItem => ({ key: info.section, href: info.adminListPath, addHref: info.adminAddPath, icon: info.id, matches: [`/${info.section}`, info.adminEditPath] }),
      ),
      { key: 'gallery', href: '/gallery/all', addHref: '/gallery/add', icon: 'gallery', matches: ['/gallery'] },
      { key: 'legal', href: '/legal/all', addHref: '/legal/add', icon: 'legal', matches: ['/legal', '/edit/legal'] },
    ],
  },
  {
    key: 'community',
    items: [
      { key: 'stories', href: '/stories/all', icon: 'story', matches: ['/stories'] },
      { key: 'contacts', href: '/contacts', icon: 'contact', matches: ['/contacts'] },
      { key: 'newsletter', href: '/newsletter', icon: 'newsletter', matches: ['/newsletter'] },
    ],
  },
  {
    key: 'administration',
    items: [
      { key: 'users', href: '/users/all', addHref: '/users/add', icon: 'users', matches: ['/users', '/edit/user'] },
      { key: 'audit', href: '/audit', icon: 'history', matches: ['/audit'] },
    ],
  },
];

export function isActive(item: NavItem, location: string): boolean {
  return item.matches.some((prefix) => location === prefix || location.startsWith(`${prefix}/`));
}
