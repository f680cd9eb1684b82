'use strict';
// better-sqlite3 12 aborts the process on Node 24 when a statement is garbage-collected (its
// ObjectWrap removes a cleanup hook with no current environment); 13 is built on Node-API and ships
// its binary, but crashes on Node 20. Each Node gets the release that works on it.
const major = Number(process.versions.node.split('.')[0]);
module.exports = major >= 22 ? require('better-sqlite3-napi') : require('better-sqlite3');
