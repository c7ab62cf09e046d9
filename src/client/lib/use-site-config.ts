import { useQuery } from '@tanstack/react-query';
import { siteConfigQuery } from './public-queries.ts';
import { useTRPC } from './trpc.ts';

/** The public links of the site (social pages, contact address); they change only with a redeploy. */
export function useSiteConfig() {
  const trpc = useTRPC();
  return useQuery(siteConfigQuery(trpc));
}
