// Imported first by the start and test scripts: a clear sentence instead of
// "bad option: --experimental-strip-types" when the Node that runs them is too old.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `Node ${process.version} is too old for this project (22.12 or newer). On Linux x64 and arm64, ` +
      '`npm ci` installs Node 26 into node_modules/.bin and every npm script runs on it; elsewhere, install Node 26 (24 also works).',
  );
  process.exit(1);
}
