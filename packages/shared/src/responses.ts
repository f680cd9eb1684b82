import { z } from 'zod';
import { ERROR_CODES } from './envelope.js';

/**
 * The answers of the /v1 routes, as the server declares them (`schema.response`). The server
 * serializes each answer through its schema, so a field the schema does not list never leaves it:
 * what a route may say is written here, not in the code that builds the answer.
 */

/** A successful answer carrying `data`. Errors never use it (see `failureEnvelopeSchema`). */
/* @__NO_SIDE_EFFECTS__ */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    message: z.string(),
    data,
    status: z.number().int(),
  });
}

/** Every refusal and failure: no data, a machine-readable code, and field issues for bad input. */
export const failureEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  data: z.null(),
  status: z.number().int(),
  code: z.enum(ERROR_CODES),
  issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

/** `data` of answers that only report that something was done (sign-out, delete, ...). */
export const noDataSchema = z.null();
