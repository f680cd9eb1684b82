import { describe } from 'vitest';
import { useTestApp } from '../../test/file-hooks.js';
import { LocalStorage } from '../../storage/local-storage.js';
import { tusSuite } from './tus.suite.js';

const t = useTestApp();

describe('tus uploads at /v1/uploads, stored on local disk', () => {
  tusSuite(t, () => new LocalStorage(t.config.dataDir));
});
