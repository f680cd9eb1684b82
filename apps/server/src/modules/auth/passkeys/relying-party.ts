import { PRODUCT_NAME } from '@pbshare/shared';

export interface RelyingParty {
  /** The domain passkeys are bound to. */
  id: string;
  name: string;
  /** Origins a ceremony may come from. */
  origins: string[];
}

const LOOPBACK = new Set(['127.0.0.1', '[::1]']);

/**
 * The relying party, from the public origin: its host is the rpID. WebAuthn refuses an IP address
 * as an rpID, so a public origin on the loopback address (local use and the e2e server only) also
 * accepts http://localhost on the same port, with rpID 'localhost': open the app there to use
 * passkeys. Any other IP origin cannot use passkeys at all; a domain is needed.
 */
export function relyingPartyOf(publicOrigin: string): RelyingParty {
  const url = new URL(publicOrigin);
  if (LOOPBACK.has(url.hostname)) {
    const localhost = new URL(publicOrigin);
    localhost.hostname = 'localhost';
    return { id: 'localhost', name: PRODUCT_NAME, origins: [url.origin, localhost.origin] };
  }
  return { id: url.hostname, name: PRODUCT_NAME, origins: [url.origin] };
}
