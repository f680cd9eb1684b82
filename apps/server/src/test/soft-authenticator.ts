import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { PasskeyCreation, PasskeyRequest, PasskeySignInInput } from '@pbshare/shared';

/*
 * A software passkey provider for tests: it answers the server's WebAuthn options as a browser and
 * an authenticator would, with an EC P-256 key made here ('none' attestation, ES256 signatures),
 * so registration and sign-in are verified end to end without a browser.
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

/** The few CBOR types attestation objects and COSE keys need (RFC 8949, definite lengths). */
function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface SoftPasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  /** The user handle the server gave at registration (base64url). */
  userHandle: string;
  rpId: string;
  counter: number;
}

export interface CeremonyOptions {
  /** The page's origin as the browser would report it; the server's origin by default. */
  origin: string;
  /** An AAGUID to report (names the provider); all zeros by default. */
  aaguid?: string;
  /** Leave the user-verified flag off (a key with no PIN). */
  unverified?: boolean;
}

/** Creates a passkey for the registration options, and the browser's answer to send. */
export function createPasskey(options: PasskeyCreation['options'], ceremony: CeremonyOptions) {
  const rpId = options.rp.id ?? new URL(ceremony.origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = cbor(
    new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]),
  );
  const credentialId = randomBytes(32);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const aaguid = Buffer.from((ceremony.aaguid ?? '0'.repeat(32)).replaceAll('-', ''), 'hex');
  const authData = Buffer.concat([
    authenticatorData(rpId, UP | AT | (ceremony.unverified ? 0 : UV), 0),
    aaguid,
    idLength,
    credentialId,
    coseKey,
  ]);
  const attestationObject = cbor(
    new Map<Cbor, Cbor>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]),
  );
  const passkey: SoftPasskey = {
    credentialId,
    privateKey,
    userHandle: options.user.id,
    rpId,
    counter: 0,
  };
  const response = {
    id: b64url(credentialId),
    rawId: b64url(credentialId),
    response: {
      clientDataJSON: clientData('webauthn.create', options.challenge, ceremony.origin),
      attestationObject: b64url(attestationObject),
      transports: ['internal' as const],
    },
    authenticatorAttachment: 'platform' as const,
    clientExtensionResults: { credProps: { rk: true } },
    type: 'public-key' as const,
  };
  return { passkey, response };
}

/** Signs the sign-in options with the passkey, counting up as a hardware key does. */
export function signInWith(
  passkey: SoftPasskey,
  options: PasskeyRequest['options'],
  ceremony: CeremonyOptions & { counter?: number },
): PasskeySignInInput['response'] {
  passkey.counter = ceremony.counter ?? passkey.counter + 1;
  const authData = authenticatorData(
    options.rpId ?? passkey.rpId,
    UP | (ceremony.unverified ? 0 : UV),
    passkey.counter,
  );
  const clientDataJSON = clientData('webauthn.get', options.challenge, ceremony.origin);
  const signature = sign(
    'sha256',
    Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]),
    passkey.privateKey,
  );
  return {
    id: b64url(passkey.credentialId),
    rawId: b64url(passkey.credentialId),
    response: {
      clientDataJSON,
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: passkey.userHandle,
    },
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
    type: 'public-key',
  };
}

function authenticatorData(rpId: string, flags: number, counter: number): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count]);
}

function clientData(type: string, challenge: string, origin: string): string {
  return b64url(Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })));
}
