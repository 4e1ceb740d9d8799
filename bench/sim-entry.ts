/** Entry of the bundled `sim` benchmark (see bench/sim.ts): plain Node runs it. */
import { runSimSuite } from './sim-suite.ts';

await runSimSuite(process.argv.slice(2));
