import fs from 'node:fs';

/**
 * The number of scans (start-of-scan markers) in a JPEG file, read from its marker structure
 * without decoding anything. A progressive JPEG is decoded pass by pass, one pass over every block
 * of the picture per scan, so the scans, not the pixels alone, decide what decoding costs: a file
 * of a few hundred kilobytes can hold thousands. Returns null when the bytes are not a JPEG.
 */
export async function countJpegScans(file: string): Promise<number | null> {
  const bytes = await fs.promises.readFile(file);
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let scans = 0;
  let at = 2;
  while (at + 3 < bytes.length) {
    if (bytes[at] !== 0xff) return scans;
    const marker = bytes[at + 1]!;
    // Fill bytes before a marker, and markers without a length (restarts, SOI), are stepped over.
    if (marker === 0xff || (marker >= 0xd0 && marker <= 0xd8) || marker === 0x01) {
      at += marker === 0xff ? 1 : 2;
      continue;
    }
    if (marker === 0xd9) return scans;
    at += 2 + bytes.readUInt16BE(at + 2);
    if (marker !== 0xda) continue;
    scans += 1;
    // Entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor a restart.
    while (at + 1 < bytes.length && !(bytes[at] === 0xff && bytes[at + 1] !== 0x00 && !(bytes[at + 1]! >= 0xd0 && bytes[at + 1]! <= 0xd7))) at += 1;
  }
  return scans;
}
