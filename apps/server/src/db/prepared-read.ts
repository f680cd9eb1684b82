/** A value bound to a placeholder of a prepared read. */
export type ReadParameter = string | number;

/**
 * One single-row read, its SQL prepared once and run straight on the driver: the row, or
 * undefined when there is none. SQLite answers synchronously, PostgreSQL with a promise.
 */
export type PreparedRead<Row> = (
  ...parameters: ReadParameter[]
) => Row | undefined | Promise<Row | undefined>;

/**
 * Reads run beside Kysely, for the few that every request of a hot route makes: Kysely's own path
 * (connection hand-over, compiling, the promise at each step) cost about as much as the read.
 * Only plain reads of committed rows belong here; writes and transactions stay with Kysely.
 */
export interface PreparedReads {
  /** `sql` uses `?` placeholders, in the order of the parameters. */
  prepare<Row>(sql: string): PreparedRead<Row>;
  close(): void;
}
