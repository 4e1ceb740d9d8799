/** How each event from the simulation worker changes the app state (pure). */
import type { SimEvent } from '../sim/protocol.ts';
import { type AppState, smoothSimMs, withNotification, withSim } from './app-state.ts';

export function applySimEvent(state: AppState, event: SimEvent): AppState {
  switch (event.type) {
    case 'loaded':
      return withSim(state, {
        status: 'ready',
        frame: 0,
        simTimeS: 0,
        simMsPerFrame: null,
        particleCount: event.particleCount,
        constraintCount: event.constraintCount,
        kernels: event.kernels,
        kineticEnergyJ: 0,
      });
    case 'frame':
      return withSim(state, {
        frame: event.frame,
        simTimeS: event.simTimeS,
        kineticEnergyJ: event.kineticEnergyJ,
        // Frame 0 is the reset pose: nothing was solved, so it says nothing about solver time.
        simMsPerFrame:
          event.frame === 0 ? state.sim.simMsPerFrame : smoothSimMs(state.sim.simMsPerFrame, event.simMs),
      });
    case 'play-state':
      return withSim(state, { playing: event.playing });
    case 'error': {
      const next = withNotification(state, 'error', event.message);
      return state.sim.status === 'loading' ? withSim(next, { status: 'error' }) : next;
    }
  }
}
