import { describeRenderGarbage } from '../setup/render-garbage-suite.ts';

// On SQLite; tests/cluster/render-garbage.test.ts runs the same on PostgreSQL.
describeRenderGarbage();
