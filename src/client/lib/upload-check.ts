import type { Language } from '../../shared/locale.ts';

/** The server's size limits, as the site's configuration gives them. */
export interface UploadLimits {
  imageMb: number;
  videoMb: number;
}

/** The types the server accepts (by the browser's idea of the file; the server reads the bytes). */
const imageTypes = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
const videoTypes = new Set(['video/mp4', 'video/webm', 'video/quicktime', 'video/x-m4v']);

export type UploadCheck =
  | { ok: true }
  | { ok: false; key: 'uploadCheck.imageTooLarge' | 'uploadCheck.videoTooLarge'; size: string; max: string }
  | { ok: false; key: 'uploadCheck.badType' | 'uploadCheck.imagesOnly' };

const MB = 1024 * 1024;

function megabytes(value: number, language: Language): string {
  return new Intl.NumberFormat(language === 'fa' ? 'fa-IR' : 'en', { maximumFractionDigits: 1, useGrouping: false }).format(value);
}

/**
 * Whether a chosen file can be sent at all, decided in the browser before a byte is uploaded: a
 * visitor on a slow line learns in a moment, not after minutes, that a photo is too large. The
 * numbers come in the visitor's digits. The server checks everything again from the bytes; a type
 * the browser does not know (an empty `type`) is left to it.
 */
export function checkUploadFile(file: Pick<File, 'size' | 'type'>, options: { videos: boolean; limits: UploadLimits; language: Language }): UploadCheck {
  const { limits, language } = options;
  const isVideo = videoTypes.has(file.type);
  if (file.type && !imageTypes.has(file.type) && !isVideo) return { ok: false, key: options.videos ? 'uploadCheck.badType' : 'uploadCheck.imagesOnly' };
  if (isVideo && !options.videos) return { ok: false, key: 'uploadCheck.imagesOnly' };
  const maxMb = isVideo ? limits.videoMb : file.type ? limits.imageMb : Math.max(limits.imageMb, options.videos ? limits.videoMb : 0);
  if (file.size <= maxMb * MB) return { ok: true };
  return {
    ok: false,
    key: isVideo ? 'uploadCheck.videoTooLarge' : 'uploadCheck.imageTooLarge',
    size: megabytes(Math.max(file.size / MB, maxMb + 0.1), language),
    max: megabytes(maxMb, language),
  };
}
