// Loaded into the server by bench/old-generation.ts (node --import): V8's sampling heap profiler,
// counting only what full collections free and what is still alive at the end, never what young
// collections free, so its sum is what an answer leaves in the old generation. SIGUSR2 starts it;
// the next SIGUSR2 stops it and writes the profile's allocation sites to HEAP_SAMPLES_FILE.
import fs from 'node:fs';
import inspector from 'node:inspector';

const session = new inspector.Session();
session.connect();
const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
const where = (frame) =>
  `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/dist\//, 'dist/')}:${frame.lineNumber + 1}`;

let sampling = false;
process.on('SIGUSR2', async () => {
  if (!sampling) {
    sampling = true;
    await post('HeapProfiler.enable');
    await post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: false });
    return;
  }
  sampling = false;
  const { profile } = await post('HeapProfiler.stopSampling');
  const sites = new Map();
  const walk = (node, stack) => {
    const here = [where(node.callFrame), ...stack].slice(0, 4);
    if (node.selfSize) sites.set(here.join(' < '), (sites.get(here.join(' < ')) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child, here);
  };
  walk(profile.head, []);
  fs.writeFileSync(process.env.HEAP_SAMPLES_FILE, JSON.stringify([...sites].sort((a, b) => b[1] - a[1])));
});
