import type { LightMyRequestResponse } from 'fastify';

/**
 * What an answer must never contain, whatever was asked: traces of the code (stack frames, source
 * or install paths) or of the database (driver error names, SQL fragments in error messages).
 * The fuzzers' strings stay clear of these words, so a match is the server talking, not an echo.
 */
const LEAKS: readonly [string, RegExp][] = [
  ['a stack frame', /\bat [^\s()]+ \(|\bat (?:file:\/\/|\/)[^\s]+:\d+:\d+/],
  ['a source path', /(?:\/work\/|\/home\/|node_modules|apps\/server|\/src\/|file:\/\/|\.ts:\d)/],
  ['a SQLite error', /SQLITE_|SqliteError|no such (?:table|column)|UNIQUE constraint/i],
  [
    'a PostgreSQL error',
    /syntax error at or near|violates (?:unique|foreign key|not-null)|relation "|pg_catalog/i,
  ],
  [
    'SQL text',
    /\b(?:select\s+[\w*",.\s]+\s+from|insert\s+into|update\s+"?\w+"?\s+set|delete\s+from)\b/i,
  ],
  ['a password hash', /\$argon2(?:id|i|d)\$/],
];

export function leaksIn(text: string): string[] {
  return LEAKS.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
}

export interface Envelope {
  success: boolean;
  message: string;
  data: unknown;
  status: number;
  code?: string;
}

/**
 * The problems with an answer as an envelope (empty when it is fine): JSON with a boolean
 * `success`, a string `message`, a `data` key and a numeric `status` equal to the HTTP status;
 * failures carry a `code` and `data: null`.
 */
export function envelopeProblems(res: LightMyRequestResponse): string[] {
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return [`the body is not JSON: ${res.body.slice(0, 200)}`];
  }
  if (typeof body !== 'object' || body === null) return ['the body is not an object'];
  const e = body as Partial<Envelope>;
  const problems: string[] = [];
  if (typeof e.success !== 'boolean') problems.push('success is not a boolean');
  if (typeof e.message !== 'string') problems.push('message is not a string');
  if (!('data' in e)) problems.push('data is missing');
  if (e.status !== res.statusCode) {
    problems.push(`status ${String(e.status)} differs from the HTTP status ${res.statusCode}`);
  }
  if (e.success !== res.statusCode < 400) problems.push('success disagrees with the HTTP status');
  if (e.success === false) {
    if (typeof e.code !== 'string') problems.push('an error without a code');
    if (e.data !== null) problems.push('an error with data');
  }
  return problems;
}

export function envelopeOf(res: LightMyRequestResponse): Envelope {
  return res.json<Envelope>();
}
