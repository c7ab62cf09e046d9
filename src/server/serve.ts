import { EnvError, loadDotEnv, publicUrlWarning, readEnv } from './env.ts';
import { startNode } from './node.ts';
import { collectWhenIdle, memoryReducingCollection } from './http/idle-collection.ts';

function loadEnv() {
  loadDotEnv();
  try {
    return readEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const env = loadEnv();
// Packages read NODE_ENV themselves: unset, React's server renderer loads its development build
// (slower, and heavier). The site's own setting (production unless told) is theirs too from here:
// the renderer is imported once the server starts (http/render.ts), and Express reads it when the
// app is made. A package that read it while this module's imports loaded saw it unset: tRPC, whose
// development mode only adds stack traces to errors, which the site's error formatter removes.
process.env.NODE_ENV = env.NODE_ENV;
const originWarning = publicUrlWarning(env);
if (originWarning) console.warn(originWarning);

// One process, one heap: the server's entry (not each node a test starts) gives memory back when
// quiet. The collection is taken before anything starts a worker.
const collect = memoryReducingCollection();
const node = await startNode({ env });
const stopCollecting = collect ? collectWhenIdle(node.server, collect, { handling: node.handling }) : () => undefined;
const base = env.PUBLIC_URL ?? node.url;
console.log(`Listening on ${base}`);
if (node.setupToken) {
  console.log(`\nThis site has no administrator yet. Create the first one (this link works once):\n  ${base}/setup?token=${node.setupToken}\n`);
}

function shutdown() {
  stopCollecting();
  node.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('Stopping failed:', error);
      process.exit(1);
    },
  );
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
