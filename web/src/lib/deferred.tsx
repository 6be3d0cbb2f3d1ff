import { type ReactNode, useEffect, useState } from 'react';

/*
 * Rendering in several tasks (docs/web-performance.md, "Rendering in slices"). React slices transitions, but an
 * ordinary update (a query's answer rendering a list of cards) runs in one task, and Preact (GEQU_WEB_PREACT=1 builds)
 * renders every tree in one task: a lot built at once blocks a slow phone's main thread (Total Blocking Time). So a
 * page renders what the first screen needs first, and the rest in later tasks, one step per task, in the order they
 * asked: sections after the first (`Deferred`, `useIdleReady`) and the rows of long lists beyond the first few
 * (`useProgressiveCount`). Each step waits for the previous one's task to end, so input and painting get their turn
 * in between.
 */

type Step = () => void;
const queue: Step[] = [];
let scheduled = false;

interface PostTaskScheduler {
  postTask: (
    callback: () => void,
    options?: { priority?: 'user-blocking' | 'user-visible' | 'background' },
  ) => Promise<unknown>;
}

/** Runs `callback` in a task of its own, after the current one (and its microtasks) ends. */
function nextTask(callback: () => void) {
  const scheduler = (globalThis as { scheduler?: PostTaskScheduler }).scheduler;
  if (scheduler?.postTask) void scheduler.postTask(callback, { priority: 'user-visible' }).catch(() => undefined);
  else setTimeout(callback, 0);
}

function runStep() {
  scheduled = false;
  const step = queue.shift();
  if (queue.length > 0) schedule();
  step?.();
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  nextTask(runStep);
}

/** Queues `step` (one task of its own); the returned function takes it back if it has not run yet. */
export function deferStep(step: Step): () => void {
  queue.push(step);
  schedule();
  return () => {
    const at = queue.indexOf(step);
    if (at >= 0) queue.splice(at, 1);
  };
}

/** False on the first render, true from a later task on (after the page's first paint). */
export function useIdleReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return undefined;
    return deferStep(() => setReady(true));
  }, [ready]);
  return ready;
}

/**
 * Renders `children` in a later task; until then `placeholder` (which should take the same room, so nothing moves
 * when the content arrives).
 */
export function Deferred({ children, placeholder = null }: { children: ReactNode; placeholder?: ReactNode }) {
  return <>{useIdleReady() ? children : placeholder}</>;
}

/**
 * How many of `total` rows to render: `first` at once, then `step` more per later task until all are there. The count
 * only grows (a list that is refreshed in place keeps its rows).
 */
export function useProgressiveCount(total: number, first = 6, step = 6): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return undefined;
    return deferStep(() => setCount((c) => c + step));
  }, [count, total, step]);
  return Math.min(count, total);
}
