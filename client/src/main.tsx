import '@fontsource/nunito/400.css';
import '@fontsource/nunito/700.css';
import '@fontsource/nunito/800.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as configureZod } from 'zod/v4/core';
import { App } from './app';
import { initI18n } from './lib/i18n';

// Zod probes `new Function` for speed; our Content-Security-Policy forbids eval, so skip the probe.
configureZod({ jitless: true });

void initI18n().then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('No #root element');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
