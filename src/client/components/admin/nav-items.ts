import { allContentKinds } from '../../../shared/content-kinds.ts';
import { canPublish, managesSite, seesVisitorsData } from '../../../shared/roles.ts';
import type { Role } from '../../../shared/schemas/users.ts';
import type { IconName } from './icons.tsx';

interface NavItem {
  /** Translation key under nav. */
  key: string;
  href: string;
  icon: IconName;
  /** The add page, offered as a small + beside the entry. */
  addHref?: string;
  /** Location prefixes (inside /admin) that belong to this section, edit pages included. */
  matches: string[];
  /** Who sees the entry (everyone signed in when absent); the procedures refuse the others anyway. */
  shownTo?: (role: Role) => boolean;
}

interface NavGroup {
  key: string;
  items: NavItem[];
}

/** Every section of the panel, grouped as an editor thinks of them. */
export const navGroups: NavGroup[] = [
  {
    key: 'overview',
    items: [
      { key: 'dashboard', href: '/home', icon: 'dashboard', matches: ['/home'] },
      { key: 'search', href: '/search', icon: 'search', matches: ['/search'] },
    ],
  },
  {
    key: 'content',
    items: [
      ...allContentKinds.map((info): NavItem => ({
        key: info.section,
        href: info.adminListPath,
        addHref: info.adminAddPath,
        icon: info.id,
        matches: [`/${info.section}`, info.adminEditPath],
      })),
      { key: 'gallery', href: '/gallery/all', addHref: '/gallery/add', icon: 'gallery', matches: ['/gallery'], shownTo: canPublish },
      { key: 'legal', href: '/legal/all', addHref: '/legal/add', icon: 'legal', matches: ['/legal', '/edit/legal'] },
      // Writers too: they use its pictures (deleting one is an editor's).
      { key: 'library', href: '/library', icon: 'library', matches: ['/library'] },
    ],
  },
  {
    key: 'community',
    items: [
      { key: 'stories', href: '/stories/all', icon: 'story', matches: ['/stories'], shownTo: seesVisitorsData },
      { key: 'contacts', href: '/contacts', icon: 'contact', matches: ['/contacts'], shownTo: seesVisitorsData },
      // The editions, then their readers ('/newsletters' is not under '/newsletter': only one is marked).
      {
        key: 'newsletters',
        href: '/newsletters',
        addHref: '/newsletters/new',
        icon: 'newsletter',
        matches: ['/newsletters'],
        shownTo: seesVisitorsData,
      },
      { key: 'newsletter', href: '/newsletter', icon: 'subscribers', matches: ['/newsletter'], shownTo: seesVisitorsData },
    ],
  },
  {
    key: 'administration',
    items: [
      { key: 'users', href: '/users/all', addHref: '/users/add', icon: 'users', matches: ['/users', '/edit/user'], shownTo: managesSite },
      { key: 'audit', href: '/audit', icon: 'history', matches: ['/audit'], shownTo: managesSite },
    ],
  },
];

/** The groups and entries this role can use; a group left empty is left out. */
export function navGroupsFor(role: Role): NavGroup[] {
  return navGroups.map((group) => ({ ...group, items: group.items.filter((item) => item.shownTo?.(role) ?? true) })).filter((group) => group.items.length > 0);
}

export function isActive(item: NavItem, location: string): boolean {
  return item.matches.some((prefix) => location === prefix || location.startsWith(`${prefix}/`));
}
