import { DocumentError, encodeDocument } from '../document/index.ts';
import type { Approximation, ExportTargetId } from '../preset/exporters/features.ts';
import {
  checkPresetValue,
  describeJoltIterations,
  exportGlb,
  exportGodot,
  exportJolt,
  exportMujoco,
  godotApproximations,
  joltApproximations,
  joltIterationsToReach,
  mujocoApproximations,
  type Preset,
  packJoltExport,
  presetToDocument,
  writePreset,
} from '../preset/index.ts';
import { utf8Bytes } from './utf8.ts';

/**
 * The export targets, one table for `softbody export` and the editor's Export Preset: each writes
 * a preset as file bytes for one runtime and says what that runtime does not get exactly. A new
 * target is a row here; the CLI's --target list and help, and the editor's buttons, follow.
 */

export type { Approximation, ExportTargetId };

export interface ExportResult {
  bytes: Uint8Array;
  /** Empty when the file carries the preset exactly. */
  approximations: Approximation[];
  /**
   * What the target's budget does to the material, per body ("cloth hinges: stiffened ×1.84 for
   * 20 substeps; reaches 92% of the material, 22 substeps would reach it"): empty where the target
   * runs the preview's own setup, whose notes the preset already has.
   */
  budgetNotes: string[];
}

/** Options of one export; each target reads only its own. */
export interface ExportOptions {
  /**
   * Jolt: the mNumIterations the file asks for (exportJolt `iterations`), or 'auto' for the fewest
   * that bring every body within 5% of its material (jolt-iterations.ts); default the preset's
   * substeps. The report then says what the count costs against the preset's substep budget.
   */
  joltIterations?: number | 'auto';
}

export interface ExportTarget {
  id: ExportTargetId;
  /** A short name for buttons and lists. */
  label: string;
  /** What the file is and what reads it, one sentence (the CLI's help). */
  description: string;
  /** The file name's ending, dot included ('.preset.json'). */
  extension: string;
  /** Media type, where one is registered for the format. */
  mime?: string;
  /**
   * Throws DocumentError (kind 'preset') when the preset is not valid, and ExportRefusedError when
   * the target cannot carry one of its features (core/preset/exporters/features.ts).
   */
  export(preset: Preset, options?: ExportOptions): Promise<ExportResult>;
}

/**
 * Throws DocumentError listing the preset's problems: no target writes a file from a preset that
 * its own reader would refuse (the native writer checks by itself).
 */
function assertValid(preset: Preset): void {
  const { problems } = checkPresetValue(encodeDocument(presetToDocument(preset)));
  if (problems.length > 0) throw new DocumentError('preset', problems);
}

/** Indented JSON ending in a newline: readable and diffable, as a runtime team keeps it in version control. */
function jsonBytes(value: unknown): Uint8Array {
  return utf8Bytes(`${JSON.stringify(value, null, 2)}\n`);
}

export const EXPORT_TARGETS: readonly ExportTarget[] = [
  {
    id: 'native',
    label: 'Preset JSON',
    description: 'the preset itself, canonical (byte-identical when re-exported)',
    extension: '.preset.json',
    mime: 'application/json',
    async export(preset) {
      return { bytes: utf8Bytes(writePreset(preset)), approximations: [], budgetNotes: [] };
    },
  },
  {
    id: 'gltf',
    label: 'glTF binary (GLB)',
    description:
      'a GLB: the render meshes as ordinary meshes, the whole preset in the SOFTBODY_soft_body extension (docs/gltf-extension/README.md)',
    extension: '.glb',
    mime: 'model/gltf-binary',
    async export(preset) {
      assertValid(preset);
      // The extension holds the preset array for array: reading it back gives the same preset.
      return { bytes: await exportGlb(preset), approximations: [], budgetNotes: [] };
    },
  },
  {
    id: 'jolt',
    label: 'Jolt Physics JSON',
    description:
      'JSON for Jolt Physics (bulk arrays binary, base64), loaded by runtime/jolt/loader.mjs; what Jolt cannot express is exported as the nearest equivalent and listed',
    extension: '.jolt.json',
    mime: 'application/json',
    async export(preset, options = {}) {
      assertValid(preset);
      // What Jolt approximates or refuses comes from the one feature × target table.
      const approximations = joltApproximations(preset);
      const asked = options.joltIterations;
      const iterations = asked === 'auto' ? joltIterationsToReach(preset) : asked;
      const file = exportJolt(preset, { iterations });
      const budgetNotes = [
        ...(iterations === undefined ? [] : [describeJoltIterations(preset, iterations)]),
        ...file.bodies.flatMap((body) => body.budget.map((note) => `${body.name}: ${note}`)),
      ];
      return { bytes: jsonBytes(packJoltExport(file)), approximations, budgetNotes };
    },
  },
  {
    id: 'mujoco',
    label: 'MuJoCo MJCF',
    description:
      "an MJCF model for MuJoCo 3.3 or later: each body a flex of its tets or triangles with the material's E and ν, particles as slide-jointed bodies, colliders as geoms, z up; the time step is what MuJoCo's explicit flex elasticity needs",
    extension: '.mjcf.xml',
    mime: 'application/xml',
    async export(preset) {
      assertValid(preset);
      const approximations = mujocoApproximations(preset);
      const file = exportMujoco(preset);
      return { bytes: utf8Bytes(file.xml), approximations, budgetNotes: file.notes };
    },
  },
  {
    id: 'godot',
    label: 'Godot 4 scene',
    description:
      'a Godot 4 text scene (.tscn) for Godot Physics 3D, one file: each body a SoftBody3D of its surface (an inline ArrayMesh, pins by vertex), linear_stiffness calibrated to hang as the preview does, colliders as StaticBody3D; y up, one physics tick per frame',
    extension: '.tscn',
    async export(preset) {
      assertValid(preset);
      const approximations = godotApproximations(preset);
      const file = exportGodot(preset);
      return { bytes: utf8Bytes(file.tscn), approximations, budgetNotes: file.notes };
    },
  },
];

export const EXPORT_TARGET_IDS: readonly ExportTargetId[] = EXPORT_TARGETS.map((t) => t.id);

/** The target with this id, or undefined for an id no row has (user input). */
export function findExportTarget(id: string): ExportTarget | undefined {
  return EXPORT_TARGETS.find((t) => t.id === id);
}

/** The target with this id (a typed id always has one). */
export function exportTarget(id: ExportTargetId): ExportTarget {
  const target = findExportTarget(id);
  if (!target) throw new Error(`[export] no target '${id}' in EXPORT_TARGETS`);
  return target;
}
