import { describe, expect, it } from 'vitest';
import { planVideoWork, VIDEO_WORK, type StreamInfo } from '../../src/server/uploads/video.ts';

const video = (width: number, height: number, fps = 30): StreamInfo => ({ index: 0, codec: 'hevc', type: 'video', picture: false, width, height, fps });
const MB = 1024 * 1024;

describe('the work a re-encoded video may cost, planned from its headers', () => {
  it('plans nothing for a file that is only copied', () => {
    expect(planVideoWork(video(7680, 4320), 3600, 1000, false)).toEqual({ ok: true, frames: null, seconds: null });
  });

  it('takes what phones record: 35 s of 4K or 100 s of 1080p H.265 in 100 MB, and a short clip', () => {
    expect(planVideoWork(video(3840, 2160), 35, 100 * MB, true).ok).toBe(true);
    expect(planVideoWork(video(1920, 1080), 100, 100 * MB, true).ok).toBe(true);
    expect(planVideoWork(video(1920, 1080), 2, 10_000, true).ok).toBe(true);
  });

  it('refuses an hour of 1080p in 14 MB, anything over 30 minutes, and frames over 8K', () => {
    expect(planVideoWork(video(1920, 1080), 3600, 14 * MB, true).ok).toBe(false);
    expect(planVideoWork(video(320, 240), VIDEO_WORK.maxSeconds + 1, 100 * MB, true).ok).toBe(false);
    expect(planVideoWork(video(16_000, 1000), 1, 100 * MB, true).ok).toBe(false);
  });

  it('stops the encoder at the planned frames and a second past the declared length, so lying headers gain nothing', () => {
    const plan = planVideoWork(video(1920, 1080), 10, 5 * MB, true);
    expect(plan).toEqual({ ok: true, frames: Math.floor((5 * MB * VIDEO_WORK.pixelsPerByte) / (1920 * 1080)), seconds: 11 });
    // No declared length (a recording streamed to disk): taken, and cut at the planned frames.
    expect(planVideoWork(video(1920, 1080), null, 5 * MB, true)).toMatchObject({ ok: true, frames: expect.any(Number), seconds: null });
  });
});
