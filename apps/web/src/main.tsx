import '@fontsource-variable/inter';
import '@/index.css';

import { createRoot } from 'react-dom/client';

import { createApp } from '@/app/app-root';

// index.html: every address the build did not render ahead (entry-prerendered.tsx has those).
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(createApp());
