import { restRouter } from '../../src/server/rest/index.ts';
import { createTestDeps } from './test-db.ts';
import type { Router } from 'express';

export interface RestRoute {
  method: string;
  /** The path as declared, relative to /api, with its `:id` parameters. */
  path: string;
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/**
 * Every route of an Express router, nested routers included, one entry per method and per path
 * spelling (`['/story', '/stories']` is two routes: each is a URL someone can call).
 */
export function restRoutes(router: Router): RestRoute[] {
  const found: RestRoute[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const method of Object.keys(layer.route.methods).filter((m) => layer.route!.methods[m])) {
          for (const path of paths) found.push({ method: method.toUpperCase(), path });
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((router as unknown as { stack: Layer[] }).stack);
  return found;
}

export const routeName = (route: RestRoute) => `${route.method} ${route.path}`;

/** Every route the REST shims declare, read from a router built on a throwaway site. */
export async function declaredRestRoutes(): Promise<RestRoute[]> {
  const probe = createTestDeps();
  try {
    return restRoutes(restRouter(probe));
  } finally {
    await probe.cleanup();
  }
}
