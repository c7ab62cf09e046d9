import type { Language } from './locale.ts';

/**
 * The addresses a newsletter's mails link to. Each opens a page in the reader's language with one
 * button that posts: a mail scanner fetching the link changes nothing. The token is the only thing
 * in the address that is about the reader.
 */
export const confirmBase = '/newsletter/confirm';
export const unsubscribeBase = '/newsletter/unsubscribe';

export const confirmPath = (token: string, language: Language) => `${confirmBase}/${token}?lang=${language}`;
export const unsubscribePath = (token: string, language: Language) => `${unsubscribeBase}/${token}?lang=${language}`;

/** A token as the site makes them: 32 random bytes in base64url. Anything else is refused before any lookup. */
export const isNewsletterToken = (value: string) => /^[A-Za-z0-9_-]{43}$/.test(value);
