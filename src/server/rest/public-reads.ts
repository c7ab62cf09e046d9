import type { AnyProcedure } from '@trpc/server';
import type { Request } from 'express';
import { allContentKinds } from '../../shared/content-kinds.ts';
import { validatedInput } from '../http/trpc-read-key.ts';
import { appRouter } from '../trpc/router.ts';
import { idParam, pageQuery, query } from './endpoint.ts';

/** What a REST read's procedure input is made from: the query and the path's parameters. */
type ReadSource = Pick<Request, 'query'> & { params: Record<string, unknown> };

/** A news, articles or reports list: Laravel's paging and the two filters. */
export const contentListInput = (req: ReadSource) => ({ ...pageQuery(req), category: query(req, 'category'), country: query(req, 'country') });
const idInput = (req: ReadSource) => ({ id: idParam(req) });

/**
 * A read of the original API that anyone may make: the procedure that answers it and how its
 * input is made from the request. The routes build their calls with these same functions, and
 * the response cache keys the answer by the procedure and its validated input (restReadKey), so
 * no spelling of the address (`?page=01`, `/NEWS/`, a parameter the read ignores) adds an entry.
 */
interface PublicRestRead {
  /** Express paths under /api, at most one `:id` segment. */
  paths: readonly string[];
  procedure: string;
  input(req: ReadSource): unknown;
  /**
   * The route sends everyone its procedure's answer. Not so for the stories' routes, which send an
   * editor's session the moderation queue instead: those still look the session up (everyoneAlikeReads).
   */
  sameRoute: boolean;
}

const publicReads: PublicRestRead[] = [
  ...allContentKinds.flatMap((info) => [
    { paths: info.restPaths, procedure: `${info.section}.list`, input: contentListInput, sameRoute: true },
    { paths: info.restPaths.map((path) => `${path}/:id`), procedure: `${info.section}.byId`, input: idInput, sameRoute: true },
  ]),
  { paths: ['/gallery'], procedure: 'gallery.list', input: pageQuery, sameRoute: true },
  { paths: ['/awareness'], procedure: 'legal.list', input: pageQuery, sameRoute: true },
  { paths: ['/awareness/:id'], procedure: 'legal.byId', input: idInput, sameRoute: true },
  { paths: ['/story', '/stories'], procedure: 'stories.published', input: pageQuery, sameRoute: false },
  { paths: ['/story/:id', '/stories/:id'], procedure: 'stories.publishedById', input: idInput, sameRoute: false },
  { paths: ['/config'], procedure: 'config.get', input: () => undefined, sameRoute: true },
];

/** Express's matching: case-insensitive, an optional trailing slash, parameters percent-decoded. */
function matcher(path: string): (pathname: string) => Record<string, string> | null {
  const parts = path.split('/').filter(Boolean);
  return (pathname) => {
    const given = pathname
      .replace(/\/$/, '')
      .split('/')
      .filter((part, index) => index > 0 || part !== '');
    if (given.length !== parts.length) return null;
    const params: Record<string, string> = {};
    for (const [index, part] of parts.entries()) {
      const value = given[index]!;
      if (part.startsWith(':')) {
        try {
          params[part.slice(1)] = decodeURIComponent(value);
        } catch {
          return null;
        }
      } else if (part.toLowerCase() !== value.toLowerCase()) return null;
    }
    return params;
  };
}

const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure | undefined>;
const routes = publicReads.flatMap((read) => read.paths.map((path) => ({ read, match: matcher(path) })));

/**
 * The key of a public REST read's answer (`/api/...` without the query's other parameters),
 * or null for anything else: writes, editors' reads, unknown paths, inputs the procedure refuses.
 */
export function restReadKey(pathname: string, query: Request['query']): string | null {
  const found = publicReadAt(pathname);
  if (!found) return null;
  const { read, params } = found;
  const procedure = procedures[read.procedure];
  const input = procedure && validatedInput(procedure, read.input({ query, params }));
  return input ? `rest|${read.paths[0]}|${JSON.stringify(input.data) ?? ''}` : null;
}

/**
 * The procedure whose answer the public REST read at `pathname` (under /api) sends whoever asks,
 * or null (not a public read, or one whose route picks by who asks).
 */
export function restReadProcedure(pathname: string): string | null {
  const read = publicReadAt(pathname)?.read;
  return read?.sameRoute ? read.procedure : null;
}

function publicReadAt(pathname: string): { read: PublicRestRead; params: Record<string, string> } | null {
  for (const { read, match } of routes) {
    const params = match(pathname);
    if (params) return { read, params };
  }
  return null;
}
