import { describeRenderGarbage } from '../setup/render-garbage-suite.ts';

// On PostgreSQL (the cluster project's engine); tests/e2e/render-garbage.test.ts runs it on SQLite.
describeRenderGarbage();
