// Both releases have the same JavaScript API; the types are better-sqlite3's own.
import Database = require('better-sqlite3');
export = Database;
