/**
 * An export target cannot carry some feature of the preset at all (not even approximately): the
 * export is refused rather than shipped without it. The CLI exits 2 with this message; the editor
 * shows it. Feature and target names are the ones of the feature × target table (features.ts).
 */
export class ExportRefusedError extends Error {
  /** The first refused feature (every one is in `refusals`). */
  readonly feature: string;

  constructor(
    readonly target: string,
    readonly refusals: readonly { feature: string; message: string }[],
  ) {
    super(`${target} cannot carry ${refusals.map((r) => `${r.feature} (${r.message})`).join('; ')}`);
    this.name = 'ExportRefusedError';
    this.feature = refusals[0]?.feature ?? '';
  }

  get features(): string[] {
    return this.refusals.map((r) => r.feature);
  }
}
