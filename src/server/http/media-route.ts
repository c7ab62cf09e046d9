import { createHash } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import type { Deps } from '../trpc/context.ts';
import { isStoredPath, type Visibility } from '../uploads/storage.ts';
import { requestContext } from './request-context.ts';

const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
// Never stored by a browser or a shared cache: an editor's view of a private file is nobody else's.
const PRIVATE_CACHE = 'private, no-store';

function send(res: Response, file: string, relative: string, cacheControl: string) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', cacheControl);
  // Validators that say nothing of the file's time, which tells when a visitor sent a story's
  // photo: no Last-Modified, and an ETag from the stored name (a name never changes content)
  // instead of the one Express would make from the size and the time.
  res.setHeader('ETag', `"${createHash('sha256').update(relative).digest('base64url').slice(0, 22)}"`);
  // isStoredPath already admits no dotfile; the folder above the storage may well be one (send would then refuse it).
  res.sendFile(file, { cacheControl: false, dotfiles: 'allow', lastModified: false }, (error) => {
    if (error && !res.headersSent) res.status(404).end();
  });
}

/**
 * The stored media, on two paths (docs/decisions/012):
 * - `/storage/<path>`: the public side only (files of published items), cached for a year;
 * - `/media/private/<path>`: either side, only for signed-in editors, never cached. Everyone else
 *   gets the same 404 as for a file that does not exist, so a URL reveals nothing.
 * Only names the server makes are looked up; nothing else in the folder is reachable.
 */
export function mediaRoutes(deps: Deps) {
  const routes = express.Router();
  const storedPathAfter = (prefix: string, req: Request) => {
    const relative = req.path.slice(prefix.length + 1);
    return isStoredPath(relative) ? relative : null;
  };

  routes.get('/storage/{*file}', (req, res) => {
    const relative = storedPathAfter('/storage', req);
    const file = relative ? deps.storage.existing(relative, 'public') : null;
    if (!relative || !file) return res.status(404).end();
    send(res, file, relative, PUBLIC_CACHE);
  });

  routes.get('/media/private/{*file}', async (req, res) => {
    res.setHeader('Cache-Control', PRIVATE_CACHE);
    res.vary('Cookie');
    const ctx = await requestContext(deps, req, res);
    const relative = storedPathAfter('/media/private', req);
    const sides: Visibility[] = ['private', 'public'];
    const file = ctx.user && relative ? sides.map((side) => deps.storage.existing(relative, side)).find(Boolean) : null;
    if (!relative || !file) return res.status(404).end();
    send(res, file, relative, PRIVATE_CACHE);
  });
  return routes;
}
