import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Authorization headers that must all be refused: none at all, nonsense, the owner's own claims
 * signed with someone else's key, the same claims with `alg: none`, and a wrong scheme.
 */
export async function forgedAuthorizations(
  realToken: string,
): Promise<{ label: string; authorization: string | undefined }[]> {
  const [, payload = ''] = realToken.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  const otherKey = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .sign(randomBytes(32));
  const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
  return [
    { label: 'no token', authorization: undefined },
    { label: 'a nonsense token', authorization: 'Bearer not-a-token' },
    { label: 'the claims signed with another key', authorization: `Bearer ${otherKey}` },
    { label: 'the claims with alg none', authorization: `Bearer ${unsigned}` },
    { label: 'a Basic credential', authorization: `Basic ${btoa('owner:owner')}` },
  ];
}
