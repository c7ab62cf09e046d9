import type { Env } from '../env.ts';

/**
 * How much a restore may unpack before it refuses the archive. Each bound is checked from a tar
 * header (before the entry's bytes are inflated) or as the bytes stream, so a bomb is refused
 * within its first megabytes and memory stays at a few stream buffers.
 */
export interface RestoreLimits {
  /** Entries of every kind (files and folders); each costs a file on disk. */
  maxEntries: number;
  /** The database file, as its header declares it. */
  maxDatabaseBytes: number;
  /** One stored image or video. */
  maxFileBytes: number;
  /** Everything the archive declares, summed. */
  maxTotalBytes: number;
  /**
   * Bytes inflated per compressed byte read, past the first `ratioGraceBytes`. Photos and videos
   * barely shrink and real text about 5 times; the bench's 100,000 items of one repeated paragraph
   * (a 930 MB database) come to 53 overall and 84 at their worst point. Zeros reach 1030.
   */
  maxRatio: number;
  ratioGraceBytes: number;
}

const MB = 1024 * 1024;
const GB = 1024 * MB;

export const defaultRestoreLimits: RestoreLimits = {
  maxEntries: 1_000_000,
  maxDatabaseBytes: 16 * GB,
  // Twice the largest upload any configuration allows (MAX_VIDEO_MB at most 4096): cleaning may re-encode.
  maxFileBytes: 8 * GB,
  maxTotalBytes: 256 * GB,
  maxRatio: 200,
  ratioGraceBytes: 16 * MB,
};

/** The limits for a site: no stored file larger than twice the largest upload it accepts. */
export function restoreLimitsFor(env: Pick<Env, 'MAX_IMAGE_MB' | 'MAX_VIDEO_MB'>): RestoreLimits {
  return { ...defaultRestoreLimits, maxFileBytes: Math.ceil(2 * Math.max(env.MAX_IMAGE_MB, env.MAX_VIDEO_MB) * MB) };
}
