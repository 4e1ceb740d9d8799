/**
 * The worker loop's timer (SimControllerDeps.schedule/cancel). A frame already due (delay 0: the
 * solver is behind real time, as on any large body) runs from a MessageChannel message rather than
 * setTimeout(…, 0): the HTML timer rules make a setTimeout nested more than five deep wait at
 * least 4 ms, and the loop's timers nest without end, so every frame of a body that steps slower
 * than real time would idle 4 ms (a tenth of a 40 ms frame). A frame due later waits on
 * setTimeout as before. Messages and the page's commands share the worker's task queue, so
 * commands still get through between frames.
 */

export interface FrameScheduler {
  schedule(callback: () => void, delayMs: number): unknown;
  cancel(handle: unknown): void;
}

type Handle = { timer: ReturnType<typeof setTimeout> } | { message: number };

export function createFrameScheduler(): FrameScheduler {
  const channel = new MessageChannel();
  const waiting = new Map<number, () => void>();
  let nextId = 1;
  channel.port1.onmessage = (event: MessageEvent<number>) => {
    const callback = waiting.get(event.data);
    if (!callback) return;
    waiting.delete(event.data);
    callback();
  };
  return {
    schedule(callback, delayMs): Handle {
      if (delayMs > 0) return { timer: setTimeout(callback, delayMs) };
      const id = nextId++;
      waiting.set(id, callback);
      channel.port2.postMessage(id);
      return { message: id };
    },
    cancel(handle) {
      const h = handle as Handle;
      if ('timer' in h) clearTimeout(h.timer);
      else waiting.delete(h.message);
    },
  };
}
