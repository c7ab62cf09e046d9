import { useQuery } from '@tanstack/react-query';
import { useTRPC } from './trpc.ts';

/** The public links of the site (social pages, contact address); they change only with a redeploy. */
export function useSiteConfig() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.config.get.queryOptions(), staleTime: Infinity, gcTime: Infinity });
}
