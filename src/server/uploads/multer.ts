import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type multerType from 'multer';
import { loadOnFirstUse } from '../load-on-first-use.ts';
import type { Storage } from './storage.ts';

type Multer = typeof multerType;
type Middleware = (req: Request, res: Response, next: NextFunction) => void;

/**
 * Multer (with busboy and its helpers) is read from disk when the first multipart body arrives,
 * not when the server starts: most of a news site's processes answer readers all day and never
 * receive an upload, and the modules stay in the process's memory once loaded. A failed load is
 * not remembered: the next body tries again.
 */
export const loadMulter: () => Promise<Multer> = loadOnFirstUse(() => import('multer').then((module) => module.default));

/**
 * Whether the client went away before its body was read (while the request waited for its turn,
 * its budget or a module): multer only learns of a client leaving once it reads, and would wait
 * for the rest of a body that never comes, keeping the request in the server for good.
 */
export const clientLeft = (req: Request) => req.destroyed && !req.readableEnded;

/**
 * Multer's middleware for any file fields, writing to the storage's scratch folder under random
 * names (nothing from the client names a file); built when first needed.
 */
export function lazyMulter(fileSizeBytes: number, storage: Storage): () => Promise<Middleware> {
  let middleware: Middleware | null = null;
  return async () => {
    if (middleware) return middleware;
    const multer = await loadMulter();
    middleware = multer({
      storage: multer.diskStorage({
        destination: storage.scratch,
        filename: (_req, _file, done) => done(null, randomBytes(16).toString('hex')),
      }),
      limits: {
        fileSize: fileSizeBytes,
        files: 4,
        fields: 40,
        parts: 48,
        fieldSize: 256 * 1024,
        headerPairs: 100,
      },
    }).any();
    return middleware;
  };
}

type MulterErrorKind = 'too-large' | 'too-many-parts' | 'malformed';

/** Runs a multer middleware and reports its refusal as a kind instead of an exception. */
export async function runMulter(middlewareOf: () => Promise<Middleware>, req: Request, res: Response): Promise<MulterErrorKind | null> {
  const [multer, middleware] = await Promise.all([loadMulter(), middlewareOf()]);
  if (clientLeft(req)) return 'malformed';
  return new Promise((resolve, reject) => {
    middleware(req, res, (error?: unknown) => {
      if (!error) return resolve(null);
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return resolve('too-large');
        if (error.code === 'LIMIT_UNEXPECTED_FILE') return resolve('malformed');
        return resolve('too-many-parts');
      }
      // Busboy's refusals of a body it cannot parse (no boundary, a broken part header, a cut-off
      // form), and a client that went away mid-upload (multer's "Request aborted/closed"): the
      // client's doing, answered as a bad request with one log line. Failures of the disk carry an errno.
      const clientsDoing = /multipart|boundary|unexpected end|malformed|content type|part header|request (aborted|closed)/i;
      if (error instanceof Error && !('errno' in error) && clientsDoing.test(error.message)) return resolve('malformed');
      reject(error);
    });
  });
}

/** Every temporary file multer wrote for this request, for cleanup on any path out. */
export function receivedFiles(req: Request): Express.Multer.File[] {
  const files = req.file ? [req.file] : Array.isArray(req.files) ? req.files : req.files ? Object.values(req.files).flat() : [];
  // A refused request's files were already removed by multer, which also deletes their `path`.
  return files.filter((file) => typeof file.path === 'string');
}
