import type * as SchemaModule from '../../shared/schemas/index.ts';

/**
 * The shared zod schemas, loaded on first use: zod is a sizeable part of a bundle, and a reader
 * who never fills in a form should not download it. Forms call `preloadSchemas` on focus.
 */
let pending: Promise<typeof SchemaModule> | null = null;

export function loadSchemas() {
  pending ??= import('../../shared/schemas/index.ts');
  return pending;
}

export function preloadSchemas() {
  void loadSchemas().catch(() => {
    pending = null;
  });
}
