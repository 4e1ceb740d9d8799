/**
 * Limits how often progress crosses to the UI thread: a new stage and the final report always
 * pass; within a stage at most `maxHz` reports a second, the rest dropped (the next one that
 * passes carries the newer fraction anyway).
 */
export function throttleProgress(
  post: (fraction: number, stage: string) => void,
  maxHz: number,
  nowMs: () => number = () => performance.now(),
): (fraction: number, stage: string) => void {
  const intervalMs = 1000 / maxHz;
  let lastPostMs = Number.NEGATIVE_INFINITY;
  let lastStage: string | null = null;
  return (fraction, stage) => {
    const now = nowMs();
    if (stage === lastStage && now - lastPostMs < intervalMs && fraction < 1) return;
    lastPostMs = now;
    lastStage = stage;
    post(fraction, stage);
  };
}
