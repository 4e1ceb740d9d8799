/** The PNG decoder the suite relies on, checked against screenshots of known pixels. */
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromiumArgs, chromiumPath } from './environment.ts';
import { changedFraction, decodePng, distinctColours } from './png.ts';

describe('decodePng', () => {
  let browser: Awaited<ReturnType<typeof chromium.launch>>;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('reads back flat colours and a gradient exactly where they were drawn', async () => {
    const page = await browser.newPage({ viewport: { width: 64, height: 32 }, deviceScaleFactor: 1 });
    await page.setContent(
      `<body style="margin:0">
        <div style="display:flex;height:16px"><div style="width:32px;background:#ff0000"></div><div style="width:32px;background:#0000ff"></div></div>
        <div style="height:16px;background:linear-gradient(to right,#000000,#ffffff)"></div>
      </body>`,
    );
    const image = decodePng(await page.screenshot());
    const at = (x: number, y: number) =>
      Array.from(image.rgba.subarray(4 * (y * image.width + x), 4 * (y * image.width + x) + 4));
    expect([image.width, image.height]).toEqual([64, 32]);
    expect(at(3, 3)).toEqual([255, 0, 0, 255]);
    expect(at(60, 10)).toEqual([0, 0, 255, 255]);
    // Left to right the gradient row only brightens.
    const row = Array.from({ length: 64 }, (_, x) => at(x, 24)[0]);
    expect(row.every((value, x) => x === 0 || value >= row[x - 1])).toBe(true);
    expect(row[63] - row[0]).toBeGreaterThan(200);
    expect(distinctColours(image)).toBeGreaterThan(30);
    expect(changedFraction(image, image)).toBe(0);
    await page.close();
  });
});
