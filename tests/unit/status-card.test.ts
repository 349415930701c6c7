import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderStatusCard, type StatusCardInput } from '@/features/channel/server/status-card';

const PHOTO_RGB = [200, 60, 40];
const BRAND = '#0f766e';
const BRAND_RGB = [0x0f, 0x76, 0x6e];

/** A plain photo: whatever part the crop keeps, its mean is the same colour. */
async function plainPhoto(): Promise<Buffer> {
  const [r, g, b] = PHOTO_RGB as [number, number, number];
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();
}

const base: StatusCardInput = {
  photo: null,
  productName: 'Huile de karité pure 1 L',
  price: '12\u202F500\u00A0FCFA',
  formerPrice: '15\u202F000\u00A0FCFA',
  shopName: 'Boutique Awa',
  color: BRAND,
  footer: 'Commandez sur WhatsApp · +225 07 08 09 10 11',
};

async function meanOf(card: Buffer, region: { left: number; top: number; width: number; height: number }) {
  // stats() reads its input, not the pipeline's output: the region is cut out first.
  const { channels } = await sharp(await sharp(card).extract(region).toBuffer()).stats();
  return channels.slice(0, 3).map((c) => c.mean);
}

function expectClose(actual: number[], expected: number[], tolerance: number) {
  for (const [i, value] of actual.entries()) expect(Math.abs(value - expected[i]!)).toBeLessThan(tolerance);
}

async function expectCard(card: Buffer) {
  const metadata = await sharp(card).metadata();
  expect(metadata).toMatchObject({ format: 'jpeg', width: 1080, height: 1920 });
}

describe('renderStatusCard', () => {
  it('renders a 1080 × 1920 JPEG: the photo on top, the brand colour in the band', async () => {
    const card = await renderStatusCard({ ...base, photo: await plainPhoto() });
    await expectCard(card);
    // Below the top shade and the shop's name, above the band.
    expectClose(await meanOf(card, { left: 0, top: 400, width: 1080, height: 600 }), PHOTO_RGB, 8);
    // The band's left edge, inside its margin: no text there.
    expectClose(await meanOf(card, { left: 0, top: 1250, width: 56, height: 400 }), BRAND_RGB, 8);
  });

  it('renders without a photo, on the brand colour', async () => {
    const card = await renderStatusCard(base);
    await expectCard(card);
    expectClose(await meanOf(card, { left: 0, top: 0, width: 200, height: 90 }), BRAND_RGB, 8);
  });

  it('renders a 200-character name and XML special characters', async () => {
    const long = 'Savon noir artisanal au beurre de karité '.repeat(5).slice(0, 200);
    expect(long).toHaveLength(200);
    await expectCard(await renderStatusCard({ ...base, productName: long }));
    await expectCard(
      await renderStatusCard({ ...base, productName: 'x'.repeat(200), photo: await plainPhoto() }),
    );
    await expectCard(
      await renderStatusCard({
        ...base,
        productName: 'Savon <Kaola> & "huile" l\'original',
        shopName: 'Chez <Awa> & "Fils"',
        footer: "Commandez & payez à l'arrivée <3",
        photo: await plainPhoto(),
      }),
    );
  });

  it('renders an empty name and shop name, and a transparent grey photo', async () => {
    const grey = await sharp({
      create: { width: 300, height: 300, channels: 4, background: { r: 90, g: 90, b: 90, alpha: 0.5 } },
    })
      .toColourspace('b-w')
      .png()
      .toBuffer();
    await expectCard(await renderStatusCard({ ...base, productName: '  ', shopName: '' }));
    await expectCard(await renderStatusCard({ ...base, productName: '', shopName: '', photo: grey }));
  });

  it('renders with neither former price nor footer, on a light colour', async () => {
    await expectCard(await renderStatusCard({ ...base, formerPrice: null, footer: null, color: '#fde047' }));
  });

  it('falls back to a card without photo when the photo cannot be read', async () => {
    const card = await renderStatusCard({ ...base, photo: Buffer.from('not an image') });
    await expectCard(card);
    expectClose(await meanOf(card, { left: 0, top: 0, width: 200, height: 90 }), BRAND_RGB, 8);
  });

  it('never writes a colour that is not #RRGGBB into the picture', async () => {
    await expectCard(await renderStatusCard({ ...base, color: 'red"/><image href="x' }));
  });
});
