/** Whether a browser API failed with the named DOMException ('AbortError', 'NotAllowedError'...). */
export function isDomError(error: unknown, name: string): boolean {
  return error instanceof DOMException && error.name === name;
}
