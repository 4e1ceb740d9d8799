import { describe, expect, test } from 'vitest';
import { createFrameScheduler } from '../../renderer/src/sim/frame-scheduler.ts';

describe('frame scheduler (the worker loop timer)', () => {
  test('a chain of due frames runs without the nested-timer clamp, in order; a cancelled one never runs', async () => {
    const scheduler = createFrameScheduler();
    const ran: number[] = [];
    // 50 frames each scheduling the next at delay 0, as the loop does when behind real time.
    await new Promise<void>((resolve) => {
      const tick = (n: number) => {
        ran.push(n);
        if (n === 50) resolve();
        else scheduler.schedule(() => tick(n + 1), 0);
      };
      scheduler.schedule(() => tick(1), 0);
    });
    expect(ran).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));

    const cancelled = scheduler.schedule(() => ran.push(-1), 0);
    scheduler.cancel(cancelled);
    const cancelledLater = scheduler.schedule(() => ran.push(-2), 5);
    scheduler.cancel(cancelledLater);
    // Both would have run before this one: a message queued after the first, a timer due before this.
    await new Promise<void>((resolve) => scheduler.schedule(resolve, 20));
    expect(ran).not.toContain(-1);
    expect(ran).not.toContain(-2);
  });

  test('a frame due later runs after frames due now, even ones scheduled after it', async () => {
    const scheduler = createFrameScheduler();
    const ran: string[] = [];
    await new Promise<void>((resolve) => {
      scheduler.schedule(() => {
        ran.push('later');
        resolve();
      }, 30);
      scheduler.schedule(() => ran.push('now'), 0);
    });
    expect(ran).toEqual(['now', 'later']);
  });
});
