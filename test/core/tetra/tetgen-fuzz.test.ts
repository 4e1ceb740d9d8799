import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseTetgenMesh,
  TetrahedralizeError,
  toTetgenEle,
  toTetgenNode,
} from '../../../core/tetra/index.ts';
import { cubeTetMesh } from '../preset/fixtures.ts';

/**
 * TetGen output edited token by token (hostile numbers, deleted and repeated lines) must parse to
 * finite positions and in-range tets or be refused with TetrahedralizeError; any other throw is an
 * escape. Seeded and bounded.
 */
const runs = { numRuns: 300, seed: 1406, endOnFailure: true };

const hostileToken = fc.constantFrom(
  '-3',
  '1.33',
  '1e300',
  '-0',
  '0x10',
  'nan',
  'inf',
  '1e400',
  '',
  '9'.repeat(400),
  '4294967296',
  '10',
  '0',
  '1',
);

type Edit = { file: 'node' | 'ele'; line: number; field: number; token: string; kind: string };

const edit: fc.Arbitrary<Edit> = fc.record({
  file: fc.constantFrom('node' as const, 'ele' as const),
  line: fc.nat(40),
  field: fc.nat(5),
  token: hostileToken,
  kind: fc.constantFrom('token', 'token', 'token', 'delete-line', 'repeat-line'),
});

function applyEdit(texts: { node: string; ele: string }, e: Edit): void {
  const lines = texts[e.file].split('\n');
  const at = e.line % Math.max(1, lines.length);
  if (e.kind === 'delete-line') lines.splice(at, 1);
  else if (e.kind === 'repeat-line') lines.splice(at, 0, lines[at] ?? '');
  else {
    const fields = (lines[at] ?? '').split(' ');
    fields[e.field % Math.max(1, fields.length)] = e.token;
    lines[at] = fields.join(' ');
  }
  texts[e.file] = lines.join('\n');
}

describe('fuzzing the TetGen reader', () => {
  it('edited .node/.ele text parses to a finite, in-range mesh or is refused with TetrahedralizeError', () => {
    const mesh = cubeTetMesh(1, 0.1);
    const source = { node: toTetgenNode(mesh), ele: toTetgenEle(mesh) };
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 4 }), (edits) => {
        const texts = { ...source };
        for (const e of edits) applyEdit(texts, e);
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
