import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseTetgenMesh,
  TetrahedralizeError,
  toTetgenEle,
  toTetgenNode,
} from '../../../core/tetra/index.ts';
import { cubeTetMesh } from '../preset/fixtures.ts';
import { applyTetgenEdit, tetgenEdit } from './tetgen-edits.ts';

/**
 * TetGen output edited token by token (hostile numbers, deleted and repeated lines) must parse to
 * finite positions and in-range tets or be refused with TetrahedralizeError; any other throw is an
 * escape. Seeded and bounded.
 */
const runs = { numRuns: 300, seed: 1406, endOnFailure: true };

describe('fuzzing the TetGen reader', () => {
  it('edited .node/.ele text parses to a finite, in-range mesh or is refused with TetrahedralizeError', () => {
    const mesh = cubeTetMesh(1, 0.1);
    const source = { node: toTetgenNode(mesh), ele: toTetgenEle(mesh) };
    fc.assert(
      fc.property(fc.array(tetgenEdit, { minLength: 1, maxLength: 4 }), (edits) => {
        const texts = { ...source };
        for (const e of edits) applyTetgenEdit(texts, e);
        let parsed: ReturnType<typeof parseTetgenMesh>;
        try {
          parsed = parseTetgenMesh(texts.node, texts.ele);
        } catch (error) {
          if (error instanceof TetrahedralizeError) return;
          throw error;
        }
        expect(parsed.positions.every(Number.isFinite)).toBe(true);
        const points = parsed.positions.length / 3;
        expect(Number.isInteger(points)).toBe(true);
        expect(parsed.tets.every((v) => v < points)).toBe(true);
      }),
      runs,
    );
  });
});
