import type { ContentKind } from '../../shared/schemas/content.ts';
import { routerName } from './content.ts';
import { useTRPC } from './trpc.ts';

/** The news, articles or reports procedures: the three kinds share one shape. */
export function useContentRouter(kind: ContentKind) {
  const trpc = useTRPC();
  return trpc[routerName[kind]];
}
