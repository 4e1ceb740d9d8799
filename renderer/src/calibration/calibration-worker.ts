/**
 * Worker that calibrates a material with core/calibrate (the standard scenes run to rest at each
 * substep count), so the seconds this takes never block the UI thread.
 */
import { calibrateMaterial } from '../../../core/calibrate/calibrate.ts';
import { createCalibrationHandler } from './calibration-handler.ts';
import type { CalibrationCommand, CalibrationEvent } from './protocol.ts';

/** The part of DedicatedWorkerGlobalScope used here (the web tsconfig has DOM types, not WebWorker). */
interface WorkerScope {
  postMessage(message: CalibrationEvent): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<CalibrationCommand>) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
const handle = createCalibrationHandler(calibrateMaterial, (event) => scope.postMessage(event));
scope.addEventListener('message', (event) => handle(event.data));
