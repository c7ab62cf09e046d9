// How the web process is started: `npm start` (package.json, which must say the same: tests/unit/server-command.test.ts),
// the tests' child servers and the benchmarks.

/** The built server (vite.server.config.ts), relative to the repository's root. */
export const SERVER_ENTRY = 'dist/node/index.mjs';

/**
 * V8's young generation capped at 8 MB a half: by default V8 sizes it from the machine's memory
 * (64 MB halves on a large one), which a server answering small requests never needs, and which
 * doubles its memory (docs/decisions/040; 4 MB was measured again in docs/decisions/054). Optimizing compilation on the main thread: V8's compiler
 * threads each kept their own C allocator arena of what compiling left, 26 MB under load, while
 * the CPU per answer is the same (docs/decisions/051).
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=8', '--no-concurrent-recompilation'];
