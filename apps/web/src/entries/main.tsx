import '@fontsource-variable/inter';
import '@/index.css';

import { createRoot } from 'react-dom/client';

import { createApp } from '@/app/app-root';
import { listenForInstallPrompt } from '@/features/install';
import { Providers } from './providers';

// index.html: every address the build did not render ahead, rendered in the browser.
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
listenForInstallPrompt();
createRoot(container).render(<Providers>{createApp()}</Providers>);
