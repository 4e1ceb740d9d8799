import { describe, expect, it } from 'vitest';
import { INPUT_LIMITS } from '../../../core/limits.ts';
import { importMesh, MeshImportError } from '../../../core/mesh/index.ts';
import { continuedObj, longObjectNameObj } from './hostile-fixtures.ts';

const enc = (text: string) => new TextEncoder().encode(text);

async function refusal(text: string): Promise<MeshImportError> {
  try {
    await importMesh('bad.obj', enc(text));
  } catch (error) {
    expect(error).toBeInstanceOf(MeshImportError);
    return error as MeshImportError;
  }
  throw new Error('expected the import to be refused');
}

describe('OBJ continuation lines and input budgets', () => {
  it('joins backslash continuation lines (trailing spaces and CR allowed) into one statement', async () => {
    const joined = await importMesh('a.obj', enc('v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4\n'));
    const continued = await importMesh(
      'b.obj',
      enc('v 0 0 0\nv 1 0 0\\  \r\n 0\nv 1 1 0\nv 0 1 0\nf 1 \\\n2 \\\r\n3 \\ \n4\n'),
    );
    expect(Array.from(continued.mesh.positions)).toEqual(Array.from(joined.mesh.positions));
    expect(Array.from(continued.mesh.indices)).toEqual(Array.from(joined.mesh.indices));
  });

  it('reads a face continued over 100,000 lines as one polygon', async () => {
    // The old parser re-trimmed the growing statement for every line: minutes at this size, past
    // the test timeout. Joining once makes the work linear in the text.
    const { mesh } = await importMesh('continued.obj', enc(continuedObj(100_000)));
    // 2 + 100,000 + 1 corners, split as a fan (more than the ear-clipping limit): corners − 2 triangles.
    expect(mesh.indices.length / 3).toBe(100_001);
  });

  it('refuses an object name longer than the name length limit at its line', async () => {
    const error = await refusal(longObjectNameObj(2 * 1024 * 1024, 1000));
    expect(error.message).toBe(
      'bad.obj:4: the o name has 2097152 characters, more than the 1,024 allowed (input limit nameLength)',
    );
    const { mesh } = await importMesh('ok.obj', enc(longObjectNameObj(INPUT_LIMITS.nameLength, 2)));
    expect(mesh.groups).toEqual([`${'n'.repeat(1024)}/group0`, `${'n'.repeat(1024)}/group1`]);
  });

  it('refuses group and material names past the limit too', async () => {
    const long = 'x'.repeat(INPUT_LIMITS.nameLength + 1);
    expect((await refusal(`v 0 0 0\ng ${long}\n`)).reason).toMatch(/^the g name has 1025 characters/);
    expect((await refusal(`v 0 0 0\n\nusemtl ${long}\n`)).line).toBe(3);
  });

  it('refuses the face that takes the mesh past the triangle budget, at its line', async () => {
    // One polygon of limit + 3 corners is limit + 1 triangles.
    const corners = Array.from({ length: INPUT_LIMITS.meshTriangles + 3 }, (_, i) => (i % 3) + 1);
    const error = await refusal(`v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\nf ${corners.join(' ')}\n`);
    expect(error.message).toBe(
      'bad.obj:5: the faces up to this line make 2000002 triangles, more than the 2,000,000 allowed (input limit meshTriangles)',
    );
  });

  it('reads a material library named 10,000 times once, and notes a missing one once', async () => {
    const reads: string[] = [];
    const mtl = enc('newmtl red\n');
    const text = `${'mtllib a.mtl b.mtl\n'.repeat(10_000)}v 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl red\nf 1 2 3\n`;
    const { notes } = await importMesh('libs.obj', enc(text), {
      readResource: (uri) => {
        reads.push(uri);
        return uri === 'a.mtl' ? mtl : undefined;
      },
    });
    expect(reads).toEqual(['a.mtl', 'b.mtl']);
    expect(notes).toEqual([
      "material library 'b.mtl' (line 1) was not found; usemtl names are kept as groups",
    ]);
  });
});
