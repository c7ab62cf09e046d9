import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { ffmpegPath } from '../../src/server/uploads/video.ts';
import { unique } from './index.ts';
import { secretPlace } from './media.ts';

const run = promisify(execFile);

/** Text each kind of hiding place carries, to look for in what the site stores. */
export const videoSecrets = {
  sei: 'sei-secret-Evin',
  subtitle: 'subtitle-secret-Evin',
  chapter: 'chapter-secret-Evin',
  cameraMake: secretPlace.cameraMake,
  cameraModel: 'Model-7',
  iso6709: secretPlace.iso6709,
  /** Written into the comment header that Vorbis audio carries inside the WebM track's codec data. */
  vorbisComment: 'LOCATION=Evin-35.7967',
};

/** A cover picture whose own EXIF names the place and the camera. */
async function coverWithGps(file: string): Promise<void> {
  const [latD, latM, latS] = secretPlace.latitude;
  const [lonD, lonM, lonS] = secretPlace.longitude;
  await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 90, g: 30, b: 120 } } })
    .withExif({
      IFD0: { Make: secretPlace.cameraMake, Model: videoSecrets.cameraModel },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: `${latD}/1 ${latM}/1 ${latS}/1`, GPSLongitudeRef: 'E', GPSLongitude: `${lonD}/1 ${lonM}/1 ${lonS}/1` },
    })
    .jpeg()
    .toFile(file);
}

/**
 * A one-second video made with the bundled ffmpeg that hides the recording's place and device in
 * every way a phone or editing app can: global tags (location, the Apple ISO 6709 key, make,
 * model), a chapter and a subtitle naming the place, a timecode data stream, SEI user data
 * (H.264 in MP4/MOV; H.265 carries x265's own) and, written by exiftool, cover art whose EXIF carries GPS (MP4/MOV; WebM has no cover).
 */
export async function videoWithEveryTrace(dir: string, container: 'mp4' | 'mov' | 'webm', codec: 'h264' | 'h265' | 'vp8' = 'h264'): Promise<string> {
  const work = path.join(dir, unique('video'));
  fs.mkdirSync(work, { recursive: true });
  const ffmpeg = ffmpegPath();
  const chapters = path.join(work, 'chapters.txt');
  fs.writeFileSync(chapters, `;FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=500\ntitle=${videoSecrets.chapter}\n`);
  const subtitles = path.join(work, 'subtitles.vtt');
  fs.writeFileSync(subtitles, `WEBVTT\n\n00:00.000 --> 00:00.900\n${videoSecrets.subtitle}\n`);
  const tags = ['location', 'com.apple.quicktime.location.ISO6709'].flatMap((name) => ['-metadata', `${name}=${videoSecrets.iso6709}`]);
  tags.push('-metadata', `make=${videoSecrets.cameraMake}`, '-metadata', `model=${videoSecrets.cameraModel}`);
  const source = ['-f', 'lavfi', '-i', 'testsrc=duration=1:size=64x64:rate=10', '-f', 'lavfi', '-i', 'sine=duration=1'];
  const file = path.join(work, `clip.${container}`);
  if (container === 'webm') {
    await run(ffmpeg, ['-v', 'error', '-y', ...source, '-i', subtitles, '-i', chapters, '-map', '0', '-map', '1', '-map', '2', '-map_metadata', '3', '-map_chapters', '3',
      '-c:v', 'libvpx', '-c:a', 'libvorbis', '-c:s', 'webvtt', ...tags, '-shortest', '-write_crc32', '0', file]);
    putVorbisComment(file, videoSecrets.vorbisComment);
    return file;
  }
  const base = path.join(work, 'base.mp4');
  // x265 writes its settings as SEI user data into the stream headers (hvcC); for H.264 we add our own.
  const video = codec === 'h265' ? ['-c:v', 'libx265', '-tag:v', 'hvc1'] : ['-c:v', 'libx264'];
  await run(ffmpeg, ['-v', 'error', '-y', ...source, ...video, '-c:a', 'aac', '-shortest', base]);
  const sei = codec === 'h264' ? ['-bsf:v', `h264_metadata=sei_user_data=086f3693-b7b3-4f2c-9653-21492feee5b8+${videoSecrets.sei}`] : ['-tag:v', 'hvc1'];
  await run(ffmpeg, ['-v', 'error', '-y', '-i', base, '-i', subtitles, '-i', chapters, '-map', '0:v', '-map', '0:a', '-map', '1', '-map_metadata', '2', '-map_chapters', '2',
    '-c:v', 'copy', ...sei, '-c:a', 'copy', '-c:s', 'mov_text',
    '-timecode', '01:00:00:00', ...tags, '-movflags', 'use_metadata_tags', '-f', container, file]);
  const cover = path.join(work, 'cover.jpg');
  await coverWithGps(cover);
  await run('exiftool', ['-q', '-overwrite_original', `-CoverArt<=${cover}`, file]);
  return file;
}

/**
 * Replaces the one comment libvorbis writes into its comment header (`encoder=Lavc…`, in the
 * track's codec data) with a secret of the same length, as an app that tags its recordings would:
 * ffmpeg itself writes tags elsewhere, so only a patch puts one there.
 */
function putVorbisComment(file: string, secret: string): void {
  const bytes = fs.readFileSync(file);
  const at = bytes.indexOf(Buffer.from('encoder=Lavc', 'latin1'));
  if (at < 4) throw new Error('no libvorbis comment to replace');
  const length = bytes.readUInt32LE(at - 4);
  if (length !== secret.length) throw new Error(`the comment is ${length} bytes, the secret ${secret.length}`);
  bytes.write(secret, at, 'latin1');
  fs.writeFileSync(file, bytes);
}

/** What exiftool (an independent reader) finds in a file: every tag of every group, embedded ones included. */
export async function exiftoolTags(file: string): Promise<Record<string, unknown>> {
  const { stdout } = await run('exiftool', ['-j', '-a', '-G1', '-ee', '-b', file], { maxBuffer: 64 * 1024 * 1024 });
  return (JSON.parse(stdout) as Record<string, unknown>[])[0]!;
}
