import type { FastifyBaseLogger } from 'fastify';

export interface LogEntry {
  level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
  msg: string | undefined;
  fields: Record<string, unknown>;
}

/** A logger for tests that keeps every entry (with its child bindings) to assert on. */
export function recordingLog(echo?: (entry: LogEntry) => void): {
  log: FastifyBaseLogger;
  entries: LogEntry[];
} {
  const entries: LogEntry[] = [];
  const make = (bindings: Record<string, unknown>): FastifyBaseLogger => {
    const at =
      (level: LogEntry['level']) =>
      (first?: unknown, second?: unknown): void => {
        const entry: LogEntry =
          typeof first === 'string'
            ? { level, msg: first, fields: { ...bindings } }
            : {
                level,
                msg: typeof second === 'string' ? second : undefined,
                fields: { ...bindings, ...(first as Record<string, unknown>) },
              };
        entries.push(entry);
        echo?.(entry);
      };
    return {
      level: 'trace',
      fatal: at('fatal'),
      error: at('error'),
      warn: at('warn'),
      info: at('info'),
      debug: at('debug'),
      trace: at('trace'),
      silent: () => undefined,
      child: (more) => make({ ...bindings, ...more }),
    };
  };
  return { log: make({}), entries };
}
