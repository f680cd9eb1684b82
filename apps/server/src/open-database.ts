import { connectDatabase, type Database, type DatabaseOptions } from './db/database.js';
import { fastPathDatabaseParts } from './fast-path/index.js';

/** The app's database: the connection, with the fast path's reads and change feed on it. */
export function openDatabase(options: DatabaseOptions): Database {
  return connectDatabase(options, fastPathDatabaseParts);
}
