/** Bytes V8 moved to the old generation in the young collections that `node --trace-gc-nvp` printed in `trace`. */
export function promotedIn(trace: string): { bytes: number; collections: number } {
  const lines = trace.split('\n').filter((line) => line.includes('gc=s '));
  const bytes = lines.reduce((sum, line) => sum + Number(/\bpromoted=(\d+)/.exec(line)?.[1] ?? 0), 0);
  return { bytes, collections: lines.length };
}
