import fc from 'fast-check';
import { z } from 'zod';

/** The subset of JSON Schema that zod's `toJSONSchema` produces for this app's inputs. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
}

/** A route's zod schema as JSON Schema, or undefined when it has none (or it is not zod). */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

// Large enough to reach the limits, small enough that most values stay valid.
const MAX_GENERATED = 12;

function stringArbitrary(s: JsonSchema, name: string | undefined): fc.Arbitrary<string> {
  if (s.format === 'email' || name === 'email') return fc.emailAddress();
  if (s.pattern) {
    const min = s.minLength ?? 0;
    const max = s.maxLength ?? MAX_GENERATED * 4;
    return fc
      .stringMatching(new RegExp(s.pattern))
      .filter((v) => v.length >= min && v.length <= max);
  }
  const minLength = s.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, s.maxLength ?? MAX_GENERATED) });
}

/**
 * Values that satisfy the schema's shape and bounds (most of the time: refinements zod keeps to
 * itself, such as "a real date", are not in the JSON Schema), so inputs get past validation and
 * into the services, where the hostile variants then aim.
 */
export function arbitraryOf(s: JsonSchema | undefined, name?: string): fc.Arbitrary<unknown> {
  if (!s) return fc.jsonValue({ maxDepth: 2 });
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => arbitraryOf(a, name)));
  if (s.allOf?.[0]) return arbitraryOf(s.allOf[0], name);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      const shape = Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([key, value]) => [key, arbitraryOf(value, key)]),
      );
      return fc.record(shape, { requiredKeys: s.required ?? [] });
    }
    case 'array': {
      const minLength = s.minItems ?? 0;
      return fc.array(arbitraryOf(s.items), {
        minLength,
        maxLength: Math.max(minLength, Math.min(s.maxItems ?? MAX_GENERATED, MAX_GENERATED)),
      });
    }
    case 'string':
      return stringArbitrary(s, name);
    case 'integer':
      return fc.integer({ min: s.minimum, max: s.maximum });
    case 'number':
      return fc.double({ min: s.minimum, max: s.maximum, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** The names of an object schema's properties, for aiming hostile values at real fields. */
export function fieldNamesOf(s: JsonSchema | undefined): string[] {
  return Object.keys(s?.properties ?? {});
}
