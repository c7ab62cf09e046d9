import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { MediaJob, MediaJobReply } from '../../src/server/uploads/workers/job.ts';
import type { MediaWorkers } from '../../src/server/uploads/workers/pool.ts';

/** The media worker's answers per input (by its bytes' hash), with copies of the files each wrote. */
const cleaned = new Map<string, { reply: MediaJobReply; files: [name: string, bytes: Buffer][] }>();

/**
 * Media workers for the factories' generated images, which repeat: the first job for given bytes
 * runs in a real worker in each test process; later ones get copies of its cleaned files in their
 * work folder and its answer, so the rest of the store (names, rows, storage sides) runs as for
 * any upload. A worker process costs about 0.4 s to start and hundreds of test items need a
 * picture; the workers' own cleaning and limits are tested with real jobs elsewhere.
 */
export function replayingMediaWorkers(real: MediaWorkers): MediaWorkers {
  const replaying: Pick<MediaWorkers, 'run'> = {
    async run(job: MediaJob, ...rest) {
      const key = createHash('sha256').update(await fs.promises.readFile(job.input)).digest('hex');
      const known = cleaned.get(key);
      if (known) {
        for (const [name, bytes] of known.files) await fs.promises.writeFile(path.join(job.workDir, name), bytes);
        return known.reply;
      }
      const reply = await real.run(job, ...rest);
      if (reply.ok) {
        const names = [...reply.output.variants, reply.output.file];
        cleaned.set(key, { reply, files: names.map((name) => [name, fs.readFileSync(path.join(job.workDir, name))]) });
      }
      return reply;
    },
  };
  return replaying as MediaWorkers;
}
