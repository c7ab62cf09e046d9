import { describe, expect, it } from 'vitest';
import { checkUploadFile } from '../../src/client/lib/upload-check.ts';
import en from '../../src/client/locales/en/common.json' with { type: 'json' };
import fa from '../../src/client/locales/fa/common.json' with { type: 'json' };

const MB = 1024 * 1024;
const limits = { imageMb: 10, videoMb: 100 };
const file = (size: number, type: string) => ({ size, type });

describe('checking a chosen file in the browser before it is sent', () => {
  it('refuses an 11 MB photo against a 10 MB limit, with the sizes in the visitor’s digits', () => {
    expect(checkUploadFile(file(11.3 * MB, 'image/jpeg'), { videos: true, limits, language: 'en' })).toEqual({
      ok: false,
      key: 'uploadCheck.imageTooLarge',
      size: '11.3',
      max: '10',
    });
    const persian = checkUploadFile(file(11.3 * MB, 'image/jpeg'), { videos: true, limits, language: 'fa' });
    expect(persian).toEqual({ ok: false, key: 'uploadCheck.imageTooLarge', size: '۱۱٫۳', max: '۱۰' });
    expect(fa.uploadCheck.imageTooLarge).toContain('{{size}}');
    expect(fa.uploadCheck.imageTooLarge).not.toMatch(/[0-9]/);
    expect(en.uploadCheck.imageTooLarge).toContain('{{max}}');
  });

  it('takes a photo within the limit and a video within the video limit', () => {
    expect(checkUploadFile(file(9 * MB, 'image/png'), { videos: false, limits, language: 'en' })).toEqual({ ok: true });
    expect(checkUploadFile(file(90 * MB, 'video/mp4'), { videos: true, limits, language: 'en' })).toEqual({ ok: true });
  });

  it('refuses a video over the video limit, and any video where only images are taken', () => {
    expect(checkUploadFile(file(101 * MB, 'video/quicktime'), { videos: true, limits, language: 'fa' })).toMatchObject({ key: 'uploadCheck.videoTooLarge', max: '۱۰۰' });
    expect(checkUploadFile(file(1 * MB, 'video/mp4'), { videos: false, limits, language: 'en' })).toEqual({ ok: false, key: 'uploadCheck.imagesOnly' });
  });

  it('refuses a type the server never accepts (SVG, HEIC, a document), and leaves an unknown type to the server', () => {
    for (const type of ['image/svg+xml', 'image/heic', 'application/pdf', 'text/html'])
      expect(checkUploadFile(file(1000, type), { videos: true, limits, language: 'en' }), type).toEqual({ ok: false, key: 'uploadCheck.badType' });
    expect(checkUploadFile(file(1000, ''), { videos: true, limits, language: 'en' })).toEqual({ ok: true });
    expect(checkUploadFile(file(200 * MB, ''), { videos: true, limits, language: 'en' })).toMatchObject({ ok: false, key: 'uploadCheck.imageTooLarge' });
  });
});
