import fs from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { negotiateEncoding } from './accept-encoding.ts';

type Coding = 'br' | 'gzip';
const SUFFIXES: Record<Coding, string> = { br: '.br', gzip: '.gz' };

/** The build's .br and .gz files (scripts/precompress.mjs), by the name of the asset they encode. */
function variantsIn(assetsDir: string): Map<string, Partial<Record<Coding, string>>> {
  const variants = new Map<string, Partial<Record<Coding, string>>>();
  let names: string[];
  try {
    names = fs.readdirSync(assetsDir);
  } catch {
    return variants;
  }
  const present = new Set(names);
  for (const name of names) {
    for (const coding of Object.keys(SUFFIXES) as Coding[]) {
      const original = name.slice(0, -SUFFIXES[coding].length);
      if (!name.endsWith(SUFFIXES[coding]) || !present.has(original)) continue;
      variants.set(original, { ...variants.get(original), [coding]: name });
    }
  }
  return variants;
}

/**
 * Hashed client assets, sent as the brotli or gzip file written at build time when the reader
 * accepts it, with the type and immutable caching of the asset itself. Everything else (a file
 * without variants, such as woff2; a reader wanting neither coding; a missing file) goes on to
 * express.static, whose answer the site's compression (./compress.ts) encodes as it encodes any other.
 */
export function precompressedAssets(assetsDir: string): RequestHandler {
  // Hashed names never change while the server runs: the folder is read once, and only names
  // found in it are ever served (no path from the request reaches the file system).
  const variants = variantsIn(assetsDir);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    const available = variants.get(name);
    if (!available) return next();
    const coding = negotiateEncoding(req.headers['accept-encoding']);
    const file = coding === 'br' || coding === 'gzip' ? available[coding] : undefined;
    if (!coding || !file) return next();
    res.type(path.extname(name));
    res.setHeader('Content-Encoding', coding);
    res.vary('Accept-Encoding');
    res.sendFile(file, { root: assetsDir, immutable: true, maxAge: '365d' }, (error) => {
      if (!error || res.headersSent) return;
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      next();
    });
  };
}
