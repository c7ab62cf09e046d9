import { spawn } from 'node:child_process';
import { SERVER_NODE_ARGS } from '../../scripts/server-command.mjs';

/** The site's cap on the young generation, which decides what a young collection promotes. */
const youngGeneration = SERVER_NODE_ARGS.filter((arg) => arg.startsWith('--max-semi-space-size='));

/**
 * Bytes V8 moved to the old generation in the young collections that `node --trace-gc-nvp` printed
 * in `trace`: `gc=s … promoted=n` up to V8 13 (Node 24), a JSON object with `"gc":"s"` and
 * `"promoted":n` since V8 14 (Node 26).
 */
export function promotedIn(trace: string): { bytes: number; collections: number } {
  const lines = trace.split('\n').filter((line) => line.includes('gc=s ') || line.includes('"gc":"s"'));
  const bytes = lines.reduce((sum, line) => sum + Number(/\bpromoted(?:=|":)(\d+)/.exec(line)?.[1] ?? 0), 0);
  return { bytes, collections: lines.length };
}

/**
 * Runs `script` (a server that prints `PORT n` once it listens) as a child process with V8's
 * collections traced and the site's young generation, asks it `requests` times after a warm-up,
 * and returns the bytes its young collections moved to the old generation per request.
 */
export async function promotedPerRequest(
  script: string,
  requests: number,
  headers: Record<string, string> = {},
): Promise<{ perRequest: number; collections: number }> {
  const child = spawn(process.execPath, [...youngGeneration, '--trace-gc-nvp', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const port = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /PORT (\d+)/.exec(output);
        if (match) resolve(match[1]!);
        if (match || child.exitCode !== null) clearInterval(timer);
        if (child.exitCode !== null) reject(new Error(`The server exited:\n${output}`));
      }, 20);
    });
    const ask = async (times: number) => {
      for (let i = 0; i < times; i++) await fetch(`http://127.0.0.1:${port}/`, { headers }).then((response) => response.arrayBuffer());
    };
    await ask(300);
    const from = output.length;
    await ask(requests);
    const { bytes, collections } = promotedIn(output.slice(from));
    return { perRequest: bytes / requests, collections };
  } finally {
    child.kill();
  }
}
