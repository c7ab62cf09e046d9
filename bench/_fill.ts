import { fillNews } from './fill-sqlite.ts';
await fillNews('/tmp/p/site.db', 10_000, 'images/bench.jpg');
