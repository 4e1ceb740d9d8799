import fc from 'fast-check';

/**
 * Edits of TetGen .node/.ele text for fuzzing the reader: a field replaced by a hostile token
 * (negative, fractional, absurd or non-numeric), a line deleted or repeated. Shared by the unit
 * fuzz test and the longer campaign (scripts/fuzz.ts).
 */

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

export type TetgenEdit = { file: 'node' | 'ele'; line: number; field: number; token: string; kind: string };

export const tetgenEdit: fc.Arbitrary<TetgenEdit> = fc.record({
  file: fc.constantFrom('node' as const, 'ele' as const),
  line: fc.nat(40),
  field: fc.nat(5),
  token: hostileToken,
  kind: fc.constantFrom('token', 'token', 'token', 'delete-line', 'repeat-line'),
});

export function applyTetgenEdit(texts: { node: string; ele: string }, e: TetgenEdit): void {
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
