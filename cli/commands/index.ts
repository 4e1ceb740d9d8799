import type { Command } from '../command.ts';

/** A command as the top-level help lists it; its module is loaded only when it runs or shows its help. */
export interface CommandEntry {
  name: string;
  summary: string;
  load(): Promise<Command>;
}

/**
 * The command table. Each subcommand lives in its own file under cli/commands/ and is listed
 * here once; `main` dispatches by name. The imports are dynamic so that `--version`, `--help` and
 * a mistyped command load none of core/ (start-up time is most of a short command's cost).
 */
export const commands: readonly CommandEntry[] = [
  {
    name: 'inspect',
    summary: 'Report a mesh file: topology, watertightness, self-intersections, bounds, volume',
    load: async () => (await import('./inspect.ts')).inspectCommand,
  },
  {
    name: 'tetra',
    summary: 'Tetrahedralize a mesh file (conforming or embedded) and report the tet quality',
    load: async () => (await import('./tetra.ts')).tetraCommand,
  },
  {
    name: 'simulate',
    summary: 'Run a scene with the XPBD solver and print a JSON report per body',
    load: async () => (await import('./simulate.ts')).simulateCommand,
  },
  {
    name: 'materials',
    summary: 'List the material library (E, ν, ρ, thickness, source)',
    load: async () => (await import('./materials.ts')).materialsCommand,
  },
  {
    name: 'validate',
    summary: 'Check a preset (JSON or GLB) and list every problem with its JSON pointer',
    load: async () => (await import('./validate.ts')).validateCommand,
  },
  {
    name: 'export',
    summary: "Export a preset or a scene for a runtime ('softbody help export' lists the targets)",
    load: async () => (await import('./export.ts')).exportCommand,
  },
  {
    name: 'bake',
    summary: 'Turn mesh files into presets with materials, groups and pins (many files, progress, summary)',
    load: async () => (await import('./bake.ts')).bakeCommand,
  },
  {
    name: 'calibrate',
    summary:
      'Run standard scenes with a material and compare with analytic elasticity (E_eff per substep count)',
    load: async () => (await import('./calibrate.ts')).calibrateCommand,
  },
  {
    name: 'check',
    summary: 'Drift check: rerun a scene or preset at other frame rates and resolutions, flag drift over 5%',
    load: async () => (await import('./check.ts')).checkCommand,
  },
];
