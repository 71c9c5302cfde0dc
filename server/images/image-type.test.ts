import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isPlainWebp } from './image-type';

const webp = (keepMetadata = false) => {
  const image = sharp({ create: { width: 16, height: 12, channels: 3, background: { r: 10, g: 120, b: 200 } } });
  return (keepMetadata ? image.withExif({ IFD0: { Copyright: 'someone' } }) : image).webp({ quality: 82 }).toBuffer();
};

describe('a plain WebP (what the image store writes, kept byte for byte on import)', () => {
  it('is one as sharp writes it, and not with metadata, trailing bytes, a wrong length or another format', async () => {
    const plain = await webp();
    expect(isPlainWebp(plain)).toBe(true);
    expect(isPlainWebp(await webp(true))).toBe(false);
    expect(isPlainWebp(Buffer.concat([plain, Buffer.from('<script>')]))).toBe(false);
    const shorter = Buffer.from(plain);
    shorter.writeUInt32LE(plain.length - 10, 4);
    expect(isPlainWebp(shorter)).toBe(false);
    expect(isPlainWebp(await sharp(plain).png().toBuffer())).toBe(false);
    expect(isPlainWebp(Buffer.from('RIFF'))).toBe(false);
  });
});
