import fs from 'node:fs';
import sharp from 'sharp';
import { UnreadableMediaError, type MediaRefusalReason } from './media-errors.ts';
import { countJpegScans } from './jpeg-scans.ts';
import type { SniffedType } from './sniff.ts';

/**
 * The most pixels of the one frame that is decoded. A 50-megapixel camera photo passes; a tiny PNG
 * that claims more (a decompression bomb) is refused from its header, before anything is decoded.
 */
const MAX_INPUT_PIXELS = 50_000_000;
/** libvips' own ceiling per side; a taller "image" is a strip of frames or a trick. */
const MAX_SIDE = 16_383;
/** Stored images are scaled down to fit this box; nobody reads a news photo at 8000 px. */
const MAX_EDGE = 2560;
/**
 * The most scans of a progressive JPEG: encoders write about ten (mozjpeg's search up to a few
 * dozen); each scan is a pass over the whole picture, so a few thousand cost tens of seconds.
 */
export const MAX_JPEG_SCANS = 100;

export interface ImageHeader {
  width?: number;
  height?: number;
  /** Frames of an animated GIF or WebP, as the header declares them. */
  pages?: number;
  /** Scans of a JPEG (progressive ones have several), counted from its markers. */
  scans?: number;
}

export type ImagePlan =
  | { ok: true; framesDecoded: 1; pixelsDecoded: number; output: SniffedType }
  | { ok: false; reason: MediaRefusalReason; framesDeclared: number; pixelsDeclared: number };

const stillOf: Record<string, SniffedType> = {
  // A GIF's first frame is kept as a lossless PNG, so it gets responsive variants like any photo.
  gif: { kind: 'image', mime: 'image/png', ext: 'png' },
};

/**
 * Decides from the header alone how much work an image may cost. Animation is not kept
 * (docs/decisions/012): only the first frame is ever decoded, so a GIF of 4,900 frames costs what
 * one frame costs, and the pixel bound is a bound on the whole job.
 */
export function planImage(header: ImageHeader, type: SniffedType): ImagePlan {
  const width = header.width ?? 0;
  const height = header.height ?? 0;
  const frames = Math.max(1, header.pages ?? 1);
  const pixels = width * height;
  const refuse = (reason: MediaRefusalReason): ImagePlan => ({ ok: false, reason, framesDeclared: frames, pixelsDeclared: pixels * frames });
  if (!width || !height) return refuse('unreadable');
  if (width > MAX_SIDE || height > MAX_SIDE || pixels > MAX_INPUT_PIXELS) return refuse('tooManyPixels');
  if ((header.scans ?? 1) > MAX_JPEG_SCANS) return refuse('tooMuchWork');
  return { ok: true, framesDecoded: 1, pixelsDecoded: pixels, output: stillOf[type.ext] ?? type };
}

/** Reads only the header: dimensions and the declared frame count, no pixel data. */
export async function readImageHeader(input: string): Promise<ImageHeader> {
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    const scans = meta.format === 'jpeg' ? await countJpegScans(input) : null;
    return { width: meta.width, height: meta.pageHeight ?? meta.height, pages: meta.pages, ...(scans === null ? {} : { scans }) };
  } catch {
    return {};
  }
}

/**
 * Re-encodes the first frame of an image: auto-rotated, scaled to fit, and with every metadata
 * block (EXIF with GPS, XMP, IPTC, ICC comments) dropped, since sharp keeps none unless asked.
 */
export async function cleanImage(input: string, output: string, type: SniffedType): Promise<{ width: number; height: number; type: SniffedType }> {
  const plan = planImage(await readImageHeader(input), type);
  if (!plan.ok) throw new UnreadableMediaError(plan.reason, `Image refused from its header: ${plan.reason}`);
  try {
    let pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', pages: 1, page: 0 })
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true });
    switch (plan.output.ext) {
      case 'jpg':
        pipeline = pipeline.jpeg({ quality: 82, mozjpeg: true });
        break;
      case 'png':
        pipeline = pipeline.png({ compressionLevel: 9 });
        break;
      case 'webp':
        pipeline = pipeline.webp({ quality: 82 });
        break;
      case 'avif':
        pipeline = pipeline.avif({ quality: 55 });
        break;
      default:
        throw new UnreadableMediaError('unreadable', `Not an image type: ${type.ext}`);
    }
    const info = await pipeline.toFile(output);
    return { width: info.width, height: info.height, type: plan.output };
  } catch (error) {
    await fs.promises.rm(output, { force: true });
    if (error instanceof UnreadableMediaError) throw error;
    throw new UnreadableMediaError('unreadable', `Image could not be processed: ${(error as Error).message}`);
  }
}
