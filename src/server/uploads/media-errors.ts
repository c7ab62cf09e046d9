/** Why a file's content was refused by the cleaning step. */
/** `tooMuchWork`: decoding would cost more than the file may (a video's pixels for its size, a JPEG's scans). */
export type MediaRefusalReason = 'unreadable' | 'tooManyPixels' | 'tooMuchWork' | 'timedOut';

/** A file the cleaners cannot or will not process; the intake reports it as a refusal, not a server error. */
export class UnreadableMediaError extends Error {
  readonly reason: MediaRefusalReason;
  constructor(reason: MediaRefusalReason, detail: string) {
    super(detail);
    this.reason = reason;
  }
}
