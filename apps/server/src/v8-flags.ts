/**
 * The V8 flags the server runs with (v8-settings.ts applies them). The bench starts its minimal
 * route with the same ones, so both sides of a comparison have the same V8.
 *
 * - **No allocation-site pretenuring.** V8 watches where objects are made, and once most of a
 *   place's objects outlive a young-generation collection it makes them in the old generation
 *   from then on. In this server that decision was a toss at start-up: in about one process in
 *   four started under load, Node's own per-request objects (the request, the response,
 *   their streams) came to be made in the old generation. Those die young all the same, so the
 *   young collections had to scan them and a major collection ran every few seconds: a kept page
 *   cost 32-37 µs of CPU instead of 22-25 (docs/PERFORMANCE.md). The decision never went back.
 *   Without it, every process measured in the fast mode.
 */
export const V8_FLAGS = ['--no-allocation-site-pretenuring'] as const;
