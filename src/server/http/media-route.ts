import { createHash } from 'node:crypto';
import { like } from 'drizzle-orm';
import express, { type Request, type Response } from 'express';
import { seesVisitorsData } from '../../shared/roles.ts';
import { contactMessages, stories } from '../db/schema.ts';
import type { Deps } from '../trpc/context.ts';
import type { SniffedType } from '../uploads/sniff.ts';
import type { Visibility } from '../uploads/storage.ts';
import { storedTypeOf } from '../uploads/stored-names.ts';
import { requestContext } from './request-context.ts';

interface StoredFile {
  relative: string;
  type: SniffedType;
}

const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
// Never stored by a browser or a shared cache: an editor's view of a private file is nobody else's.
const PRIVATE_CACHE = 'private, no-store';

function send(res: Response, file: string, stored: StoredFile, cacheControl: string) {
  const { relative, type } = stored;
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // The type of the name the site made, never a guess from an extension table (send keeps a type already set).
  res.setHeader('Content-Type', type.mime);
  res.setHeader('Cache-Control', cacheControl);
  // Validators that say nothing of the file's time, which tells when a visitor sent a story's
  // photo: no Last-Modified, and an ETag from the stored name (a name never changes content)
  // instead of the one Express would make from the size and the time.
  res.setHeader('ETag', `"${createHash('sha256').update(relative).digest('base64url').slice(0, 22)}"`);
  // storedTypeOf already admits no dotfile; the folder above the storage may well be one (send would then refuse it).
  res.sendFile(file, { cacheControl: false, dotfiles: 'allow', lastModified: false }, (error) => {
    if (error && !res.headersSent) res.status(404).end();
  });
}

/**
 * Whether a story or a contact message holds this file, or the picture it is a resized copy of
 * (`images/<id>-w480.webp` of `images/<id>.jpg`): writers never see what visitors sent.
 */
async function sentByVisitor(deps: Deps, relative: string): Promise<boolean> {
  // storedTypeOf admitted the name: a folder, 32 hex digits, perhaps a width, an extension; no LIKE wildcard.
  const original = `${relative.replace(/(-w\d+)?\.[a-z0-9]+$/, '')}.%`;
  const [story] = await deps.db.select({ id: stories.id }).from(stories).where(like(stories.media, original)).limit(1);
  if (story) return true;
  const [message] = await deps.db.select({ id: contactMessages.id }).from(contactMessages).where(like(contactMessages.image, original)).limit(1);
  return Boolean(message);
}

/**
 * The stored media, on two paths (docs/decisions/012, 020):
 * - `/storage/<path>`: the public side only (files of published items), cached for a year;
 * - `/media/private/<path>`: either side, only for signed-in editors, never cached. Everyone else
 *   gets the same 404 as for a file that does not exist, so a URL reveals nothing; so does a writer
 *   for a file a visitor sent (a story's, a contact message's).
 * Only names the server makes, of the types it stores (storedTypeOf), are looked up; nothing else
 * in the folder is reachable: a page, script or SVG put there by hand or by an old restore is a 404.
 */
export function mediaRoutes(deps: Deps) {
  const routes = express.Router();
  const storedPathAfter = (prefix: string, req: Request): StoredFile | null => {
    const relative = req.path.slice(prefix.length + 1);
    const type = storedTypeOf(relative);
    return type ? { relative, type } : null;
  };

  routes.get('/storage/{*file}', (req, res) => {
    const stored = storedPathAfter('/storage', req);
    const file = stored ? deps.storage.existing(stored.relative, 'public') : null;
    if (!stored || !file) return res.status(404).end();
    // Published pictures are shown by documents of other origins too: the newsletter's mails, in
    // webmail pages and in the panel's preview (a frame sandboxed to an opaque origin). Helmet's
    // default `same-origin` would have the browser refuse them there; the private path keeps it.
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    send(res, file, stored, PUBLIC_CACHE);
  });

  routes.get('/media/private/{*file}', async (req, res) => {
    res.setHeader('Cache-Control', PRIVATE_CACHE);
    res.vary('Cookie');
    const ctx = await requestContext(deps, req, res);
    const stored = storedPathAfter('/media/private', req);
    const sides: Visibility[] = ['private', 'public'];
    const allowed = ctx.user && stored && (seesVisitorsData(ctx.user.role) || !(await sentByVisitor(deps, stored.relative)));
    const file = allowed ? sides.map((side) => deps.storage.existing(stored.relative, side)).find(Boolean) : null;
    if (!stored || !file) return res.status(404).end();
    send(res, file, stored, PRIVATE_CACHE);
  });
  return routes;
}
