import fc from 'fast-check';
import type { AppRoute } from './gate-app.js';
import {
  badJson,
  hostileUrlPart,
  hostileValue,
  oddContentType,
  oddHeaders,
  oddMultipart,
  prototypeJson,
} from './hostile.js';
import { arbitraryOf, fieldNamesOf, jsonSchemaOf } from './schema-arbitrary.js';

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
  /** For the failure report: which generator made the body. */
  body: string;
}

export interface FuzzContext {
  /** A live session's access token, so signed-in paths are reached too. */
  accessToken: string;
  /** Ids that exist (the signed-in user's records), mixed into ids and paths. */
  knownIds: string[];
  /** A small real image, so multipart uploads can succeed. */
  image: Buffer;
  /** Field schemas of routes that read their body by hand (multipart), keyed "METHOD /path". */
  formFields: Record<string, unknown>;
}

const JSON_TYPE = { 'content-type': 'application/json' };

/** Replaces one field of a valid object with something hostile, drops it, or adds a stray one. */
function mutated(valid: fc.Arbitrary<unknown>, fields: string[]): fc.Arbitrary<unknown> {
  const keys = [...fields, '__proto__', 'constructor', 'extra'];
  return fc
    .tuple(valid, fc.constantFrom(...keys), hostileValue, fc.boolean())
    .map(([value, key, hostile, drop]) => {
      const entries = typeof value === 'object' && value !== null ? Object.entries(value) : [];
      const copy = Object.fromEntries(entries.filter(([k]) => k !== key));
      // defineProperty, so "__proto__" becomes an own key as it would arriving from JSON.
      if (!drop) Object.defineProperty(copy, key, { value: hostile, enumerable: true });
      return copy;
    });
}

function withKnownIds(value: unknown, ids: string[], pick: number): unknown {
  if (typeof value !== 'object' || value === null || ids.length === 0) return value;
  const id = ids[pick % ids.length];
  const copy = { ...(value as Record<string, unknown>) };
  if (typeof copy.id === 'string') copy.id = id;
  if (Array.isArray(copy.orderedIds)) {
    copy.orderedIds = [id, ...(copy.orderedIds as unknown[]).slice(1)];
  }
  return copy;
}

/** JSON text of any value; `undefined` (which JSON.stringify turns into no text) becomes null. */
const jsonText = (v: unknown): string => (v === undefined ? 'null' : JSON.stringify(v));

const asText = (v: unknown) => (typeof v === 'string' ? v : jsonText(v));

function formOf(fields: unknown): Record<string, string> {
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, asText(v)]));
}

function bodyArbitrary(
  route: AppRoute,
  ctx: FuzzContext,
): fc.Arbitrary<Pick<FuzzRequest, 'headers' | 'payload' | 'body'>> {
  const schema = jsonSchemaOf(route.schema?.body) ?? jsonSchemaOf(ctx.formFields[route.key]);
  const valid = fc
    .tuple(arbitraryOf(schema), fc.nat())
    .map(([v, pick]) => withKnownIds(v, ctx.knownIds, pick));
  const json = (body: string) => (v: unknown) => ({
    headers: JSON_TYPE,
    payload: jsonText(v),
    body,
  });
  return fc.oneof(
    fc.constant({ headers: {}, body: 'none' }),
    valid.map(json('valid by the schema')),
    mutated(valid, fieldNamesOf(schema)).map(json('one field made hostile')),
    hostileValue.map(json('a hostile value')),
    prototypeJson.map((payload) => ({ headers: JSON_TYPE, payload, body: 'prototype keys' })),
    badJson.map((payload) => ({ headers: JSON_TYPE, payload, body: 'bad JSON' })),
    fc.tuple(oddContentType, valid).map(([type, v]) => ({
      headers: { 'content-type': type },
      payload: jsonText(v),
      body: `a ${type || 'blank'} content type`,
    })),
    oddMultipart(valid.map(formOf), ctx.image).map((m) => ({ ...m, body: 'odd multipart' })),
  );
}

function pathArbitrary(route: AppRoute, ctx: FuzzContext): fc.Arbitrary<string> {
  const segments = route.url
    .split('/')
    .map((segment) =>
      segment.startsWith(':') || segment === '*'
        ? fc.oneof(
            fc.constantFrom(...(ctx.knownIds.length ? ctx.knownIds : ['none'])),
            fc.uuid(),
            hostileUrlPart,
          )
        : fc.constant(segment),
    );
  return fc.tuple(...segments).map((parts) => parts.join('/'));
}

function queryArbitrary(route: AppRoute): fc.Arbitrary<string> {
  const schema = jsonSchemaOf(route.schema?.querystring);
  const valid = arbitraryOf(schema).map((v) =>
    new URLSearchParams(formOf(v)).toString().replace(/%EF%BF%BD/g, ''),
  );
  return fc.oneof(
    fc.constant(''),
    valid.map((q) => `?${q}`),
    fc
      .tuple(valid, fc.constantFrom(...fieldNamesOf(schema), '__proto__[x]', 'constructor'))
      .chain(([q, key]) => hostileUrlPart.map((v) => `?${q}&${key}=${v}&${key}=${v}`)),
    hostileUrlPart.map((v) => `?${v}`),
  );
}

/** Any request to `route`: its path, query, body and headers each valid or hostile. */
export function requestArbitrary(route: AppRoute, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const identity = fc.constantFrom<Record<string, string>>(
    {},
    { authorization: `Bearer ${ctx.accessToken}` },
    { authorization: `Bearer ${ctx.accessToken}` },
    { authorization: 'Bearer x.y.z' },
  );
  return fc
    .record({
      path: pathArbitrary(route, ctx),
      query: queryArbitrary(route),
      body: bodyArbitrary(route, ctx),
      identity,
      extra: oddHeaders,
      remoteAddress: fc.ipV4(),
    })
    .map(({ path, query, body, identity, extra, remoteAddress }) => ({
      method: route.method,
      url: `${path}${query}`,
      headers: { ...extra, ...body.headers, ...identity },
      payload: body.payload,
      remoteAddress,
      body: body.body,
    }));
}
