// Quiz Ladder's service worker. Written by client/build/vite-plugins.ts with each build: VERSION
// and SHELL are filled in there.
const VERSION = '__VERSION__';
const SHELL = __SHELL__;
const CACHE = `quiz-ladder-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => key.startsWith('quiz-ladder-') && key !== CACHE).map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The game, the API and sign-in always go to the network: never an answer from a cache.
  if (/^\/(api|trpc|auth|uploads)(\/|$)/.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    // Pages carry the family's own state: from the network, or the offline page when there is none.
    event.respondWith(fetch(request).catch(() => caches.match('/offline.html')));
    return;
  }
  if (
    url.pathname.startsWith('/assets/') ||
    url.pathname.startsWith('/icons/') ||
    url.pathname.startsWith('/avatars/')
  ) {
    // Hashed or fixed files: the cache first, kept as they are fetched.
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
