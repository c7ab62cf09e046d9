import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { navigate } from 'wouter/use-browser-location';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string; ref?: Ref<HTMLAnchorElement> };

/** Whether the browser should follow the click itself: a new tab or window, a download, another target. */
function browserFollows(event: MouseEvent<HTMLAnchorElement>): boolean {
  const link = event.currentTarget;
  const target = link.getAttribute('target');
  const modified = event.metaKey || event.ctrlKey || event.altKey || event.shiftKey;
  return event.defaultPrevented || event.button !== 0 || modified || link.hasAttribute('download') || (target !== null && target !== '_self');
}

function followInApp(event: MouseEvent<HTMLAnchorElement>): void {
  if (browserFollows(event)) return;
  event.preventDefault();
  navigate(event.currentTarget.getAttribute('href')!);
}

/**
 * A link of the public pages: a plain `<a>` in the HTML, followed inside the application once it is
 * awake, as wouter's Link follows it. Public pages are routed at the site's root with the browser's
 * own location (app.tsx), so the address is the href as written. wouter's Link reads the router's
 * location and makes two event callbacks for every link at every render, a page's largest share of
 * a server render's work outside React itself (docs/benchmarks.md); this one makes none, and a
 * handler of its own only for a link that has an onClick.
 */
export function Link({ onClick, ...props }: LinkProps) {
  const follow = onClick
    ? (event: MouseEvent<HTMLAnchorElement>) => {
        onClick(event);
        followInApp(event);
      }
    : followInApp;
  return <a {...props} onClick={follow} />;
}
