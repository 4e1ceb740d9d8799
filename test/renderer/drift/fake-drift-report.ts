import type { DriftMeasurement, DriftReport, DriftRun } from '../../../core/calibrate/drift-check.ts';

const reference: DriftMeasurement = {
  rateHz: 60,
  resolution: 1,
  frameDtS: 1 / 60,
  substeps: 10,
  substepS: 1 / 600,
  elements: 400,
  sagM: 0.05,
  energyJ: -1.6,
  settled: true,
  simulatedS: 1,
};

/** A run of the fake report: sag and energy `sagDrift` and `energyDrift` off the reference. */
export function fakeRun(rateHz: number, resolution: number, sagDrift: number, energyDrift: number): DriftRun {
  const sagM = reference.sagM * (1 + sagDrift);
  return {
    ...reference,
    rateHz,
    resolution,
    frameDtS: 1 / rateHz,
    substepS: 1 / (10 * rateHz),
    elements: Math.round(400 * resolution ** 3),
    sagM,
    energyJ: reference.energyJ * (1 + energyDrift),
    effectiveERatio: reference.sagM / sagM,
    drift: { sag: sagDrift, effectiveE: reference.sagM / sagM - 1, energy: energyDrift },
    flagged: Math.max(Math.abs(sagDrift), Math.abs(reference.sagM / sagM - 1), Math.abs(energyDrift)) > 0.05,
  };
}

/** A report of a body 'blob' with three runs: within, flagged on energy, flagged on sag. */
export function fakeDriftReport(): DriftReport {
  const runs = [fakeRun(30, 1, 0.01, -0.02), fakeRun(60, 2, 0.02, -0.2), fakeRun(120, 0.5, -0.08, 0.01)];
  return {
    body: 'blob',
    probe: 'the particles farthest from the pins (1 m at rest)',
    compensation: 'auto',
    tolerance: 0.05,
    fundamentalRadPerS: 15,
    reference,
    runs,
    skipped: [],
    notes: [],
    flagged: runs.some((r) => r.flagged),
  };
}
