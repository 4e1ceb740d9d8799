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
 * It starts with the team and tries alone after FIRST_TRIAL_EVERY frames; each trial that confirms
 * the choice doubles the wait for the next, up to MAX_TRIAL_EVERY (so that on a free machine trials
 * cost about 1% of the frames), and a switch starts over at the first. A trial steps TRIAL_FRAMES
 * frames the other way and judges by its last: the first frame of the team after frames alone wakes
 * helpers that have slept since (a futex wake each, on a core the machine may have given away),
 * and a helper late at its first chunk sets off the team's stall back-off, so that frame is slower
 * than the team's frames after it. Measured in the editor (the 16³ neo-Hookean cube, Chromium
 * drawing in software on the same two cores, 748 frames): the team's trial frames had a median of
 * 17.6 ms, its frames in a row 11.5 and the frames alone 15.1, so one-frame trials kept it alone
 * (but for those trials) for stretches of 26 and 59 frames where the team was the faster. The
 * judged frame is compared with the median of the last SAMPLES frames stepped the chosen way, per
 * substep (frames of one world cost about the same), and wins where it is MARGIN faster.
 *
 * A switch takes two wins in a row, the second after SAMPLES fresh frames of the chosen way: on a
 * shared machine a burst of load from elsewhere slows a few frames of whichever way is stepping,
 * and a trial right after it won against those frames alone. Measured on the 16³ neo-Hookean
 * cube in Node (1,000 frames, the machine's other tenants about): a trial alone at 0.385 ms a
 * substep against a median of 0.506 for the team's last three frames (its usual 0.224) switched,
 * and the world stepped 8 frames alone at 0.390 before the next trial brought the team back; the
 * sim bench's team read 17–31% of its frames alone in such runs, where its chooser's trials alone
 * make 4%. The confirmation costs a true switch SAMPLES + TRIAL_FRAMES frames more of the slower way.
 */

import { median } from '../../math/median.ts';

export const FIRST_TRIAL_EVERY = 8;
export const MAX_TRIAL_EVERY = 256;
/** Frames a trial steps the other way: the first warms that way up, the last is judged. */
export const TRIAL_FRAMES = 2;
/** Frames of the chosen way whose median a trial is judged against. */
export const SAMPLES = 3;
const MARGIN = 0.05;

export class TeamChooser {
  /** The way frames step until a trial says otherwise. */
  private together = true;
  /** The last SAMPLES frames stepped that way, ms per substep. */
  private samples: number[] = [];
  private sinceTrial = 0;
  private trialEvery = FIRST_TRIAL_EVERY;
  /** Frames of the trial under way stepped so far (0: none under way). */
  private trialFrames = 0;
  /** Whether the last trial won: the next, after SAMPLES frames of the chosen way, confirms it or not. */
  private confirming = false;
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
    // A trial of the other way, judged by its last frame against the way's recent frames: the other
    // way's own older frames are left out, taken while the machine may have been busier or freer.
    if (++this.trialFrames < TRIAL_FRAMES) return;
    this.trialFrames = 0;
    this.sinceTrial = 0;
    const won = msPerSubstep < (1 - MARGIN) * median(this.samples);
    if (won && !this.confirming) {
      // Judged again once the chosen way has stepped SAMPLES frames since.
      this.confirming = true;
      this.sinceTrial = this.trialEvery - SAMPLES;
    } else if (won) {
      this.confirming = false;
      this.together = together;
      this.samples = [msPerSubstep];
      this.trialEvery = FIRST_TRIAL_EVERY;
    } else {
      this.confirming = false;
      this.trialEvery = Math.min(MAX_TRIAL_EVERY, 2 * this.trialEvery);
    }
  }
}
