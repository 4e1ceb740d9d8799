/**
 * Opening a preset file in the editor: each solid body of the preset joins the scene as a mesh
 * body made from the preset's simulation mesh (its tets, as the tet mesh), with the material its
 * scene body names; each body is one undoable edit. Cloth bodies cannot be mesh bodies yet: a
 * preset of cloth only gives its first material to the selected body instead (also undoable),
 * and the notification says so. A file that is not a valid preset changes nothing and lists
 * every problem with its JSON pointer.
 */

import type { OpenedFile } from '../../../contract/host-api.ts';
import { formatProblem } from '../../../core/document/problem.ts';
import type { Material } from '../../../core/material/schema.ts';
import { checkPresetText, type Preset } from '../../../core/preset/index.ts';
import type { Editor } from '../editor/editor.ts';
import { applyLibraryMaterial } from '../editor/scene-edits.ts';
import type { NotificationLevel } from '../state/app-state.ts';

export interface OpenPresetDeps {
  editor: Pick<Editor, 'state' | 'edit' | 'addMeshBody'>;
  notify: (level: NotificationLevel, text: string, detail?: string) => void;
}

/**
 * The material of the preset's body `index`: the library entry its scene body names (the preset
 * carries it), or its inline numbers as a material of its own.
 */
export function bodyMaterialOf(preset: Preset, index: number): Material | undefined {
  const body = preset.scene.bodies[index];
  const setup = preset.setup.bodies[index];
  if (!body || !setup) return undefined;
  if (typeof body.material === 'string') {
    const name = body.material;
    return preset.materials.find((m) => m.name === name);
  }
  return {
    name: `${body.name}-material`,
    kind: setup.geometry.kind === 'cloth' ? 'cloth' : 'solid',
    ...body.material,
    dampingRatio: body.dampingRatio ?? 0,
    source: `preset '${preset.name}', body '${body.name}'`,
  };
}

/** Opens `file` as a preset; resolves with the number of bodies added (0 when none were). */
export async function openPresetFile(file: OpenedFile, deps: OpenPresetDeps): Promise<number> {
  const { preset, problems } = checkPresetText(new TextDecoder().decode(file.bytes));
  if (!preset) {
    deps.notify(
      'error',
      `Could not open ${file.name}: it is not a valid preset (${problems.length} problem${problems.length === 1 ? '' : 's'}); the scene is unchanged.`,
      problems.map((p) => `${file.name}: ${formatProblem(p)}`).join('\n'),
    );
    return 0;
  }
  const added: string[] = [];
  const skipped: string[] = [];
  for (const [i, body] of preset.setup.bodies.entries()) {
    const material = bodyMaterialOf(preset, i);
    if (body.geometry.kind !== 'solid' || !material) {
      skipped.push(body.name);
      continue;
    }
    const index = deps.editor.addMeshBody({
      fileName: `${body.name}.preset`,
      mesh: { positions: body.geometry.positions, tets: body.geometry.tets },
      material,
    });
    if (index !== null) added.push(body.name);
  }
  if (added.length > 0) {
    const rest =
      skipped.length > 0 ? ` Not added (cloth bodies cannot be mesh bodies yet): ${skipped.join(', ')}.` : '';
    deps.notify('info', `Opened ${file.name}: added ${added.join(', ')} to the scene.${rest}`);
    return added.length;
  }
  if (skipped.length > 0) applyFirstMaterial(file, preset, deps);
  return 0;
}

/** A preset without solid bodies: its first body's material goes to the selected body. */
function applyFirstMaterial(file: OpenedFile, preset: Preset, deps: OpenPresetDeps): void {
  const material = bodyMaterialOf(preset, 0);
  const selected = deps.editor.state.selectedBody;
  if (!material || selected === null) {
    deps.notify(
      'warning',
      `${file.name} holds only cloth bodies, which cannot be added yet; select a body to take its material.`,
    );
    return;
  }
  const body = deps.editor.state.scene.bodies[selected];
  const fits = material.kind === 'cloth' ? body?.shape.type === 'cloth' : body?.shape.type !== 'cloth';
  if (!body || !fits) {
    deps.notify(
      'warning',
      `${file.name}: its ${material.kind} material '${material.name}' does not fit ${body?.name ?? 'the selected body'}; nothing changed.`,
    );
    return;
  }
  if (deps.editor.edit((scene) => applyLibraryMaterial(scene, selected, material)))
    deps.notify(
      'info',
      `${file.name} holds only cloth bodies, which cannot be added yet: applied its material '${material.name}' to ${body.name}.`,
    );
}
