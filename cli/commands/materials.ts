import type { Material } from '../../core/material/index.ts';
import { parseCommandArgs } from '../args.ts';
import { type Command, type CommandIo, ExitCode, UsageError } from '../command.ts';
import { loadMaterialLibrary } from '../material-lookup.ts';

const usage = `Usage: softbody materials [--json] [--user FILE]

Lists the material library: name, kind (solid|cloth), Young's modulus E (Pa), Poisson's
ratio ν, density ρ (kg/m³), cloth thickness t (m) and areal density ρ·t (kg/m²), the default
damping ratio, and where the numbers come from.

Options:
  --json       print the library as JSON
  --user FILE  also list the user materials saved in FILE (a material file, same format;
               '-' reads standard input)`;

const options = { user: { type: 'string' } } as const;

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
    const { values, positionals } = parseCommandArgs('materials', args, options);
    if (positionals.length > 0)
      throw new UsageError(`unexpected argument '${positionals[0]}'. Run 'softbody materials --help'.`);
    const json = values.json === true;
    const materials = await loadMaterialLibrary(values.user, io);
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
