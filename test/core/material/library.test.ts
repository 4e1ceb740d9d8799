import { describe, expect, it } from 'vitest';
import { DocumentError } from '../../../core/document/problem.ts';
import {
  builtInMaterials,
  type Material,
  mergeMaterials,
  parseMaterialFile,
  parseUserMaterials,
  serializeUserMaterials,
} from '../../../core/material/index.ts';

const library = builtInMaterials();
const user: Material = {
  name: 'studio-jelly',
  kind: 'solid',
  youngModulusPa: 12000,
  poissonRatio: 0.45,
  densityKgM3: 1040,
  dampingRatio: 0.1,
  source: 'measured in-house, indentation, 2024',
};

describe('built-in material library', () => {
  it('has at least 20 materials with unique kebab-case names', () => {
    expect(library.length).toBeGreaterThanOrEqual(20);
    expect(new Set(library.map((m) => m.name)).size).toBe(library.length);
    for (const m of library) expect(m.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('covers the silicone grades, rubber, foam, gelatin, tissues and the cloth the issue lists', () => {
    const names = library.map((m) => m.name);
    for (const name of [
      'silicone-shore-00-10',
      'silicone-shore-00-30',
      'silicone-shore-00-50',
      'silicone-shore-10a',
      'silicone-shore-20a',
      'silicone-shore-30a',
      'natural-rubber',
      'polyurethane-foam-soft',
      'gelatin-7pct',
      'muscle',
      'fat',
      'skin',
      'cartilage',
      'cotton',
      'denim',
      'silk',
      'polyester',
      'wool',
      'leather',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('gives every cloth a thickness and an areal density in the range of real fabrics (20–1200 g/m²)', () => {
    for (const m of library.filter((x) => x.kind === 'cloth')) {
      expect(m.thicknessM).toBeGreaterThan(0);
      const arealGPerM2 = m.densityKgM3 * (m.thicknessM ?? 0) * 1000;
      expect(arealGPerM2).toBeGreaterThan(20);
      expect(arealGPerM2).toBeLessThan(1200);
    }
  });

  it('gives the woven cloths warp/weft constants whose mean modulus is the isotropic E, stable and within KES-F ranges', () => {
    const woven = ['cotton', 'denim', 'silk', 'polyester', 'wool'];
    for (const name of woven) {
      const m = library.find((x) => x.name === name);
      const o = m?.orthotropic;
      if (!m || !o) throw new Error(`${name} has no warp/weft constants`);
      // The isotropic E (what bodies without a warp direction use) is the mean of the two moduli.
      expect((o.warpYoungModulusPa + o.weftYoungModulusPa) / 2).toBe(m.youngModulusPa);
      expect(o.poissonRatioWarpWeft ** 2).toBeLessThan(o.warpYoungModulusPa / o.weftYoungModulusPa);
      // KES-F shear rigidity G·t-equivalent 0.1–10 gf/(cm·deg) and bending 0.005–5 gf·cm²/cm.
      const shearGfPerCmDeg = (o.shearModulusPa * (m.thicknessM ?? 0)) / (0.980665 * (180 / Math.PI));
      expect(shearGfPerCmDeg).toBeGreaterThan(0.1);
      expect(shearGfPerCmDeg).toBeLessThan(10);
      for (const rigidity of [o.warpBendingRigidityNM ?? 0, o.weftBendingRigidityNM ?? 0]) {
        expect(rigidity / 9.80665e-5).toBeGreaterThan(0.005);
        expect(rigidity / 9.80665e-5).toBeLessThan(5);
      }
    }
  });

  it('orders the silicone grades by hardness', () => {
    const grades = ['00-10', '00-30', '00-50', '10a', '20a', '30a'].map(
      (g) => library.find((m) => m.name === `silicone-shore-${g}`)?.youngModulusPa ?? 0,
    );
    for (let i = 1; i < grades.length; i++) expect(grades[i]).toBeGreaterThan(grades[i - 1]);
  });

  it('names a source for every entry and keeps solids without thickness', () => {
    for (const m of library) {
      expect(m.source.length).toBeGreaterThan(30);
      if (m.kind === 'solid') expect(m.thicknessM).toBeUndefined();
      expect(m.poissonRatio).toBeLessThan(0.5);
    }
  });

  it('refuses a broken library file with the file and the pointer of every problem', () => {
    const broken = {
      formatVersion: 1,
      materials: [
        { ...library[0], youngModulusPa: 'soft' },
        { ...library[15], thicknessM: undefined },
      ],
    };
    try {
      parseMaterialFile(JSON.parse(JSON.stringify(broken)), 'assets/materials.json');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DocumentError);
      expect((error as DocumentError).problems).toEqual([
        { pointer: '/materials/0/youngModulusPa', message: 'must be a number, got a string' },
      ]);
      expect((error as Error).message).toBe(
        'assets/materials.json: /materials/0/youngModulusPa: must be a number, got a string',
      );
    }
  });
});

describe('user materials', () => {
  it('merge after the built-ins and save as a material file that reads back identically', () => {
    const text = serializeUserMaterials([user]);
    expect(parseUserMaterials(text, 'mine.json')).toEqual([user]);
    expect(serializeUserMaterials(parseUserMaterials(text, 'mine.json'))).toBe(text);
    const merged = mergeMaterials(library, [user], 'mine.json');
    expect(merged.length).toBe(library.length + 1);
    expect(merged.at(-1)).toEqual(user);
  });

  it('may not reuse a built-in name', () => {
    expect(() =>
      mergeMaterials(library, [{ ...user, name: 'cotton', kind: 'cloth', thicknessM: 1e-3 }], 'mine.json'),
    ).toThrow(
      "mine.json: /materials/0/name: 'cotton' is the name of a built-in material; give your material another name",
    );
  });

  it('are validated: ν ≥ 0.5, a cloth without thickness and bad JSON are refused with their pointers', () => {
    const bad = JSON.stringify({ formatVersion: 1, materials: [{ ...user, poissonRatio: 0.5 }] });
    expect(() => parseUserMaterials(bad, 'mine.json')).toThrow(
      'mine.json: /materials/0/poissonRatio: must be less than 0.5, got 0.5',
    );
    const cloth = JSON.stringify({ formatVersion: 1, materials: [{ ...user, kind: 'cloth' }] });
    expect(() => parseUserMaterials(cloth, 'mine.json')).toThrow(
      "mine.json: /materials/0/thicknessM: is required for cloth material 'studio-jelly'",
    );
    expect(() => parseUserMaterials('{"formatVersion": 1, "materials": [', 'mine.json')).toThrow(
      /^mine\.json: \/: is not valid JSON/,
    );
    expect(() => serializeUserMaterials([{ ...user, densityKgM3: -1 }])).toThrow(DocumentError);
  });

  it.each(['constructor', 'toString', '__proto__'])(
    "refuses a user material key named after Object.prototype's '%s' as an unknown property",
    (key) => {
      // Written into the text, so '__proto__' is an own key as it is in a file.
      const text = JSON.stringify({ formatVersion: 1, materials: [user] }).replace(
        '"name":',
        `"${key}":{"youngModulusPa":-1},"name":`,
      );
      expect(() => parseUserMaterials(text, 'mine.json')).toThrow(
        `mine.json: /materials/0/${key}: is not a known property; expected one of: name, kind, youngModulusPa`,
      );
    },
  );

  it.each([
    ['1e400', 'Infinity'],
    ['-1e400', '-Infinity'],
  ])('refuses a user material number written %s (parsed to %s)', (written, parsed) => {
    const text = JSON.stringify({ formatVersion: 1, materials: [user] }).replace(
      '"youngModulusPa":12000',
      `"youngModulusPa":${written}`,
    );
    expect(() => parseUserMaterials(text, 'mine.json')).toThrow(
      `mine.json: /materials/0/youngModulusPa: must be a finite number, got ${parsed}`,
    );
  });
});
