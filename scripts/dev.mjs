#!/usr/bin/env node
// `npm run dev`: the API server in watch mode on PORT (3000) and Vite with hot reload on 5173,
// which proxies /v1 and /media to the server. Stopping this stops both.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? resolve(root, 'data') };
env.PUBLIC_ORIGIN ??= 'http://localhost:5173';

const children = ['@pbshare/server', '@pbshare/web'].map((workspace) =>
  spawn('npm', ['run', 'dev', '-w', workspace], { cwd: root, env, stdio: 'inherit' }),
);

let exiting = false;
function stopAll(code) {
  if (exiting) return;
  exiting = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
