import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { UnreadableMediaError } from './media-errors.ts';
import type { SniffedType } from './sniff.ts';

const run = promisify(execFile);

let ffmpegReady = false;
export function ffmpegPath(): string {
  if (!ffmpegReady) {
    // npm may skip the package's own chmod script; the binary must be executable all the same.
    try {
      fs.chmodSync(ffmpeg.path, 0o755);
    } catch {
      /* read-only install: it is then already executable or ffmpeg fails below */
    }
    ffmpegReady = true;
  }
  return ffmpeg.path;
}

export interface StreamInfo {
  index: number;
  /** ffmpeg's codec name (h264, hevc, vp9, aac, mjpeg, ...). */
  codec: string;
  type: 'video' | 'audio' | 'other';
  /** A still picture rather than moving video: cover art, a thumbnail. */
  picture: boolean;
  /** Of a video stream, as its headers declare them. */
  width?: number;
  height?: number;
  fps?: number;
}

const pictureCodecs = new Set(['mjpeg', 'png', 'bmp', 'gif', 'webp', 'tiff']);

/** What ffmpeg prints about an input without outputs: its streams, and its duration when declared. */
async function probe(input: string): Promise<{ streams: StreamInfo[]; seconds: number | null }> {
  const output = await run(ffmpegPath(), ['-hide_banner', '-nostdin', '-i', input], { timeout: 30_000, maxBuffer: 1024 * 1024 }).then(
    (result) => result.stderr,
    (error: { stderr?: string }) => error.stderr ?? '',
  );
  const streams: StreamInfo[] = [];
  for (const match of output.matchAll(/^\s*Stream #\d+:(\d+).*?: (Video|Audio|Subtitle|Data|Attachment): (\w+)(.*)$/gm)) {
    const [, index, kind, codec = '', rest = ''] = match;
    const size = /, (\d{1,6})x(\d{1,6})[\s,]/.exec(rest);
    const rate = /, ([\d.]+)(k?) fps/.exec(rest) ?? /, ([\d.]+)(k?) tbr/.exec(rest);
    streams.push({
      index: Number(index),
      codec,
      type: kind === 'Video' ? 'video' : kind === 'Audio' ? 'audio' : 'other',
      picture: kind === 'Video' && (pictureCodecs.has(codec) || rest.includes('attached pic')),
      ...(size ? { width: Number(size[1]), height: Number(size[2]) } : {}),
      ...(rate ? { fps: Number(rate[1]) * (rate[2] ? 1000 : 1) } : {}),
    });
  }
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(output);
  const seconds = duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : null;
  return { streams, seconds };
}

/** The streams ffmpeg finds, read from the summary it prints for an input without outputs. */
export async function probeStreams(input: string): Promise<StreamInfo[]> {
  return (await probe(input)).streams;
}

/**
 * Bounds on a video that must be decoded (re-encoded), decided from its headers before any frame
 * is decoded. A copied stream costs work in proportion to the file's bytes; a decoded one in
 * proportion to its pixels, which a few megabytes of repeated frames can make an hour of 1080p. So
 * the pixels a file may make us decode grow with its size (a generous multiple of what phones
 * record, so real videos pass), within a floor for small clips and a ceiling for everyone; the
 * declared length is capped too, and the encoder is stopped at the planned frames and seconds in
 * case the headers lie.
 */
export const VIDEO_WORK = {
  /** Decoded pixels allowed per byte of file: phones record 60-100; still-screen recordings more. */
  pixelsPerByte: 1000,
  /** Any file may decode this many (about eight seconds of 1080p at 30 fps). */
  minPixels: 500_000_000,
  /** No file decodes more (about five minutes of 1080p at 30 fps, over a minute of 4K). */
  maxPixels: 20_000_000_000,
  /** The longest re-encoded video or audio, declared. */
  maxSeconds: 30 * 60,
  /** The largest side of a decoded frame: 8K, as the largest phone cameras record. */
  maxSide: 8192,
} as const;

export type VideoWork = { ok: true; frames: number | null; seconds: number | null } | { ok: false; detail: string };

/** The work re-encoding `video` (and audio) of a file of `bytes` may cost, or why it is refused. */
export function planVideoWork(video: StreamInfo | undefined, seconds: number | null, bytes: number, reencodes: boolean): VideoWork {
  if (!reencodes) return { ok: true, frames: null, seconds: null };
  if (seconds !== null && seconds > VIDEO_WORK.maxSeconds) return { ok: false, detail: `declares ${seconds} s` };
  if (!video) return { ok: true, frames: null, seconds: Math.min(seconds ?? VIDEO_WORK.maxSeconds, VIDEO_WORK.maxSeconds) + 1 };
  const { width = 0, height = 0 } = video;
  if (!width || !height || width > VIDEO_WORK.maxSide || height > VIDEO_WORK.maxSide) return { ok: false, detail: `frames of ${width}x${height}` };
  const budget = Math.min(VIDEO_WORK.maxPixels, Math.max(VIDEO_WORK.minPixels, bytes * VIDEO_WORK.pixelsPerByte));
  const frames = Math.floor(budget / (width * height));
  // A file that declares no length (a recording streamed to disk) is cut at the planned frames instead.
  const declared = seconds === null ? 0 : seconds * (video.fps ?? 30);
  if (declared > frames) return { ok: false, detail: `declares ${declared} frames of ${width}x${height}; ${frames} allowed for ${bytes} bytes` };
  return { ok: true, frames, seconds: seconds === null ? null : seconds + 1 };
}

/**
 * How the kept video stream is written. H.264 is copied with its SEI messages (NAL type 6, where
 * encoders and phones put user data) removed. Everything else in MP4/MOV is re-encoded to H.264:
 * the bundled ffmpeg cannot remove H.265 SEI from the stream headers (hvcC), and MPEG-4 part 2
 * or Motion JPEG frames carry user data or EXIF of their own. WebM keeps VP8/VP9, which have no
 * user-data messages; anything else there becomes VP8.
 */
function videoArgs(codec: string | undefined, format: 'mp4' | 'mov' | 'webm'): string[] {
  if (!codec) return [];
  const fit = ['-vf', "scale='min(1920,iw)':-2", '-pix_fmt', 'yuv420p'];
  if (format === 'webm') {
    if (codec === 'vp8' || codec === 'vp9') return ['-c:v', 'copy'];
    return ['-c:v', 'libvpx', ...fit, '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '1500k'];
  }
  const noSei = ['-bsf:v', 'filter_units=remove_types=6'];
  if (codec === 'h264') return ['-c:v', 'copy', ...noSei];
  return ['-c:v', 'libx264', ...fit, '-preset', 'veryfast', '-crf', '23', ...noSei];
}

/**
 * How the kept audio stream is written. Vorbis is re-encoded to Opus: its comment header, which
 * apps fill with tags (a place, a device, a name), travels inside the track's codec data, where
 * dropping metadata does not reach it. Opus in WebM carries only its identification header.
 */
function audioArgs(codec: string | undefined, format: 'mp4' | 'mov' | 'webm'): string[] {
  if (!codec) return [];
  const fits = format === 'webm' ? ['opus'] : ['aac', 'mp3', 'alac'];
  if (fits.includes(codec)) return ['-c:a', 'copy'];
  return format === 'webm' ? ['-c:a', 'libopus', '-b:a', '96k'] : ['-c:a', 'aac', '-b:a', '128k'];
}

/**
 * Writes one video and one audio stream into a new container, and nothing else: every attached
 * picture (cover art keeps its own EXIF with GPS), data, subtitle and attachment stream is left
 * out, and global, stream and chapter metadata (camera make, creation time, the location tag of
 * phone videos) is dropped.
 */
export async function cleanVideo(input: string, output: string, type: SniffedType): Promise<void> {
  const format = type.ext === 'webm' ? 'webm' : type.ext === 'mov' ? 'mov' : 'mp4';
  try {
    const { streams, seconds } = await probe(input);
    // Picture codecs are left out even when not flagged as cover art: a still in a video file is one.
    const video = streams.find((stream) => stream.type === 'video' && !stream.picture);
    const audio = streams.find((stream) => stream.type === 'audio');
    if (!video && !audio) throw new Error('no audio or video stream');
    const videoCoding = videoArgs(video?.codec, format);
    const audioCoding = audioArgs(audio?.codec, format);
    const reencodes = [...videoCoding, ...audioCoding].some((arg, i, all) => /^-c:[va]$/.test(arg) && all[i + 1] !== 'copy');
    const work = planVideoWork(video, seconds, (await fs.promises.stat(input)).size, reencodes);
    if (!work.ok) throw new UnreadableMediaError('tooMuchWork', `Video refused from its headers: ${work.detail}`);
    const args = [
      ...['-v', 'error', '-nostdin', '-y', '-threads', '1', '-i', input],
      ...(video ? ['-map', `0:${video.index}`] : []),
      ...(audio ? ['-map', `0:${audio.index}`] : []),
      ...videoCoding,
      ...audioCoding,
      ...(work.frames !== null ? ['-frames:v', String(work.frames)] : []),
      ...(work.seconds !== null ? ['-t', String(work.seconds)] : []),
      ...['-dn', '-sn', '-map_metadata', '-1', '-map_metadata:s', '-1', '-map_chapters', '-1'],
      ...['-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact', '-threads', '1'],
      ...(format === 'webm' ? [] : ['-movflags', '+faststart']),
      ...['-f', format, output],
    ];
    await run(ffmpegPath(), args, { maxBuffer: 1024 * 1024 });
    const stat = await fs.promises.stat(output);
    if (stat.size === 0) throw new Error('empty output');
  } catch (error) {
    await fs.promises.rm(output, { force: true });
    if (error instanceof UnreadableMediaError) throw error;
    throw new UnreadableMediaError('unreadable', `Video could not be cleaned: ${(error as Error).message}`);
  }
}
