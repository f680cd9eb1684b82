/**
 * Runs `task` once the browser has painted what the page already holds: a server-rendered page
 * shows its content before the scripts that hydrate it start downloading and running, so they
 * never compete with the first paint or its pictures. The browser's own paint timing says when;
 * where it has none, or in a background tab (which paints nothing until shown), the task runs at
 * once. Timers are not used, so a page whose clock is held (the story's tests) still hydrates.
 */
export function afterFirstPaint(task: () => void): void {
  const supported =
    typeof PerformanceObserver === 'function' &&
    PerformanceObserver.supportedEntryTypes.includes('paint');
  if (!supported || document.visibilityState === 'hidden') {
    queueMicrotask(task);
    return;
  }
  let done = false;
  const observer = new PerformanceObserver(() => {
    if (done) return;
    done = true;
    observer.disconnect();
    task();
  });
  // Buffered: a paint that happened before this script ran counts too.
  observer.observe({ type: 'paint', buffered: true });
}
