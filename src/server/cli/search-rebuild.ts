// npm run search:rebuild — rebuilds the search index from the items (after a restore from an
// old backup, a change to the normalisation, or to make scheduled items findable at once).
import { rebuildSearchIndex } from '../search/rebuild.ts';
import { cliDeps } from './context.ts';

const { db } = await cliDeps();
const started = performance.now();
const { documents } = await rebuildSearchIndex(db).finally(() => db.close());
console.log(`Search index rebuilt: ${documents} items in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
