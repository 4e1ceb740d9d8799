import loadMujoco, { type MainModule, type MjData, type MjModel } from 'mujoco-js';

/**
 * MuJoCo 3 (the `mujoco-js` WebAssembly build) for the round-trip tests: a model is loaded from
 * MJCF text exactly as a game or robotics team loads our export (MjModel.loadFromXML).
 */

let module: Promise<MainModule> | undefined;

/** The MuJoCo module, loaded once per test file (about 0.3 s). */
export function loadMujocoModule(): Promise<MainModule> {
  module ??= loadMujoco();
  return module;
}

export interface MujocoWorld {
  mujoco: MainModule;
  model: MjModel;
  data: MjData;
  destroy(): void;
}

let files = 0;

/** A model and its data from MJCF text; throws with MuJoCo's error name when the text is refused. */
export async function loadMujocoXml(xml: string): Promise<MujocoWorld> {
  const mujoco = await loadMujocoModule();
  // biome-ignore lint/suspicious/noExplicitAny: Emscripten's FS is not in the package's types.
  const fs = (mujoco as any).FS;
  if (!fs.analyzePath('/models').exists) fs.mkdir('/models');
  const path = `/models/export-${files++}.xml`;
  fs.writeFile(path, xml);
  try {
    const model = mujoco.MjModel.loadFromXML(path);
    const data = new mujoco.MjData(model);
    return {
      mujoco,
      model,
      data,
      destroy() {
        data.delete();
        model.delete();
      },
    };
  } finally {
    fs.unlink(path);
  }
}
