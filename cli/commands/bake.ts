import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Material } from '../../core/material/index.ts';
import { DEFAULT_TARGET_TETS } from '../../core/tetra/index.ts';
import { meshFrameHelp } from '../args.ts';
import { type BakeArgs, DEFAULT_BAKE_SUBSTEPS, parseBakeArgs } from '../bake/args.ts';
import { type BakePlan, type BakeResult, bakeFile, presetGroupName, stemOf } from '../bake/bake-file.ts';
import { summaryJson, summaryTable } from '../bake/summary.ts';
import { budgetHelp } from '../budget-options.ts';
import { type Command, type CommandIo, ExitCode, UsageError } from '../command.ts';
import { expandPatterns } from '../glob.ts';
import { loadJoltFrameTimer } from '../jolt-runtime.ts';
import { findMaterial, loadMaterialLibrary } from '../material-lookup.ts';
import { createProgress } from '../progress.ts';

const usage = `Usage: softbody bake MESH... --material NAME [--group NAME=MATERIAL ...] [--pin BOX ...]
                    [--edge L | --tets N] [--model neo-hookean|edges-volume] -o DIR
                    [--budget-ms MS] [--runtime jolt] [--no-frame-cost] [--progress] [--json]

Turns mesh files (OBJ, glTF, GLB; several files or a pattern such as 'meshes/*.obj') into
presets (format 2, the same bytes the editor exports for the same mesh, material and settings):
DIR/<name>.preset.json per file. A solid material fills the surface with tets and skins the
surface to them; a cloth material simulates the surface itself. Every file
is baked even when one fails; a table at the end gives each file's vertices, tets, groups,
time and outcome, then each body's cost per 60 Hz frame here and in the budget's runtime (the
preset exported for it), with a warning line for a body over budget. Exit code 0 when every file baked, 1 when any failed, 2 for bad arguments.
Patterns take *, ?, [abc], {a,b} and ** (any depth of folders).

Options:
  --material NAME        material of the whole body ('softbody materials' lists them)
  --group NAME=MATERIAL  import group NAME (OBJ o/g/usemtl, glTF mesh or material name) gets
                         MATERIAL; repeatable; a file without that group says so and goes on
  --pin BOX              pins the vertices inside the box 'minx,miny,minz,maxx,maxy,maxz'
                         (m, after import); repeatable
  --edge L               target tet edge length, m
  --tets N               approximate number of tets per file (default ${DEFAULT_TARGET_TETS})
  --model M              solid constraint model: neo-hookean (default) or edges-volume
  -o, --output DIR       folder for the presets (created when missing)
${meshFrameHelp(25)}
  --dt S                 frame time step written into the presets, s (default 1/60)
  --substeps N           substeps per frame written into the presets (default ${DEFAULT_BAKE_SUBSTEPS})
  --user FILE            also look materials up in FILE (a user material file; '-': standard input)
${budgetHelp(25, ['written into the presets'])}
  --no-frame-cost        do not time the bodies (the readout takes a few seconds per file)
  --progress             a line per file on stderr when it is not a terminal (a terminal gets a bar)
  --json                 print the summary as { files: [{ file, output, kind, vertices, elements,
                         groups, notes, seconds, frameCost, error }], baked, failed }`;

export const bakeCommand: Command = {
  name: 'bake',
  usage,
  async run(args: string[], io: CommandIo): Promise<number> {
    const parsed = parseBakeArgs(args);
    const plan = await makePlan(parsed, io);
    const expanded = await expandPatterns(parsed.inputs);
    if (expanded.unmatched.length > 0)
      throw new UsageError(`no file matches ${expanded.unmatched.map((p) => `'${p}'`).join(', ')}`);
    const files = expanded.files;
    try {
      await mkdir(parsed.outDir, { recursive: true });
    } catch (error) {
      throw new UsageError(`cannot create the output folder '${parsed.outDir}': ${(error as Error).message}`);
    }

    const progress = createProgress({ label: 'bake', total: files.length, io, plain: parsed.progress });
    const results: BakeResult[] = [];
    const owners = new Map<string, string>();
    for (const [i, file] of files.entries()) {
      const output = join(parsed.outDir, `${stemOf(file)}.preset.json`);
      const owner = owners.get(output);
      let result: BakeResult;
      if (owner !== undefined) {
        // Two inputs with one name (a/spot.obj, b/spot.glb) would write one preset; keep the first.
        result = {
          file,
          groups: [],
          notes: [],
          seconds: 0,
          error: `${file}: its preset ${output} would replace the one of ${owner}; rename one of them`,
        };
      } else {
        owners.set(output, file);
        progress.update(i, file);
        result = await bakeFile(file, output, plan, (stage, fraction) =>
          progress.update(i, `${file}: ${stage}`, fraction),
        );
      }
      results.push(result);
      if (result.error !== undefined) progress.log(`softbody bake: ${result.error}`);
      if (i + 1 === files.length) progress.update(i + 1, 'done');
    }
    progress.finish();
    io.out(parsed.json ? JSON.stringify(summaryJson(results), null, 2) : summaryTable(results));
    for (const { importGroup } of plan.groups) {
      const matched = results.some((r) => r.groups.includes(presetGroupName(importGroup)));
      if (!matched && results.some((r) => r.error === undefined))
        io.err(`softbody bake: --group '${importGroup}' matched no import group in any baked file`);
    }
    return results.some((r) => r.error !== undefined) ? ExitCode.failure : ExitCode.ok;
  },
};

/** The materials by name, checked: every material exists, and all are of one kind. */
async function makePlan(args: BakeArgs, io: CommandIo): Promise<BakePlan> {
  const library = await loadMaterialLibrary(args.userFile, io);
  const material = findMaterial(library, args.material);
  const groups = args.groups.map((g) => ({
    importGroup: g.importGroup,
    material: findMaterial(library, g.material, `--group ${g.importGroup}`),
  }));
  for (const g of groups) {
    if (g.material.kind !== material.kind) {
      throw new UsageError(
        `--group ${g.importGroup}=${g.material.name} is a ${g.material.kind} material, but --material ${material.name} ` +
          `is ${kindPhrase(material)}: a body is either solid (tets) or cloth (its surface)`,
      );
    }
  }
  return {
    library,
    material,
    groups,
    pins: args.pins,
    edgeLengthM: args.edgeLengthM,
    targetTetCount: args.targetTetCount,
    solidModel: args.model,
    scale: args.scale,
    upAxis: args.upAxis,
    frameDtS: args.frameDtS,
    substeps: args.substeps,
    budget: args.budget,
    frameCostRuntime: args.frameCost ? loadJoltFrameTimer() : undefined,
  };
}

function kindPhrase(material: Material): string {
  return material.kind === 'solid' ? 'a solid' : 'a cloth';
}
