/** What a visitor hears when the Range they asked for lies past the end of the file. */
export const RANGE_REFUSAL_MESSAGE = 'The requested range lies outside the file.';

/** The `Content-Range` a 416 carries (RFC 9110 §14.4): the file's whole size. */
export function unsatisfiedRange(size: number): string {
  return `bytes */${size}`;
}

/**
 * A 416 for the app's one error handler, which answers it in the envelope. Thrown rather than
 * sent here: the storage folder writes no answer bodies of its own.
 */
export function rangeRefusal(): Error & { statusCode: 416 } {
  return Object.assign(new Error(RANGE_REFUSAL_MESSAGE), { statusCode: 416 as const });
}

/** Whether an error is @fastify/send's 416, which carries its `Content-Range` in `headers`. */
export function sentRangeRefusal(error: unknown): { contentRange: string | undefined } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, statusCode, headers } = error as {
    status?: unknown;
    statusCode?: unknown;
    headers?: Record<string, unknown>;
  };
  if (status !== 416 && statusCode !== 416) return undefined;
  const contentRange = headers?.['Content-Range'] ?? headers?.['content-range'];
  return { contentRange: typeof contentRange === 'string' ? contentRange : undefined };
}
