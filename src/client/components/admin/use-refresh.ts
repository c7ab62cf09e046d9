import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '../../lib/trpc.ts';
import type { ContentSection } from '../../../shared/content-kinds.ts';

export type Section = ContentSection | 'gallery' | 'legal' | 'library' | 'stories' | 'contacts' | 'newsletter' | 'newsletters' | 'users';

/**
 * After a change, the matching cached lists (and single items) are refetched, and the dashboard
 * counts with them, so an editor sees the change at once. The public procedures share these caches, so the site shows it too.
 */
export function useRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    (...sections: Section[]) =>
      Promise.all([
        ...sections.map((section) => queryClient.invalidateQueries(trpc[section].pathFilter())),
        queryClient.invalidateQueries(trpc.dashboard.pathFilter()),
      ]),
    [trpc, queryClient],
  );
}
