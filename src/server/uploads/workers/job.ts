import fs from 'node:fs';
import path from 'node:path';
import { hasVariants } from '../../../shared/image-variants.ts';
import { cleanImage } from '../image.ts';
import { UnreadableMediaError, type MediaRefusalReason } from '../media-errors.ts';
import type { SniffedType } from '../sniff.ts';
import { writeVariants } from '../variants.ts';
import { cleanVideo } from '../video.ts';

/** One file to clean: read from `input`, written into `workDir` (which the pool removes afterwards). */
export interface MediaJob {
  input: string;
  workDir: string;
  type: SniffedType;
}

export interface MediaJobOutput {
  /** The cleaned file's name in the work folder. */
  file: string;
  /** Its responsive variants' names in the work folder, named by `variantPath`. */
  variants: string[];
  /** What was stored, which may differ from what was sent (a GIF is kept as a still PNG). */
  type: SniffedType;
  width: number | null;
  height: number | null;
}

export type MediaJobReply = { ok: true; output: MediaJobOutput } | { ok: false; reason: MediaRefusalReason; detail: string };

/** Cleans one file (and makes its variants); runs in a worker process, never on the request path. */
export async function runMediaJob(job: MediaJob): Promise<MediaJobReply> {
  try {
    if (job.type.kind === 'video') {
      const file = `main.${job.type.ext}`;
      await cleanVideo(job.input, path.join(job.workDir, file), job.type);
      return { ok: true, output: { file, variants: [], type: job.type, width: null, height: null } };
    }
    const staged = path.join(job.workDir, `main.${job.type.ext}.part`);
    const image = await cleanImage(job.input, staged, job.type);
    const file = `main.${image.type.ext}`;
    await fs.promises.rename(staged, path.join(job.workDir, file));
    // hasVariants reads stored paths (`images/...`): ask it about the name this file will have.
    const variants = hasVariants(`images/${file}`) ? await writeVariants(path.join(job.workDir, file)) : [];
    return { ok: true, output: { file, variants, type: image.type, width: image.width, height: image.height } };
  } catch (error) {
    if (error instanceof UnreadableMediaError) return { ok: false, reason: error.reason, detail: error.message };
    throw error;
  }
}
