// A config in a URL fragment (#c=...): deflate-raw by the platform's CompressionStream (browsers and
// Node have it; no library), then base64url. Nothing goes to a server: the fragment never leaves the browser.

async function through(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

function toBase64Url(bytes: Uint8Array): string {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  const b64 = btoa(bin).replace(/\+/g, "-").replace(/\//g, "_");
  let end = b64.length;
  while (b64[end - 1] === "=") end--; // padding is not needed to decode
  return b64.slice(0, end);
}

function fromBase64Url(text: string): Uint8Array {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** The fragment for a config's text: "c=" and the compressed text. */
export async function encodeFragment(text: string): Promise<string> {
  return `c=${toBase64Url(await through(new TextEncoder().encode(text), new CompressionStream("deflate-raw")))}`;
}

/** The config's text from a fragment ("#c=..." or "c=..."), or undefined when it holds none or is damaged. */
export async function decodeFragment(fragment: string): Promise<string | undefined> {
  const m = /^#?c=([\w-]+)$/.exec(fragment);
  if (!m) return undefined;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(
      await through(fromBase64Url(m[1]!), new DecompressionStream("deflate-raw")),
    );
  } catch {
    return undefined;
  }
}
