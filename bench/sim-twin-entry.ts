/** Worker entry of a twin world of the sim suite (sim-twins.ts): steps its own copy of a scene on request. */
import { workerData } from 'node:worker_threads';
import { runTwin, type TwinInit } from './sim-twins.ts';

runTwin(workerData as TwinInit);
