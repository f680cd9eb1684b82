import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

type Serialize = (data: unknown) => string;

// Routes share answer schemas (a PB card, "nothing"): each is compiled once.
const compiled = new WeakMap<z.ZodType, Serialize>();

/**
 * Writes each answer with fast-json-stringify from the JSON Schema zod derives of the route's
 * response schema. Only the properties the schema lists are written, so whatever else a service
 * hands over never leaves the server. Measured on a public profile of 10 PBs: about 1.5 times as
 * fast as JSON.stringify, and 2.5 times as fast as the zod type provider's serializer (a zod parse,
 * then JSON.stringify). It checks no types (the services' types promise the shapes), but a missing
 * required field still throws, which answers 500. Inputs keep zod's own validator.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  let serialize = compiled.get(schema);
  if (!serialize) {
    // A draft-07 document; fast-json-stringify's typings only name narrower shapes of it.
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-07' });
    serialize = fastJson(jsonSchema as fastJson.Schema);
    compiled.set(schema, serialize);
  }
  return serialize;
};
