import { isLanguage } from '../../../shared/locale.ts';
import { matchPublicRoute } from './public-routes.tsx';

/** Where every address no route answers is rendered: one not-found page per language, whatever was asked. */
export const NOT_FOUND_ADDRESS = '/404';

/**
 * The address a public page is rendered and cached as: its route's own path (not the casing or
 * trailing slash asked for), its path parameter as the page reads it, the query parameters the page
 * reads (AddressRule in ./public-routes.tsx) and the language a `?lang=` link chose. A parameter
 * nobody reads (`?n=1`, `?utm_source=`), another spelling of one that is read (`?page=01`), or an
 * address no page answers, therefore renders and stores nothing new: the server answers it from
 * the page it is the same as.
 */
export function canonicalAddress(pathname: string, search: string): string {
  const asked = new URLSearchParams(search);
  const kept = new URLSearchParams();
  const { route, params } = matchPublicRoute(pathname);
  let path = route.path ?? NOT_FOUND_ADDRESS;
  let missing = false;
  path = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name] ?? '';
    const spelled = route.address.segment ? route.address.segment(value) : value;
    if (spelled === null) missing = true;
    return spelled ?? '';
  });
  if (missing) path = NOT_FOUND_ADDRESS;
  else for (const [name, value] of Object.entries(route.address.query?.(asked) ?? {})) if (value !== undefined) kept.set(name, value);
  const language = asked.get('lang');
  if (isLanguage(language)) kept.set('lang', language);
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}

/** The same address with another page number: page 1 is the address without one. */
export function withPage(address: string, page: number): string {
  const [path = '', search = ''] = address.split('?', 2);
  const params = new URLSearchParams(search);
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
