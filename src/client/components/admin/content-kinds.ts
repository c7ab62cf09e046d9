import { useTRPC } from '../../lib/trpc.ts';
import {
  adminEditPathOf,
  contentKindIds,
  contentKinds as registry,
  detailPathOf,
  itemPathOf,
  type Addressable,
  type ContentKind,
  type ContentSection,
} from '../../../shared/content-kinds.ts';
import type { Language } from '../../../shared/locale.ts';

export interface ContentKindConfig {
  kind: ContentKind;
  /** The tRPC router of this kind. */
  router: ContentSection;
  /** Paths inside /admin. */
  listPath: string;
  addPath: string;
  editPath(id: number): string;
  /** The public page that shows one item, at its slugged address in a language. */
  publicPath(item: Addressable, language: Language): string;
  /** The editors' preview of one item, whatever its status. */
  previewPath(id: number): string;
  /** Key of this kind's texts under content.* in admin.json. */
  texts: ContentKind;
}

function configOf(kind: ContentKind): ContentKindConfig {
  const info = registry[kind];
  return {
    kind,
    router: info.section,
    listPath: info.adminListPath,
    addPath: info.adminAddPath,
    editPath: (id) => adminEditPathOf(kind, id),
    publicPath: (item, language) => itemPathOf(kind, item, language),
    previewPath: (id) => `/preview${detailPathOf(kind, id)}`,
    texts: kind,
  };
}

/** News, articles and reports share one shape; only their addresses and texts differ (src/shared/content-kinds.ts). */
export const contentKinds = Object.fromEntries(contentKindIds.map((kind) => [kind, configOf(kind)])) as Record<ContentKind, ContentKindConfig>;

/**
 * The tRPC procedures of a kind. The three routers come from one factory and have the same type;
 * naming that type once keeps TypeScript from widening a union of them to unknown inputs.
 */
export function useContentApi(kind: ContentKind) {
  const trpc = useTRPC();
  return trpc[contentKinds[kind].router] as ReturnType<typeof useTRPC>['news'];
}
