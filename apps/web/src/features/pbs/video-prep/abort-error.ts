/** The one way a preparation fails: the caller gave up on it. */
export function abortError(): DOMException {
  return new DOMException('The video preparation was canceled.', 'AbortError');
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError();
}
