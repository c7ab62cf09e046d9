/**
 * What a public form needs only once the visitor uses it: the shared schemas (zod) and the checker
 * that words their errors (the server's messages in both languages). Loaded by schemas-lazy.ts.
 */
export * from '../../shared/schemas/index.ts';
export { validate } from './validate.ts';
