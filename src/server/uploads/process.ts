import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import sharp from 'sharp';
import type { SniffedType } from './sniff.ts';

const run = promisify(execFile);

/** Above this many pixels a file is refused: a tiny PNG can otherwise expand to gigabytes in memory. */
const MAX_INPUT_PIXELS = 50_000_000;
/** Stored images are scaled down to fit this box; nobody reads a news photo at 8000 px. */
const MAX_EDGE = 2560;

export class UnreadableMediaError extends Error {}

interface ProcessedImage {
  width: number;
  height: number;
}

/**
 * Re-encodes an image in its own format: auto-rotated, scaled to fit, and with every metadata
 * block (EXIF with GPS, XMP, IPTC, ICC comments) dropped, since sharp keeps none unless asked.
 */
export async function cleanImage(input: string, output: string, type: SniffedType): Promise<ProcessedImage> {
  const animated = type.ext === 'gif' || type.ext === 'webp';
  try {
    let pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', animated });
    const meta = await pipeline.metadata();
    if (!meta.width || !meta.height) throw new UnreadableMediaError('Image has no dimensions');
    if ((meta.pages ?? 1) <= 1) pipeline = pipeline.rotate();
    pipeline = pipeline.resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true });
    switch (type.ext) {
      case 'jpg':
        pipeline = pipeline.jpeg({ quality: 82, mozjpeg: true });
        break;
      case 'png':
        pipeline = pipeline.png({ compressionLevel: 9 });
        break;
      case 'webp':
        pipeline = pipeline.webp({ quality: 82 });
        break;
      case 'gif':
        pipeline = pipeline.gif();
        break;
      case 'avif':
        pipeline = pipeline.avif({ quality: 55 });
        break;
      default:
        throw new UnreadableMediaError(`Not an image type: ${type.ext}`);
    }
    const info = await pipeline.toFile(output);
    return { width: info.width, height: info.pageHeight ?? info.height };
  } catch (error) {
    await fs.promises.rm(output, { force: true });
    if (error instanceof UnreadableMediaError) throw error;
    throw new UnreadableMediaError(`Image could not be processed: ${(error as Error).message}`);
  }
}

let ffmpegReady = false;
function ffmpegPath(): string {
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

/**
 * Copies the audio and video streams into a new container without re-encoding, dropping global,
 * stream and chapter metadata (camera make, creation time, the location tag of phone videos).
 */
export async function cleanVideo(input: string, output: string, type: SniffedType): Promise<void> {
  const format = type.ext === 'webm' ? 'webm' : type.ext === 'mov' ? 'mov' : 'mp4';
  const args = [
    '-v', 'error', '-nostdin', '-y', '-i', input,
    '-map', '0:v?', '-map', '0:a?', '-c', 'copy', '-dn', '-sn',
    '-map_metadata', '-1', '-map_metadata:s:v', '-1', '-map_metadata:s:a', '-1', '-map_chapters', '-1',
    '-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact',
    ...(format === 'webm' ? [] : ['-movflags', '+faststart']),
    '-f', format, output,
  ];
  try {
    await run(ffmpegPath(), args, { timeout: 120_000, maxBuffer: 1024 * 1024 });
    const stat = await fs.promises.stat(output);
    if (stat.size === 0) throw new Error('empty output');
  } catch (error) {
    await fs.promises.rm(output, { force: true });
    throw new UnreadableMediaError(`Video could not be cleaned: ${(error as Error).message}`);
  }
}
