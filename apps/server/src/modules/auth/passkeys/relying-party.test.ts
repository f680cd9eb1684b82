import { describe, expect, it } from 'vitest';
import { relyingPartyOf } from './relying-party.js';

describe('the relying party', () => {
  it('is the public origin’s host', () => {
    expect(relyingPartyOf('https://pbshare.example')).toEqual({
      id: 'pbshare.example',
      name: 'PBShare',
      origins: ['https://pbshare.example'],
    });
  });

  it('is localhost on the same port when the public origin is a loopback address', () => {
    expect(relyingPartyOf('http://127.0.0.1:4173')).toMatchObject({
      id: 'localhost',
      origins: ['http://127.0.0.1:4173', 'http://localhost:4173'],
    });
    expect(relyingPartyOf('http://[::1]:3000').origins).toEqual([
      'http://[::1]:3000',
      'http://localhost:3000',
    ]);
  });

  it('keeps http://localhost as it is', () => {
    expect(relyingPartyOf('http://localhost:3000')).toMatchObject({
      id: 'localhost',
      origins: ['http://localhost:3000'],
    });
  });
});
