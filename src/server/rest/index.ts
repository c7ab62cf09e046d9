import express from 'express';
import type { Deps } from '../trpc/context.ts';

/** The REST shims of SPEC §7 (issue 3). Unknown API paths answer a JSON 404, never the HTML app. */
export function restRouter(_deps: Deps) {
  const router = express.Router();
  router.use((_req, res) => {
    res.status(404).json({ message: 'Not found.' });
  });
  return router;
}
