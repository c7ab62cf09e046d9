import { createRequire } from 'node:module';
import path from 'node:path';
import type { renderToString as RenderToString } from 'react-dom/server';

/**
 * React's string renderer, loaded alone. `react-dom/server` on Node loads its streaming renderer
 * beside it, which the site never uses (pages are rendered whole, to be cached): measured, 1 MB of
 * the server's heap kept for nothing, about a twentieth of what it holds at rest. React names the
 * build the same way its own `server.node.js` does, and reads NODE_ENV, which the server sets
 * before it imports the renderer (src/server/serve.ts).
 */
const require = createRequire(import.meta.url);
const reactDom = path.dirname(require.resolve('react-dom/package.json'));
const build = process.env.NODE_ENV === 'production' ? 'production' : 'development';

export const renderToString = (require(path.join(reactDom, 'cjs', `react-dom-server-legacy.node.${build}.js`)) as { renderToString: typeof RenderToString })
  .renderToString;
