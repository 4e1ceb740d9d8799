import { readFileSync } from 'node:fs';
import { DocumentError } from '../../core/document/problem.ts';
import {
  builtInMaterials,
  type Material,
  mergeMaterials,
  parseUserMaterials,
} from '../../core/material/index.ts';
import { type Command, type CommandIo, ExitCode } from '../command.ts';

const usage = `Usage: softbody materials [--json] [--user FILE]

Lists the material library: name, kind (solid|cloth), Young's modulus E (Pa), Poisson's
ratio ν, density ρ (kg/m³), cloth thickness t (m) and areal density ρ·t (kg/m²), the default
damping ratio, and where the numbers come from.

Options:
  --json       print the library as JSON
  --user FILE  also list the user materials saved in FILE (a material file, same format)`;

/** One library entry as printed: the record plus the derived areal density of cloth. */
function row(material: Material) {
  return {
    name: material.name,
    kind: material.kind,
    youngModulusPa: material.youngModulusPa,
    poissonRatio: material.poissonRatio,
    densityKgM3: material.densityKgM3,
    ...(material.thicknessM === undefined
      ? {}
      : { thicknessM: material.thicknessM, arealDensityKgM2: material.densityKgM3 * material.thicknessM }),
    dampingRatio: material.dampingRatio,
    source: material.source,
  };
}

export const materialsCommand: Command = {
  name: 'materials',
  usage,
  async run(args: string[], io: CommandIo): Promise<number> {
    let json = false;
    let userFile: string | undefined;
    for (let i = 0; i < args.length; i++) {
      if (args[i] === '--json') json = true;
      else if (args[i] === '--user' && i + 1 < args.length) userFile = args[++i];
      else {
        io.err(`softbody materials: unexpected argument '${args[i]}'. Run 'softbody materials --help'.`);
        return ExitCode.badInput;
      }
    }
    let materials: Material[] = [...builtInMaterials()];
    if (userFile) {
      let text: string;
      try {
        text = readFileSync(userFile, 'utf8');
      } catch (error) {
        io.err(
          `softbody materials: cannot read '${userFile}': ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
        );
        return ExitCode.badInput;
      }
      try {
        materials = mergeMaterials(materials, parseUserMaterials(text, userFile), userFile);
      } catch (error) {
        if (!(error instanceof DocumentError)) throw error;
        for (const line of error.lines()) io.err(`softbody materials: ${line}`);
        return ExitCode.badInput;
      }
    }
    if (json) {
      io.out(JSON.stringify(materials.map(row), null, 2));
      return ExitCode.ok;
    }
    io.out(table(materials));
    return ExitCode.ok;
  },
};

function table(materials: Material[]): string {
  const header = ['name', 'kind', 'E (Pa)', 'ν', 'ρ (kg/m³)', 't (mm)', 'ρ·t (g/m²)', 'ζ'];
  const rows = materials.map((m) => [
    m.name,
    m.kind,
    m.youngModulusPa.toExponential(2),
    String(m.poissonRatio),
    String(m.densityKgM3),
    m.thicknessM === undefined ? '' : String(+(m.thicknessM * 1000).toPrecision(4)),
    m.thicknessM === undefined ? '' : String(+(m.densityKgM3 * m.thicknessM * 1000).toPrecision(4)),
    String(m.dampingRatio),
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => cell.padEnd(widths[c]))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line), '', "Sources: 'softbody materials --json'."].join('\n');
}
