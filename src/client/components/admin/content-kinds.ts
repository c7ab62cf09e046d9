import { useTRPC } from '../../lib/trpc.ts';
import type { ContentKind } from '../../../shared/schemas/content.ts';

export interface ContentKindConfig {
  kind: ContentKind;
  /** The tRPC router of this kind. */
  router: 'news' | 'articles' | 'reports';
  /** Paths inside /admin. */
  listPath: string;
  addPath: string;
  editPath(id: number): string;
  /** The public page that shows one item. */
  publicPath(id: number): string;
  /** Key of this kind's texts under content.* in admin.json. */
  texts: 'news' | 'article' | 'report';
}

/** News, articles and reports share one shape; only these addresses and texts differ. */
export const contentKinds: Record<ContentKind, ContentKindConfig> = {
  news: {
    kind: 'news',
    router: 'news',
    listPath: '/news/all',
    addPath: '/news/add',
    editPath: (id) => `/edit/news/${id}`,
    publicPath: (id) => `/news/${id}`,
    texts: 'news',
  },
  article: {
    kind: 'article',
    router: 'articles',
    listPath: '/articles/all',
    addPath: '/articles/add',
    editPath: (id) => `/edit/article/${id}`,
    publicPath: (id) => `/articles/${id}`,
    texts: 'article',
  },
  report: {
    kind: 'report',
    router: 'reports',
    listPath: '/reports/all',
    addPath: '/reports/add',
    editPath: (id) => `/edit/report/${id}`,
    publicPath: (id) => `/reports/${id}`,
    texts: 'report',
  },
};

/**
 * The tRPC procedures of a kind. The three routers come from one factory and have the same type;
 * naming that type once keeps TypeScript from widening a union of them to unknown inputs.
 */
export function useContentApi(kind: ContentKind) {
  const trpc = useTRPC();
  return trpc[contentKinds[kind].router] as ReturnType<typeof useTRPC>['news'];
}
