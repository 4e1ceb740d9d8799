/**
 * Whether a world's frames step with its solver team or alone, chosen by the wall time of frames
 * stepped each way (solver-team.ts).
 *
 * On a machine whose cores are taken by other work, threads that meet a few times per block and
 * substep are slower than one: a thread the machine deschedules holds the others up at every
 * meeting. Measured in the editor on this project's two-core test machine, where Chromium's
 * software WebGL keeps about a core busy at a higher priority than the page's workers: the 16³
 * neo-Hookean cube stepped in 29 ms a frame with the team and in 17 ms alone. The stall back-off
 * (a helper descheduled mid-chunk) does not see it: the helper is slowed, not stopped. So the team
 * tries the other way now and then and keeps whichever has been faster.
 *
 * It starts with the team and steps one frame alone after FIRST_TRIAL_EVERY frames; each trial
 * that confirms the choice doubles the wait for the next, up to MAX_TRIAL_EVERY (so that on a free
 * machine a trial costs well under 1% of the frames), and a switch starts over at the first. A
 * trial's frame is compared with the median of the last SAMPLES frames stepped the chosen way, per
 * substep (frames of one world cost about the same), and switches where it is MARGIN faster.
 */

import { median } from '../../math/median.ts';

export const FIRST_TRIAL_EVERY = 8;
export const MAX_TRIAL_EVERY = 256;
const SAMPLES = 3;
const MARGIN = 0.05;

export class TeamChooser {
  /** The way frames step until a trial says otherwise. */
  private together = true;
  /** The last SAMPLES frames stepped that way, ms per substep. */
  private samples: number[] = [];
  private sinceTrial = 0;
  private trialEvery = FIRST_TRIAL_EVERY;
  /** Frames stepped alone, trials included. */
  framesAlone = 0;

  /** Whether the coming frame steps with the team. */
  next(): boolean {
    return this.sinceTrial >= this.trialEvery ? !this.together : this.together;
  }

  /** Records a frame stepped as `next` said (`together`): `msPerSubstep` of wall time. */
  record(together: boolean, msPerSubstep: number): void {
    if (!together) this.framesAlone++;
    if (together === this.together) {
      this.samples.push(msPerSubstep);
      if (this.samples.length > SAMPLES) this.samples.shift();
      this.sinceTrial++;
      return;
    }
    // A trial of the other way, against the way's recent frames: the other way's own older
    // frames are left out, taken while the machine may have been busier or freer than now.
    this.sinceTrial = 0;
    if (msPerSubstep < (1 - MARGIN) * median(this.samples)) {
      this.together = together;
      this.samples = [msPerSubstep];
      this.trialEvery = FIRST_TRIAL_EVERY;
    } else {
      this.trialEvery = Math.min(MAX_TRIAL_EVERY, 2 * this.trialEvery);
    }
  }
}
