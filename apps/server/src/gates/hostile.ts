import fc from 'fast-check';

/**
 * Generators of input nobody should send. They stay clear of the words the leak checks look for
 * (stack frames, source paths, SQL statements), so an answer that carries one is the server's.
 */

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\uD800', // a lone high surrogate
  '\uDFFF', // a lone low surrogate
  'a\uD83Db', // half an emoji
  '\u202Eevil\u202C', // right-to-left override
  '\u200B\u200C\u200D\uFEFF', // zero-width characters
  'Z\u0351\u0352\u0353\u0354\u0355\u0356\u0357', // stacked combining marks
  '🏋️‍♀️💪🏽',
  'שלום مرحبا',
  "' OR '1'='1",
  'Robert"); DROP TABLE users; --',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'NaN',
  '-1',
  '1e309',
  'null',
  'true',
  '[]',
  '{}',
];

const HUGE_STRINGS = [
  'a'.repeat(100 * 1024),
  '𝕏'.repeat(50 * 1024),
  '\u200B'.repeat(60 * 1024),
  '\uD800'.repeat(30 * 1024),
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 64 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 200, maxLength: 2000 }) },
);

/** A string for a URL path segment or query value, percent-encoded or deliberately not. */
export const hostileUrlPart: fc.Arbitrary<string> = fc.oneof(
  hostileString.filter((s) => s.length < 4096).map((s) => encodeURIComponent(toWellFormed(s))),
  fc.constantFrom('%', '%zz', '%C0%AF', '%ED%A0%80', '..', '.', '%2e%2e%2f', '%00', ';', '+'),
);

/** Any JSON-ish value of the wrong kind, including deep nesting and huge numbers. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.1),
  fc.array(hostileString, { maxLength: 4 }),
  fc.constant(Array.from({ length: 20_000 }, (_, i) => `id-${i}`)),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant(deepNesting(2_000)),
);

/** JSON text objects cannot express from JavaScript: own prototype keys and duplicates. */
export const prototypeJson: fc.Arbitrary<string> = fc.constantFrom(
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"prototype":{},"id":"x","email":"a@b.co"}',
  '{"id":"x","id":"y"}',
  '{"orderedIds":{"__proto__":["x"]}}',
  '{"email":{"toString":"x"},"password":{"valueOf":1}}',
);

export const badJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('{', '{"a":', '[1,2', '"unterminated', '{a:1}', "{'a':1}", 'NaN', 'undefined'),
  fc.constantFrom('\uFEFF{}', '{}garbage', '\u0000', '[]', '1', 'null', '""', '{"a":1}}'),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constant(`${'['.repeat(10_000)}${']'.repeat(10_000)}`),
);

export const oddContentType: fc.Arbitrary<string> = fc.constantFrom(
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/json; charset=nope',
  'application/json;;;',
  'application/JSON',
  'application/vnd.api+json',
  'image/png',
  '*/*',
  '/',
  'multipart/form-data',
  'multipart/mixed; boundary=x',
  '',
);

/** Headers a careless or hostile client might send alongside a request. */
export const oddHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    accept: fc.constantFrom('*/*', 'text/html', 'application/xml', '', 'application/json;q=0'),
    'accept-encoding': fc.constantFrom('gzip', 'br;q=1, gzip;q=0', 'identity;q=0', 'x', ''),
    'if-none-match': fc.constantFrom('*', '"x"', 'W/"x"', ''),
    'x-request-id': fc.constantFrom('', 'a'.repeat(300), 'ok-id', 'line\tbreak'),
    cookie: fc.constantFrom('pbshare_refresh=', 'pbshare_refresh=x; pbshare_refresh=y', '=;;='),
    'x-forwarded-for': fc.constantFrom('not-an-ip', '::1, 10.0.0.1', ''),
    range: fc.constantFrom('bytes=0-0', 'bytes=-1', 'bytes=9999999999-', 'lines=1-2'),
    'accept-language': fc.constantFrom('he-IL', 'x'.repeat(1000)),
  },
  { requiredKeys: [] },
);

interface RawPart {
  headers: string;
  data: Buffer;
}

/** A multipart body built by hand, so it can break the rules a real encoder keeps. */
export function rawMultipart(boundary: string, parts: RawPart[], close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n${part.headers}\r\n\r\n`), part.data);
    chunks.push(Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const textPart = (name: string, value: string): RawPart => ({
  headers: `Content-Disposition: form-data; name="${name}"`,
  data: Buffer.from(value),
});

const filePart = (name: string, data: Buffer, type = 'image/png'): RawPart => ({
  headers: `Content-Disposition: form-data; name="${name}"; filename="x.png"\r\nContent-Type: ${type}`,
  data,
});

/**
 * Multipart bodies that break the format in one way each. `valid` is a well-formed set of text
 * fields (and perhaps a file) for the route, so the odd part is the only thing wrong.
 */
export function oddMultipart(
  fields: fc.Arbitrary<Record<string, string>>,
  image: Buffer,
): fc.Arbitrary<{ headers: Record<string, string>; payload: Buffer }> {
  const boundary = 'fuzzboundary7MA4YWxk';
  const ct = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  const asParts = (f: Record<string, string>) => Object.entries(f).map(([k, v]) => textPart(k, v));
  return fc.oneof(
    // Well formed, with a real image, so uploads get all the way through.
    fields.map((f) => ({
      headers: ct,
      payload: rawMultipart(boundary, [...asParts(f), filePart('file', image)]),
    })),
    // Well formed, with bytes that are no image at all.
    fc.tuple(fields, fc.uint8Array({ maxLength: 512 })).map(([f, bytes]) => ({
      headers: ct,
      payload: rawMultipart(boundary, [...asParts(f), filePart('file', Buffer.from(bytes))]),
    })),
    // No boundary in the content type.
    fields.map((f) => ({
      headers: { 'content-type': 'multipart/form-data' },
      payload: rawMultipart(boundary, asParts(f)),
    })),
    // The same part twice, file parts too.
    fields.map((f) => ({
      headers: ct,
      payload: rawMultipart(boundary, [
        ...asParts(f),
        ...asParts(f),
        filePart('file', image),
        filePart('file', image),
        filePart('poster', image),
        filePart('poster', image),
      ]),
    })),
    // Field names of every length and shape.
    fc
      .tuple(
        fields,
        hostileString.filter((s) => !s.includes('"')),
      )
      .map(([f, name]) => ({
        headers: ct,
        payload: rawMultipart(boundary, [...asParts(f), textPart(toWellFormed(name), 'x')]),
      })),
    // Parts with no name, no disposition, or no headers at all.
    fields.map((f) => ({
      headers: ct,
      payload: rawMultipart(boundary, [
        { headers: 'Content-Disposition: form-data', data: Buffer.from('nameless') },
        { headers: 'Content-Type: text/plain', data: Buffer.from('no disposition') },
        { headers: '', data: Buffer.from('no headers') },
        { headers: 'Content-Disposition: form-data; filename="a.png"', data: image },
        ...asParts(f),
      ]),
    })),
    // Cut off before the closing boundary.
    fields.map((f) => ({
      headers: ct,
      payload: rawMultipart(boundary, [...asParts(f), filePart('file', image)], false),
    })),
    // More parts than any form has.
    fc.constant({
      headers: ct,
      payload: rawMultipart(
        boundary,
        Array.from({ length: 200 }, (_, i) => textPart(`f${i}`, 'x')),
      ),
    }),
    // A boundary that never appears, or garbage instead of parts.
    fc.uint8Array({ maxLength: 2048 }).map((bytes) => ({
      headers: ct,
      payload: Buffer.from(bytes),
    })),
  );
}

function deepNesting(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** Lone surrogates cannot be percent-encoded; replace them so encodeURIComponent never throws. */
function toWellFormed(s: string): string {
  return s.replace(/[\uD800-\uDFFF]/g, (c, i: number, all: string) => {
    const code = c.charCodeAt(0);
    const next = all.charCodeAt(i + 1);
    const prev = all.charCodeAt(i - 1);
    if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) return c;
    if (code >= 0xdc00 && prev >= 0xd800 && prev <= 0xdbff) return c;
    return '\uFFFD';
  });
}
