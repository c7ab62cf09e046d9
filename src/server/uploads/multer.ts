import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import type { Storage } from './storage.ts';

/** Multer writing to the storage's scratch folder under random names; nothing from the client names a file. */
export function createMulter(fileSizeBytes: number, storage: Storage) {
  return multer({
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
  });
}

type MulterErrorKind = 'too-large' | 'too-many-parts' | 'malformed';

/** Runs a multer middleware and reports its refusal as a kind instead of an exception. */
export function runMulter(middleware: (req: Request, res: Response, next: NextFunction) => void, req: Request, res: Response): Promise<MulterErrorKind | null> {
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
