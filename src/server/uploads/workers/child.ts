import sharp from 'sharp';
import { runMediaJob, type MediaJob } from './job.ts';

// One worker process cleans one file and exits. libvips gets one thread: the pool's size, not
// libvips, decides how many cores uploads may take from readers.
sharp.concurrency(1);
sharp.cache(false);

process.once('message', (job: MediaJob) => {
  runMediaJob(job).then(
    (reply) => process.send?.(reply, () => process.exit(0)),
    (error: unknown) => {
      console.error('Media job failed:', error);
      process.exit(1);
    },
  );
});
