// The soak's HTTP client: every call has a deadline, and its outcome is one of three things a
// durability check needs to tell apart: an answer, a dropped connection (the server was killed:
// the write may or may not have happened), or no answer in time (hung: always a failure).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const CLIENT_TIMEOUT_MS = Number(process.env.SOAK_CLIENT_TIMEOUT_MS ?? 15_000);

/**
 * @returns {Promise<{ kind: 'answer', status: number, body: any } | { kind: 'dropped' } | { kind: 'hung' }>}
 */
export async function call(base, path, { method = 'GET', headers = {}, json, form, client } = {}) {
  const init = {
    method,
    headers: {
      ...headers,
      // Each simulated client is its own address, as real users are (the server trusts the proxy
      // header in the soak), so per-address sign-up limits do not stand in for real failures.
      ...(client ? { 'x-forwarded-for': client } : {}),
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body: json ? JSON.stringify(json) : form,
    signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
  };
  try {
    const res = await fetch(`${base}${path}`, init);
    const raw = Buffer.from(await res.arrayBuffer());
    const text = raw.toString('utf8');
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { kind: 'answer', status: res.status, body, bytes: raw.length };
  } catch (err) {
    if (err?.name === 'TimeoutError' || err?.cause?.name === 'TimeoutError')
      return { kind: 'hung' };
    return { kind: 'dropped' };
  }
}

/** The token of the newest verification mail to `email` in the outbox, if one was written. */
export function verificationToken(dataDir, email) {
  const dir = join(dataDir, 'outbox');
  let names;
  try {
    names = readdirSync(dir)
      .filter((n) => n.endsWith('.eml'))
      .sort()
      .reverse();
  } catch {
    return undefined;
  }
  for (const name of names) {
    let raw;
    try {
      raw = readFileSync(join(dir, name), 'utf8');
    } catch {
      continue;
    }
    const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    if (!text.includes(`To: ${email}`)) continue;
    const token = /verify\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
    if (token) return token;
  }
  return undefined;
}
