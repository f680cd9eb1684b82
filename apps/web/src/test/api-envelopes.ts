import { HttpResponse, type JsonBodyType } from 'msw';

/** A JSON answer. */
export function jsonResponse(body: unknown, status = 200): Response {
  return HttpResponse.json(body as JsonBodyType, { status });
}

/** A success envelope carrying `data`. */
export function ok(data: unknown, message = 'ok', status = 200): Response {
  return jsonResponse({ success: true, message, data, status }, status);
}

/** An error envelope, as the server's error handler writes it. */
export function fail(
  status: number,
  code: string,
  message: string,
  issues: unknown[] = [],
): Response {
  return jsonResponse({ success: false, message, data: null, status, code, issues }, status);
}

/** No answer at all: the connection failed, as fetch and XMLHttpRequest report it. */
export function networkError(): Response {
  return HttpResponse.error();
}
