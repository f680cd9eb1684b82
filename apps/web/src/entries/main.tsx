import '@fontsource-variable/inter';
import '@/index.css';

import { createRoot } from 'react-dom/client';

import { createApp } from '@/app/app-root';
import { listenForInstallPrompt } from '@/features/install';
import { registerServiceWorker } from '@/lib/service-worker';
import { Providers } from './providers';

// index.html: every address the build did not render ahead, rendered in the browser.
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
listenForInstallPrompt();
// The app's document only: the public page never registers it (entries/README.md). The dev
// server has no worker to register; it would keep stale modules besides.
if (import.meta.env.PROD) registerServiceWorker();
createRoot(container).render(<Providers>{createApp()}</Providers>);
