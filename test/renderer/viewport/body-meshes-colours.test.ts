import type { Mesh, MeshStandardMaterial } from 'three';
import { describe, expect, test } from 'vitest';
import type { BodyLayout } from '../../../renderer/src/sim/protocol.ts';
import { BodyMeshes } from '../../../renderer/src/viewport/body-meshes.ts';
import { bodyColours } from '../../../renderer/src/viewport/body-palette.ts';

const sheet: BodyLayout = {
  name: 'sheet',
  kind: 'cloth',
  particleOffset: 0,
  particleCount: 3,
  surfaceTriangles: Uint32Array.of(0, 1, 2),
  edges: Uint32Array.of(0, 1, 1, 2, 2, 0),
};

describe('body mesh vertex colours', () => {
  test('colours a body per vertex and gives it back its body colour', () => {
    const meshes = new BodyMeshes();
    meshes.setBodies([sheet], new Float32Array(9));
    const mesh = meshes.root.children[0] as Mesh;
    const material = mesh.material as MeshStandardMaterial;
    expect(material.vertexColors).toBe(false);

    const colours = Float32Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1);
    meshes.setVertexColours(0, colours);
    expect(material.vertexColors).toBe(true);
    expect(material.color.getHex()).toBe(0xffffff);
    expect(Array.from(mesh.geometry.getAttribute('color').array)).toEqual(Array.from(colours));
    // The array was copied: changing it afterwards changes nothing drawn.
    colours[0] = 0.5;
    expect(mesh.geometry.getAttribute('color').array[0]).toBe(1);

    meshes.setVertexColours(0, null);
    expect(material.vertexColors).toBe(false);
    expect(material.color.getHex()).toBe(bodyColours(['sheet'])[0]);
    // A body that does not exist is ignored.
    expect(() => meshes.setVertexColours(5, colours)).not.toThrow();
  });
});
