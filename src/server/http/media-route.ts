import { createHash } from 'node:crypto';
import { like } from 'drizzle-orm';
import express, { type Request, type Response } from 'express';
import { seesVisitorsData } from '../../shared/roles.ts';
import { contactMessages, stories } from '../db/schema.ts';
import type { Deps } from '../trpc/context.ts';
import type { SniffedType } from '../uploads/sniff.ts';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, Visibility } from '../uploads/storage.ts';
import { storedTypeOf } from '../uploads/stored-names.ts';
import { requestContext } from './request-context.ts';

interface StoredFile {
  relative: string;
  type: SniffedType;
}

const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
// Never stored by a browser or a shared cache: an editor's view of a private file is nobody else's.
const PRIVATE_CACHE = 'private, no-store';

/** The one range a request asks for, or null for the whole file; 'unsatisfiable' for a range past its end. */
function requestedRange(req: Request, size: number): ByteRange | null | 'unsatisfiable' {
  if (!req.headers.range) return null;
  const ranges = req.range(size, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  // A malformed header, or several ranges (no player asks for those): the whole file, as RFC 9110 allows.
  if (ranges === -2 || ranges === undefined || ranges.type !== 'bytes' || ranges.length !== 1) return null;
  return { start: ranges[0]!.start, end: ranges[0]!.end };
}

/**
 * Streams a stored file from either storage (a folder or a bucket: the browser only ever talks to
 * the site), with byte ranges for seeking in videos, and validators that say nothing of the file's
 * time, which tells when a visitor sent a story's photo: no Last-Modified, and an ETag from the
 * stored name (a name never changes content).
 */
async function send(deps: Deps, req: Request, res: Response, stored: StoredFile, side: Visibility, cacheControl: string): Promise<boolean> {
  const found = await deps.storage.stat(stored.relative, side);
  if (!found) return false;
  const etag = `"${createHash('sha256').update(stored.relative).digest('base64url').slice(0, 22)}"`;
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // The type of the name the site made, never a guess from an extension table.
  res.setHeader('Content-Type', stored.type.mime);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', etag);
  res.setHeader('Accept-Ranges', 'bytes');
  if (req.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
    res.status(304).end();
    return true;
  }
  // A range is honoured unless If-Range names another version (RFC 9110 13.1.5).
  const ifRange = req.headers['if-range'];
  const range = ifRange && ifRange !== etag ? null : requestedRange(req, found.size);
  if (range === 'unsatisfiable') {
    res.setHeader('Content-Range', `bytes */${found.size}`);
    res.status(416).end();
    return true;
  }
  if (range) res.status(206).setHeader('Content-Range', `bytes ${range.start}-${range.end}/${found.size}`);
  res.setHeader('Content-Length', range ? range.end - range.start + 1 : found.size);
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  const body = await deps.storage.read(stored.relative, side, range ?? undefined);
  if (!body) {
    res.removeHeader('Content-Range');
    res.removeHeader('Content-Length');
    res.status(404).end();
    return true;
  }
  // A reader who leaves mid-video ends the stream (and the bucket's download) with her. The body is
  // destroyed whatever the pipeline did: it leaves alone a body whose reader had gone before it
  // began, whose open file (or download) would then wait for the collector; since Node 26 a file
  // handle the collector closes ends the process.
  try {
    await pipeline(body, res);
  } catch {
    // The reader left, or the file could not be read to its end: nothing more can be sent.
  } finally {
    body.destroy();
  }
  return true;
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

  routes.get('/storage/{*file}', async (req, res) => {
    const stored = storedPathAfter('/storage', req);
    if (!stored) return res.status(404).end();
    // Published pictures are shown by documents of other origins too: the newsletter's mails, in
    // webmail pages and in the panel's preview (a frame sandboxed to an opaque origin). Helmet's
    // default `same-origin` would have the browser refuse them there; the private path keeps it.
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    if (!(await send(deps, req, res, stored, 'public', PUBLIC_CACHE))) res.status(404).end();
  });

  routes.get('/media/private/{*file}', async (req, res) => {
    res.setHeader('Cache-Control', PRIVATE_CACHE);
    res.vary('Cookie');
    const ctx = await requestContext(deps, req, res);
    const stored = storedPathAfter('/media/private', req);
    const sides: Visibility[] = ['private', 'public'];
    const allowed = ctx.user && stored && (seesVisitorsData(ctx.user.role) || !(await sentByVisitor(deps, stored.relative)));
    if (!stored || !allowed) return res.status(404).end();
    for (const side of sides) if (await send(deps, req, res, stored, side, PRIVATE_CACHE)) return;
    res.status(404).end();
  });
  return routes;
}
