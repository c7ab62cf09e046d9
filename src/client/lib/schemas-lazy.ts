import type * as FormKit from './form-kit.ts';

/**
 * The shared zod schemas and `validate`, loaded on first use: zod and the server's messages are a
 * sizeable part of a bundle, and a reader who never fills in a form should not download them.
 * Forms call `preloadSchemas` on focus.
 */
let pending: Promise<typeof FormKit> | null = null;

export function loadSchemas() {
  pending ??= import('./form-kit.ts').catch((error: unknown) => {
    pending = null; // a dropped connection may work on the next try
    throw error;
  });
  return pending;
}

export function preloadSchemas() {
  void loadSchemas().catch(() => undefined);
}
