import { describe, expect, it } from 'vitest';

import { appShellFor, isKeptPicture, pictureFolder } from './routes';

describe('appShellFor', () => {
  it.each(['/', '/alice', '/alice/pb-id', '/pricing', '/privacy', '/profiles', '/media/a.webp'])(
    'never answers %s with the shell: it goes to the network',
    (pathname) => {
      expect(appShellFor(pathname)).toBeUndefined();
    },
  );

  it.each(['/profile', '/profile/'])('answers %s with its own document', (pathname) => {
    expect(appShellFor(pathname)).toBe('/profile');
  });

  it.each([
    '/add-pb',
    '/edit-pb/x',
    '/share-profile',
    '/login',
    '/signup',
    '/verify',
    '/forgot-password',
    '/reset-password',
  ])('answers %s with the app shell', (pathname) => {
    expect(appShellFor(pathname)).toBe('/index.html');
  });
});

describe('isKeptPicture', () => {
  const media = new URL('http://localhost/media/pbs/p1/card.webp');

  it('keeps a PB picture loaded as an image', () => {
    expect(isKeptPicture(media, 'image')).toBe(true);
  });

  it('keeps no video, no fetch of a picture and nothing outside /media', () => {
    expect(isKeptPicture(new URL('http://localhost/media/pbs/p1/clip.mp4'), 'video')).toBe(false);
    expect(isKeptPicture(media, '')).toBe(false);
    expect(isKeptPicture(new URL('http://localhost/icons/icon-192.png'), 'image')).toBe(false);
  });
});

describe('pictureFolder', () => {
  it('is the address up to the last slash, where the sizes sit side by side', () => {
    expect(pictureFolder('/media/pbs/p1/card.webp')).toBe('/media/pbs/p1/');
    expect(pictureFolder('http://localhost/media/pbs/p1/thumb.webp')).toBe(
      'http://localhost/media/pbs/p1/',
    );
  });
});
