import { keepLazyBuiltinExportsLazy } from './lazy-builtins.ts';

// The web process's entry. Its modules are imported only after this (a dynamic import is its own
// chunk of the build, evaluated when reached): they import `node:http` (lazy-builtins.ts says why).
keepLazyBuiltinExportsLazy();
await import('./serve.ts');
