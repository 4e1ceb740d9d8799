import { Document, NodeIO } from '@gltf-transform/core';
import validator from 'gltf-validator';
import { describe, expect, it } from 'vitest';
import { exportGlb, readGlbPreset, SOFTBODY_EXTENSION, writePreset } from '../../../core/preset/index.ts';
import { samplePreset } from './fixtures.ts';

describe('glTF export (SOFTBODY_soft_body)', () => {
  it('passes the Khronos glTF validator with zero errors and zero warnings', async () => {
    const glb = await exportGlb(samplePreset());
    const report = await validator.validateBytes(glb);
    expect(report.issues.numErrors).toBe(0);
    expect(report.issues.numWarnings).toBe(0);
    // What remains is information: the vendor extension is unknown to the validator and its
    // accessors are used only by it.
    const codes = new Set(report.issues.messages.map((m: { code: string }) => m.code));
    expect([...codes].sort()).toEqual(['UNSUPPORTED_EXTENSION', 'UNUSED_OBJECT']);
  });

  it('reads back the tet mesh, render mesh, embedding, parameters and derived compliances exactly', async () => {
    const preset = samplePreset();
    const back = await readGlbPreset(await exportGlb(preset));
    expect(back.bodies[0].simulationMesh.elements).toEqual(preset.bodies[0].simulationMesh.elements);
    expect(back.bodies[0].simulationMesh.positions).toEqual(preset.bodies[0].simulationMesh.positions);
    expect(back.bodies[0].embedding).toEqual(preset.bodies[0].embedding);
    expect(back.materials).toEqual(preset.materials);
    expect(writePreset(back)).toBe(writePreset(preset));
  });

  it('shows each body as an ordinary mesh node named after it', async () => {
    const glb = await exportGlb(samplePreset());
    const report = await validator.validateBytes(glb);
    expect(report.info.extensionsUsed).toEqual([SOFTBODY_EXTENSION]);
    expect(report.info.drawCallCount).toBe(2);
  });

  it('refuses a GLB without the extension', async () => {
    const document = new Document();
    const buffer = document.createBuffer();
    const positions = document
      .createAccessor()
      .setType('VEC3')
      .setArray(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]))
      .setBuffer(buffer);
    document
      .createScene()
      .addChild(
        document
          .createNode('plain')
          .setMesh(
            document
              .createMesh()
              .addPrimitive(document.createPrimitive().setAttribute('POSITION', positions)),
          ),
      );
    const glb = await new NodeIO().writeBinary(document);
    await expect(readGlbPreset(glb)).rejects.toThrow(`/extensions: has no ${SOFTBODY_EXTENSION} extension`);
  });
});
