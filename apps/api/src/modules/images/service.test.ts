/**
 * Unit tests of the picture renditions (docs/decisions/product-pictures.md): four webp sizes of
 * 160/400/800/1600 px wide, never enlarged, EXIF orientation applied; refusals of unreadable and
 * too small pictures; url names.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { imageUrl, parseImageName, renderSizes, resolveAlt } from './service.ts';

/** A solid-colour picture of `width` × `height` px. */
async function picture(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: '#0c4e99' } });
  return (format === 'png' ? base.png() : base.jpeg()).toBuffer();
}

describe('renderSizes', () => {
  it('makes four webp renditions 160, 400, 800 and 1600 px wide, keeping the aspect ratio', async () => {
    const out = await renderSizes(await picture(3200, 2400, 'jpeg'));
    expect(Object.fromEntries(Object.entries(out).map(([k, r]) => [k, [r.width, r.height]]))).toEqual({
      small: [160, 120],
      medium: [400, 300],
      large: [800, 600],
      xlarge: [1600, 1200],
    });
    for (const r of Object.values(out)) expect((await sharp(r.data).metadata()).format).toBe('webp');
  });

  it('never enlarges a narrow picture', async () => {
    const out = await renderSizes(await picture(500, 1000));
    expect([out.small.width, out.medium.width, out.large.width, out.xlarge.width]).toEqual([
      160, 400, 500, 500,
    ]);
  });

  it('applies the EXIF orientation (a portrait photo stored landscape)', async () => {
    const rotated = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#fff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const out = await renderSizes(rotated);
    expect([out.xlarge.width, out.xlarge.height]).toEqual([200, 400]);
  });

  it('refuses bytes that do not decode and pictures under 100 px', async () => {
    await expect(renderSizes(Buffer.from('not a picture'))).rejects.toMatchObject({
      code: 'image_unreadable',
    });
    await expect(renderSizes(await picture(99, 400))).rejects.toMatchObject({ code: 'image_too_small' });
  });
});

describe('urls and alt texts', () => {
  it('names a rendition by file id and content hash, and parses it back', () => {
    const url = imageUrl({ file_id: 42, width: 160, height: 80, sha256: 'ab'.repeat(32) });
    expect(url).toBe('/api/images/42-abababababababab.webp');
    expect(parseImageName('42-abababababababab.webp')).toEqual({ fileId: 42, hash: 'abababababababab' });
    expect(parseImageName('42-abab.webp')).toBeNull();
    expect(parseImageName('../42-abababababababab.webp')).toBeNull();
  });

  it('falls back to another locale, then to the name', () => {
    expect(resolveAlt({ fr: 'Flacon', nl: 'Fles' }, 'nl', 'X')).toBe('Fles');
    expect(resolveAlt({ fr: 'Flacon' }, 'en', 'X')).toBe('Flacon');
    expect(resolveAlt({}, 'en', 'Name')).toBe('Name');
  });
});
