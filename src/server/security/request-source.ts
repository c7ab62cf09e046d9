import type { Request } from 'express';
import type { Env } from '../env.ts';

/**
 * Where a browser says a request comes from:
 * - `same-origin`: a page of this site (or the visitor themself, `Sec-Fetch-Site: none`);
 * - `cross-site`: another site's page (a form or script there made the visitor's browser send it);
 * - `unknown`: the request names no source, as non-browser clients (curl, the original API's
 *   tools) and some old browsers send, or names an opaque `Origin: null`.
 */
export type RequestSource = 'same-origin' | 'cross-site' | 'unknown';

/** The origins this site answers as: its public address, its onion address, and the Host asked for. */
function isOwnOrigin(origin: string, req: Request, env: Env): boolean {
  if (origin === env.PUBLIC_URL || origin === env.ONION_URL) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  // Behind a TLS-terminating proxy the scheme seen here differs from the browser's; the host does not.
  return host !== '' && host === req.get('host');
}

/**
 * Reads `Sec-Fetch-Site` first (every current browser sends it to HTTPS, onion and loopback
 * addresses, and a page cannot forge it), then `Origin`. The site's Referrer-Policy is
 * `same-origin`, so its own pages always name their origin in the posts they make.
 */
export function requestSource(req: Request, env: Env): RequestSource {
  const fetchSite = req.get('sec-fetch-site');
  if (fetchSite) return fetchSite === 'same-origin' || fetchSite === 'none' ? 'same-origin' : 'cross-site';
  const origin = req.get('origin');
  if (origin === undefined || origin === 'null') return 'unknown';
  return isOwnOrigin(origin, req, env) ? 'same-origin' : 'cross-site';
}
