import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import attributions from '../../assets/samples/attributions.json';

const samplesDir = new URL('../../assets/samples/', import.meta.url).pathname;
const shippableLicences = /^(CC0 1\.0|CC-BY 4\.0|CC0 1\.0 and CC-BY 4\.0)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [relative(samplesDir, path)];
  });
}

describe('shipped sample assets', () => {
  it('credits every sample file in attributions.json', () => {
    const credited = new Set(attributions.flatMap((entry) => entry.files));
    const uncredited = filesUnder(samplesDir).filter((f) => f !== 'attributions.json' && !credited.has(f));
    expect(uncredited).toEqual([]);
  });

  it('lists only files that exist, under a licence that allows shipping (CC0 or CC-BY)', () => {
    const present = new Set(filesUnder(samplesDir));
    for (const entry of attributions) {
      expect(entry.license).toMatch(shippableLicences);
      for (const file of entry.files) expect(present.has(file), file).toBe(true);
    }
  });
});
