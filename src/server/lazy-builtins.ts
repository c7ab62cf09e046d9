/**
 * Node's `node:http` has three exports (WebSocket, CloseEvent, MessageEvent) that are getters
 * loading undici, Node's fetch and WebSocket client, on first read: some 5 MB of the web process's
 * memory for good. An ES module import of `node:http` (the server's own, and @trpc/server's
 * express adapter's) reads every enumerable export to build the module's namespace, so the import
 * alone loaded undici in a server that never opens a WebSocket. Made non-enumerable before anything
 * imports `node:http`, they stay out of that namespace and still load on first use through
 * `require('node:http').WebSocket`. Nothing of the site imports them from `node:http`.
 */
export function keepLazyBuiltinExportsLazy(): void {
  const http = process.getBuiltinModule('node:http') as Record<string, unknown>;
  for (const name of ['WebSocket', 'CloseEvent', 'MessageEvent']) {
    const descriptor = Object.getOwnPropertyDescriptor(http, name);
    if (descriptor?.configurable && descriptor.get) Object.defineProperty(http, name, { enumerable: false });
  }
}
