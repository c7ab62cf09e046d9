import { useHead } from './head.tsx';

/** Names the page (tab title, share title; recorded for the server-rendered head). */
export function useDocumentTitle(title: string | null | undefined) {
  useHead({ title });
}
