// gamelab's service worker: it keeps this build of the site in the
// browser's cache, so the page opens and runs offline after its first
// visit. gamelab web build writes the build's id and its files in place
// of the placeholders; every file but the page itself is asked for with
// ?v=ID, so a new build's page asks for new addresses, and its worker
// (sw.js?v=NEWID, a new registration's script) replaces this one and
// drops this build's cache.
"use strict";

const BUILD = "%BUILD%";
const CACHE = "gamelab-" + BUILD;
const FILES = %FILES%; // the site's files, as the page asks for them
const PAGE = "./"; // the page, under its directory's address

self.addEventListener("install", (e) => {
  e.waitUntil(
    caches
      .open(CACHE)
      .then((c) => c.addAll([PAGE, ...FILES]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (e) => {
  e.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("gamelab-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// The page itself comes from the network when it can (a new build shows at
// once), else from the cache; the versioned files from the cache first.
self.addEventListener("fetch", (e) => {
  const req = e.request;
  if (req.method !== "GET" || new URL(req.url).origin !== location.origin) return;
  if (req.mode === "navigate") {
    e.respondWith(
      fetch(req).catch(() => caches.open(CACHE).then((c) => c.match(PAGE)).then((r) => r || Response.error())),
    );
    return;
  }
  e.respondWith(caches.match(req).then((hit) => hit || fetch(req)));
});
