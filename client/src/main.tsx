import '@fontsource/nunito/400.css';
import '@fontsource/nunito/700.css';
import '@fontsource/nunito/800.css';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { installAnnouncer } from './lib/announcer';
import { initI18n } from './lib/i18n';
import { jitlessZod } from './lib/zod-config';
import { pageAt } from './pages';

// Zod probes `new Function` for speed; our Content-Security-Policy forbids eval, so skip the probe.
// Set through the global zod reads its configuration from (zod/v4/core's globalConfig), so that zod
// itself stays out of the first load: only the pages with forms need it.
jitlessZod();

// The opened address's page code comes with the first load's, and the first render waits for it:
// a page that suspended instead would be held back 300 ms by React after its fallback showed. It
// runs once i18next has started (its strings join i18next's); the server's preloads have fetched
// both already.
void initI18n()
  .then(() => pageAt(window.location.pathname)?.preload())
  .then(() => {
    const root = document.getElementById('root');
    if (!root) throw new Error('No #root element');
    installAnnouncer();
    // A transition: React renders the first screen in slices, yielding to the browser between them,
    // instead of one long task that holds the main thread (Lighthouse's blocking time on a phone).
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  });

// Installable, with an offline page (client/pwa/sw.js): the manifest and the service worker come
// once the page has loaded and settled, so that they never compete with the first screen for the
// network; not under Vite's dev server (no built shell there).
if (import.meta.env.PROD) {
  const installable = () => {
    const manifest = document.createElement('link');
    manifest.rel = 'manifest';
    manifest.href = '/manifest.webmanifest';
    document.head.append(manifest);
    if ('serviceWorker' in navigator) {
      navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('No offline support', error));
    }
  };
  window.addEventListener('load', () => {
    setTimeout(() => {
      // Offline by then (a phone that lost its Wi-Fi), the worker's script cannot be fetched: the
      // browser reports that as an error. Once back online, then.
      if (navigator.onLine) installable();
      else window.addEventListener('online', installable, { once: true });
    }, 3000);
  });
}
