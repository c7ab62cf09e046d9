import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { secretPlace } from './media.ts';

/** Bytes a browser would run if it ever took the file for a page: none may reach storage. */
export const scriptProbe = '<script>alert("hostile-upload-probe")</script>';

/** A small real JPEG of one colour (deterministic, so byte searches in it are too). */
export function plainJpeg(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 136, g: 68, b: 34 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A JPEG with one more segment right after its SOI marker (FFD8). */
export function withJpegSegment(jpeg: Buffer, marker: number, payload: Buffer): Buffer {
  const header = Buffer.alloc(4);
  header[0] = 0xff;
  header[1] = marker;
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)]);
}

/** A valid JPEG followed by an HTML page: image viewers show the picture, a sniffing browser the page. */
export async function jpegThenHtml(): Promise<Buffer> {
  return Buffer.concat([await plainJpeg(), Buffer.from(`<html><body>${scriptProbe}</body></html>`)]);
}

/** A valid JPEG that carries the script inside it, in a comment segment and in the EXIF description. */
export async function jpegWithScriptInside(): Promise<Buffer> {
  const jpeg = await sharp(await plainJpeg())
    .withExif({ IFD0: { ImageDescription: scriptProbe } })
    .jpeg()
    .toBuffer();
  return withJpegSegment(jpeg, 0xfe, Buffer.from(`<html>${scriptProbe}</html>`));
}

export function svgWithScript(): Buffer {
  return Buffer.from(
    `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${scriptProbe}<rect width="10" height="10"/></svg>\n`,
  );
}

export function htmlPage(): Buffer {
  return Buffer.from(`<!DOCTYPE html><html><head><title>photo</title></head><body>${scriptProbe}</body></html>\n`);
}

/** Starts like a GIF, reads as JavaScript: the classic GIFAR-style polyglot. */
export function gifScriptPolyglot(): Buffer {
  return Buffer.from(`GIF89a/*\x01\x00\x01\x00\x00\xff\x00*/=1;alert("hostile-upload-probe");/*\x00;*/`, 'latin1');
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG with extra chunks right after IHDR (which is always the first, 25 bytes long). */
export function withPngChunks(png: Buffer, chunks: Buffer[]): Buffer {
  return Buffer.concat([png.subarray(0, 33), ...chunks, png.subarray(33)]);
}

/**
 * A decompression bomb: a 20000 x 20000 one-bit PNG, 400 million pixels, about 50 kB on disk.
 * Written by hand because encoding it with an image library takes half a minute.
 */
export function decompressionBombPng(edge = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(edge, 0);
  header.writeUInt32BE(edge, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(edge / 8)) * edge);
  return Buffer.concat([pngSignature, pngChunk('IHDR', header), pngChunk('IDAT', zlib.deflateSync(rows, { level: 9 })), pngChunk('IEND', Buffer.alloc(0))]);
}

/** The first half of a real photo-sized JPEG: the decoder runs out of data. */
export async function truncatedJpeg(): Promise<Buffer> {
  const noise = randomBytes(320 * 240 * 3);
  const jpeg = await sharp(noise, { raw: { width: 320, height: 240, channels: 3 } })
    .jpeg()
    .toBuffer();
  return jpeg.subarray(0, Math.floor(jpeg.length / 2));
}

/** Random pixels stored uncompressed: a real PNG of about the given size. */
export function noisyPng(bytes: number): Promise<Buffer> {
  const edge = Math.ceil(Math.sqrt(bytes / 3));
  return sharp(randomBytes(edge * edge * 3), { raw: { width: edge, height: edge, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** Text a phone or editor leaves in a file, each of which must be gone from what the site stores. */
export const secrets = {
  iptcCity: 'Tehran-iptc-secret',
  comment: 'comment-secret-Evin',
  xmpPlace: 'xmp-secret-Kabul',
  textChunk: 'png-text-secret-Herat',
  videoTitle: 'secret-title-Evin',
};

/** An XMP packet naming a place. */
export function xmpPacket(): string {
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:City="${secrets.xmpPlace}"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
}

/** An IPTC-IIM record (City, 2:90) in a Photoshop image resource block, as APP13 carries it. */
function photoshopIptc(): Buffer {
  const city = Buffer.from(secrets.iptcCity);
  const iptc = Buffer.concat([Buffer.from([0x1c, 0x02, 0x5a, 0x00, city.length]), city]);
  const resource = Buffer.concat([Buffer.from('8BIM'), Buffer.from([0x04, 0x04, 0x00, 0x00]), Buffer.alloc(4), iptc, Buffer.alloc(iptc.length % 2)]);
  resource.writeUInt32BE(iptc.length, 8);
  return Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), resource]);
}

/** The GPS position and camera as EXIF, plus XMP, IPTC and a JPEG comment: everything a phone photo can carry. */
export async function jpegWithEveryMetadata(): Promise<Buffer> {
  const [latD, latM, latS] = secretPlace.latitude;
  const [lonD, lonM, lonS] = secretPlace.longitude;
  const jpeg = await sharp({ create: { width: 96, height: 64, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .withExif({
      IFD0: { Make: secretPlace.cameraMake, Model: 'Model-7' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: `${latD}/1 ${latM}/1 ${latS}/1`, GPSLongitudeRef: 'E', GPSLongitude: `${lonD}/1 ${lonM}/1 ${lonS}/1` },
    })
    .withXmp(xmpPacket())
    .jpeg()
    .toBuffer();
  return withJpegSegment(withJpegSegment(jpeg, 0xed, photoshopIptc()), 0xfe, Buffer.from(secrets.comment));
}

/** A PNG with a tEXt comment and location, an iTXt XMP packet and an eXIf chunk with the GPS position. */
export async function pngWithTextChunks(): Promise<Buffer> {
  const png = await sharp({ create: { width: 96, height: 64, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  const exif = (await sharp(await jpegWithEveryMetadata()).metadata()).exif!;
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  return withPngChunks(png, [
    pngChunk('tEXt', Buffer.from(`Comment\0${secrets.textChunk}`, 'latin1')),
    pngChunk('tEXt', Buffer.from(`Location\0${secretPlace.iso6709}`, 'latin1')),
    pngChunk('iTXt', Buffer.concat([Buffer.from('XML:com.adobe.xmp\0\0\0\0\0', 'latin1'), Buffer.from(xmpPacket())])),
    pngChunk('eXIf', tiff),
  ]);
}

/**
 * A one-second phone-like video that names its place and has a title. As MP4 the location is an
 * `mdta` key (as iPhones write it); as MOV it is the QuickTime `©xyz` atom.
 */
export async function videoWithLocation(dir: string, container: 'mp4' | 'mov'): Promise<string> {
  const { execFile } = await import('node:child_process');
  const { promisify } = await import('node:util');
  const path = await import('node:path');
  const fs = await import('node:fs');
  const ffmpeg = (await import('@ffmpeg-installer/ffmpeg')).default;
  fs.chmodSync(ffmpeg.path, 0o755);
  const file = path.join(dir, `phone-${randomBytes(4).toString('hex')}.${container}`);
  await promisify(execFile)(ffmpeg.path, [
    ...['-v', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=64x64:rate=10', '-c:v', 'mpeg4'],
    ...['-metadata', `location=${secretPlace.iso6709}`, '-metadata', `title=${secrets.videoTitle}`],
    ...(container === 'mp4' ? ['-movflags', 'use_metadata_tags', '-f', 'mp4'] : ['-f', 'mov']),
    file,
  ]);
  return file;
}

/** LZW data of a GIF frame, uncompressed: a clear code before every pixel keeps the code width at 3 bits. */
function gifPixels(pixels: number[]): Buffer {
  const codes = [...pixels.flatMap((pixel) => [4, pixel]), 5];
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const code of codes) {
    buffer |= code << bits;
    bits += 3;
    while (bits >= 8) {
      bytes.push(buffer & 0xff);
      buffer >>= 8;
      bits -= 8;
    }
  }
  if (bits) bytes.push(buffer);
  const blocks: Buffer[] = [Buffer.from([2])];
  for (let at = 0; at < bytes.length; at += 255) {
    const chunk = bytes.slice(at, at + 255);
    blocks.push(Buffer.from([chunk.length, ...chunk]));
  }
  blocks.push(Buffer.from([0]));
  return Buffer.concat(blocks);
}

function gifFrame(left: number, top: number, width: number, height: number, pixels: number[]): Buffer {
  const control = Buffer.from([0x21, 0xf9, 4, 0, 1, 0, 0, 0]); // 1/100 s per frame
  const descriptor = Buffer.alloc(10);
  descriptor[0] = 0x2c;
  descriptor.writeUInt16LE(left, 1);
  descriptor.writeUInt16LE(top, 3);
  descriptor.writeUInt16LE(width, 5);
  descriptor.writeUInt16LE(height, 7);
  return Buffer.concat([control, descriptor, gifPixels(pixels)]);
}

/**
 * The audit's GIF that stalled the site: a 100 x 100 animation of 4,900 frames in about 120 kB.
 * Every frame after the first changes one pixel, so each costs ~23 bytes in the file but a whole
 * 100 x 100 canvas to a decoder that renders every frame.
 */
export function manyFrameGif(frames = 4900, edge = 100): Buffer {
  const header = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([edge, 0, edge, 0, 0xf1, 0, 0])]);
  const palette = Buffer.from([0, 0, 0, 255, 255, 255, 200, 40, 40, 40, 40, 200]);
  const loop = Buffer.from([0x21, 0xff, 11, ...Buffer.from('NETSCAPE2.0', 'latin1'), 3, 1, 0, 0, 0]);
  const parts = [header, palette, loop, gifFrame(0, 0, edge, edge, Array.from({ length: edge * edge }, (_, i) => i % 4))];
  for (let frame = 1; frame < frames; frame += 1) parts.push(gifFrame(frame % edge, Math.floor(frame / edge) % edge, 1, 1, [frame % 4]));
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}

/** The audit's 7,000 x 7,000 PNG of a few kilobytes: 49 million pixels to decode. */
export function hugeDimensionPng(): Buffer {
  return decompressionBombPng(7000);
}
