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
}

const pictureCodecs = new Set(['mjpeg', 'png', 'bmp', 'gif', 'webp', 'tiff']);

/** The streams ffmpeg finds, read from the summary it prints for an input without outputs. */
export async function probeStreams(input: string): Promise<StreamInfo[]> {
  const output = await run(ffmpegPath(), ['-hide_banner', '-nostdin', '-i', input], { timeout: 30_000, maxBuffer: 1024 * 1024 }).then(
    (result) => result.stderr,
    (error: { stderr?: string }) => error.stderr ?? '',
  );
  const streams: StreamInfo[] = [];
  for (const match of output.matchAll(/^\s*Stream #\d+:(\d+).*?: (Video|Audio|Subtitle|Data|Attachment): (\w+)(.*)$/gm)) {
    const [, index, kind, codec = '', rest = ''] = match;
    streams.push({
      index: Number(index),
      codec,
      type: kind === 'Video' ? 'video' : kind === 'Audio' ? 'audio' : 'other',
      picture: kind === 'Video' && (pictureCodecs.has(codec) || rest.includes('attached pic')),
    });
  }
  return streams;
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

function audioArgs(codec: string | undefined, format: 'mp4' | 'mov' | 'webm'): string[] {
  if (!codec) return [];
  const fits = format === 'webm' ? ['opus', 'vorbis'] : ['aac', 'mp3', 'alac'];
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
    const streams = await probeStreams(input);
    // Picture codecs are left out even when not flagged as cover art: a still in a video file is one.
    const video = streams.find((stream) => stream.type === 'video' && !stream.picture);
    const audio = streams.find((stream) => stream.type === 'audio');
    if (!video && !audio) throw new Error('no audio or video stream');
    const args = [
      ...['-v', 'error', '-nostdin', '-y', '-threads', '1', '-i', input],
      ...(video ? ['-map', `0:${video.index}`] : []),
      ...(audio ? ['-map', `0:${audio.index}`] : []),
      ...videoArgs(video?.codec, format),
      ...audioArgs(audio?.codec, format),
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
    throw new UnreadableMediaError('unreadable', `Video could not be cleaned: ${(error as Error).message}`);
  }
}
