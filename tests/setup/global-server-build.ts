import { buildServer } from '../../scripts/build-server.mjs';

/**
 * Builds the web process (dist/node) once per run, as `npm start` runs it: the tests that start the
 * real server as a child process (./child-server.ts) start that build, not the sources.
 */
export default function setup() {
  if (process.env.TEST_SERVER_BUILT === '1') return;
  buildServer({ quiet: true });
  process.env.TEST_SERVER_BUILT = '1';
}
