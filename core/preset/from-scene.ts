import type { Material } from '../material/schema.ts';
import type { Scene, SceneDocument } from '../scene/scene.ts';
import { materialRefOf, type SceneMaterialOptions, sceneMaterialLibrary } from '../scene/scene-materials.ts';
import type { SceneMeshes } from '../scene/scene-meshes.ts';
import { compileScene } from '../setup/compile-scene.ts';
import { GENERATOR } from '../version.ts';
import type { Preset } from './preset.ts';
import { PRESET_FORMAT_VERSION } from './schema.ts';

export interface PresetFromSceneOptions extends SceneMaterialOptions {
  /** The preset's name. */
  name: string;
  /** Mesh files the scene refers to, loaded by the caller (scene-meshes.ts). */
  meshes?: SceneMeshes;
  /** The file the preset is made from (a mesh or a scene), recorded as provenance. */
  source?: string;
}

/**
 * The preset of a scene document: the scene compiled once into the setup the preview runs
 * (core/setup/compile-scene.ts), serialized beside the document itself and every material it
 * names (library names are kept, and the numbers travel with them). The editor's Export Preset,
 * `softbody bake` and `softbody export SCENE.json` all make presets here, so the same scene and
 * meshes give the same bytes whichever made them. Throws the scene's DocumentError (with JSON
 * pointers into the scene) when it does not compile.
 */
export function presetFromScene(document: Scene | SceneDocument, options: PresetFromSceneOptions): Preset {
  const scene = withMaterialNames(document, sceneMaterialLibrary(options));
  const setup = compileScene(scene, options);
  return {
    formatVersion: PRESET_FORMAT_VERSION,
    name: options.name,
    generator: GENERATOR,
    ...(options.source === undefined ? {} : { source: options.source }),
    materials: namedMaterials(scene, sceneMaterialLibrary(options)),
    scene,
    setup,
  };
}

/**
 * A copy of the document in which every material that is a library material by its numbers and
 * name (what resolving a name gives, and what the editor keeps) is written as the name: the
 * preset records 'natural-rubber', whichever way the scene was made. The scene's own
 * `formatVersion` is left out (absent means 1, and the preset's formatVersion governs what it
 * holds), so a scene read from a file and one built in memory give the same bytes.
 */
function withMaterialNames(document: Scene | SceneDocument, library: readonly Material[]): SceneDocument {
  const { formatVersion: _sceneFormat, ...copy } = JSON.parse(JSON.stringify(document)) as SceneDocument;
  const ref = (material: SceneDocument['bodies'][number]['material']) =>
    typeof material === 'string' ? material : materialRefOf(material, library);
  return {
    ...copy,
    bodies: copy.bodies.map((body) => ({
      ...body,
      material: ref(body.material),
      ...(body.groups
        ? {
            groups: body.groups.map((g) =>
              g.material === undefined ? g : { ...g, material: ref(g.material) },
            ),
          }
        : {}),
    })),
  };
}

/** The library entries the document names (bodies and groups), in first-named order. */
export function namedMaterials(scene: SceneDocument, library: readonly Material[]): Material[] {
  const names: string[] = [];
  const note = (material: unknown) => {
    if (typeof material === 'string' && !names.includes(material)) names.push(material);
  };
  for (const body of scene.bodies) {
    note(body.material);
    for (const group of body.groups ?? []) note(group.material);
  }
  return names.flatMap((name) => {
    const found = library.find((m) => m.name === name);
    return found ? [found] : [];
  });
}
