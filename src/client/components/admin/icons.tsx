import type { SVGProps } from 'react';

/** Hand-drawn outline icons (no icon package is installed); decorative unless given a title. */
const paths = {
  dashboard: 'M3 13h8V3H3zM13 21h8V11h-8zM3 21h8v-6H3zM13 3v6h8V3z',
  news: 'M4 4h13v16H6a2 2 0 0 1-2-2zM17 8h3v10a2 2 0 0 1-2 2M8 8h5M8 12h5M8 16h3',
  article: 'M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9zM14 3v6h6M8 13h8M8 17h6',
  report: 'M9 4H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-3M9 2h6v4H9zM8 12h8M8 16h5',
  gallery: 'M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15.5 9.5h.01',
  legal: 'M12 3v18M5 21h14M6 7h12M6 7l-3 7a3 3 0 0 0 6 0zM18 7l-3 7a3 3 0 0 0 6 0z',
  story: 'M21 12a8 8 0 0 1-11.6 7.1L4 21l1.9-5.4A8 8 0 1 1 21 12z',
  contact: 'M3 6h18v12H3zM3 7l9 6 9-6',
  newsletter: 'M22 3 11 14M22 3l-7 18-4-7-7-4z',
  users: 'M16 20v-1a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v1M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM22 20v-1a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8',
  // An envelope with a person: the newsletter's readers.
  subscribers: 'M3 6h12v9H3zM3 7l6 4 6-4M19 13a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM15.5 19a3.5 3.5 0 0 1 7 0',
  plus: 'M12 5v14M5 12h14',
  edit: 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6 6 18',
  logout: 'M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11',
  devices: 'M3 5h13v9H3zM7 18h5M9 14v4M18 9h3v11h-3z',
  external: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  video: 'M3 6h13v12H3zM16 10l5-3v10l-5-3z',
  image: 'M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5',
  // Pictures on a pile: the picture library.
  library: 'M7 7V3h14v14h-4M3 7h14v14H3zM3 18l4-4 3 3 2-2 5 5',
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  back: 'M15 18l-6-6 6-6',
  next: 'M9 18l6-6-6-6',
  globe: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18',
  check: 'M5 12l5 5 9-10',
  archive: 'M3 4h18v4H3zM5 8v12h14V8M10 12h4',
  history: 'M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 7v5l3 3',
  inbox: 'M4 4h16v16H4zM4 14h4l2 3h4l2-3h4',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-3.5-3.5',
  key: 'M15 14a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM11.5 12.5 3 21M6 18l2 2M8.5 15.5l2 2M16 8h.01',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z M9 12l2 2 4-4',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  // The body editor's toolbar: drawn, so no button depends on a font (an emoji font above all).
  paragraph: 'M13 4v16M17 4v16M19 4H9.5a4.5 4.5 0 0 0 0 9H13',
  heading2: 'M3 6v12M3 12h7M10 6v12M14.5 10.5a2.5 2.5 0 0 1 5 0c0 1.8-1.5 3-5 7.5h5',
  heading3: 'M3 6v12M3 12h7M10 6v12M14.5 8h5l-3 3.5a3 3 0 1 1-2.3 5',
  bold: 'M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7.5a3.5 3.5 0 0 1 0 7H7z',
  italic: 'M10 5h8M6 19h8M14.5 5l-5 14',
  bulletList: 'M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01',
  orderedList: 'M10 6h10M10 12h10M10 18h10M4 4.5 5.5 4v5M3.5 14.5a1.5 1.5 0 0 1 3 .3c0 .8-3 2.7-3 4.2h3',
  quote: 'M4 19c3 0 6-2 6-7V6H4v6h4M14 19c3 0 6-2 6-7V6h-6v6h4',
  describe: 'M3 5h12v10H3zM3 12l3-3 3 3 2-2 4 4M18 8h3M18 12h3M5 19h16',
  separator: 'M3 12h18M7 6h10M7 18h10',
  undo: 'M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11',
  redo: 'M15 14l5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13',
} as const;

export type IconName = keyof typeof paths;

/**
 * Icons that point along the reading direction (arrows, leaving, opening elsewhere, sending): they
 * mirror in right-to-left pages, as the public site's arrows do. Clocks and symbols do not.
 */
const directional: ReadonlySet<IconName> = new Set<IconName>(['back', 'next', 'logout', 'external', 'newsletter']);

export function Icon({ name, className = 'size-5', ...rest }: { name: IconName } & SVGProps<SVGSVGElement>) {
  const mirrored = directional.has(name);
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={`${className} shrink-0 ${mirrored ? 'rtl:-scale-x-100' : ''}`}
      data-icon-directional={mirrored || undefined}
      {...rest}
    >
      <path d={paths[name]} />
    </svg>
  );
}
