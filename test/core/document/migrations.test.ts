import { describe, expect, it } from 'vitest';
import { migrateDocument, type Versioning } from '../../../core/document/migrations.ts';

const versioning: Versioning = {
  kind: 'project',
  current: 3,
  oldest: 1,
  steps: {
    1: (value) => ({ value: { ...value, formatVersion: 2, meshes: {} }, problems: [] }),
    2: (value) =>
      value.name === undefined
        ? { value, problems: [{ pointer: '/name', message: 'is required to migrate' }] }
        : { value: { ...value, formatVersion: 3, title: value.name, name: undefined }, problems: [] },
  },
};

describe('migrateDocument', () => {
  it('runs every step from the file version to the current one', () => {
    expect(migrateDocument({ formatVersion: 1, name: 'a' }, versioning)).toEqual({
      value: { formatVersion: 3, meshes: {}, title: 'a', name: undefined },
      from: 1,
      problems: [],
    });
  });

  it('leaves a current document as it is', () => {
    const value = { formatVersion: 3 };
    expect(migrateDocument(value, versioning)).toEqual({ value, from: 3, problems: [] });
  });

  it('says which step failed when it is not the first', () => {
    expect(migrateDocument({ formatVersion: 1 }, versioning).problems).toEqual([
      { pointer: '/name', message: 'is required to migrate (after migrating to formatVersion 2)' },
    ]);
  });

  it.each([
    [[], '', 'a project must be a JSON object, got an array'],
    [{}, '/formatVersion', 'is required (is this a Softbody Studio project?)'],
    [{ formatVersion: 0 }, '/formatVersion', 'must be a whole number ≥ 1, got 0'],
    [{ formatVersion: 1.5 }, '/formatVersion', 'must be a whole number ≥ 1, got 1.5'],
    [
      { formatVersion: 4 },
      '/formatVersion',
      'project formatVersion 4 is newer than this Softbody Studio supports (3); update the app',
    ],
  ])('refuses %j', (value, pointer, message) => {
    expect(migrateDocument(value, versioning).problems).toEqual([{ pointer, message }]);
  });
});
