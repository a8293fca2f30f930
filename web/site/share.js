// Share: a link that carries the notebook's cells in its fragment
// (#gl=…), deflated (CompressionStream "deflate-raw") and in base64url.
// The fragment never leaves the browser: opening the link sends nothing
// but the request for the page itself.

const PREFIX = "#gl=";
const VERSION = 1;

// LONG_LINK is the link length past which the page says that some places
// (chat apps, mail) may cut it; a script of 8 KB makes a link of about 4.
export const LONG_LINK = 32_000;

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

function base64url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unbase64url(text) {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

// link is the address of the page with cells (their code) in its fragment.
export async function link(cells, base = location.href) {
  const json = new TextEncoder().encode(JSON.stringify({ v: VERSION, cells }));
  const packed = await pipe(json, new CompressionStream("deflate-raw"));
  const url = new URL(base);
  url.hash = "";
  return url.href.replace(/#$/, "") + PREFIX + base64url(packed);
}

// shared says whether hash (location.hash) carries a notebook.
export function shared(hash = location.hash) {
  return hash.startsWith(PREFIX);
}

// cells reads the cells a link's hash carries; it throws, saying why in
// the reader's words, when the link is not one or was cut short.
export async function cells(hash = location.hash) {
  let data;
  try {
    const bytes = await pipe(unbase64url(hash.slice(PREFIX.length)), new DecompressionStream("deflate-raw"));
    data = JSON.parse(new TextDecoder().decode(bytes));
  } catch (e) {
    throw new Error("the link is damaged or was cut short (copy the whole of it)");
  }
  if (!data || data.v !== VERSION || !Array.isArray(data.cells) || !data.cells.every((c) => typeof c === "string")) {
    throw new Error("the link does not hold a notebook this page reads");
  }
  return data.cells;
}
