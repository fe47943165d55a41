/**
 * Decodes a body with the charset the server declared, else the one an HTML `<meta>` declares in the first
 * 1024 bytes (as browsers do), else UTF-8. Invalid bytes become U+FFFD; an unknown charset falls back to UTF-8.
 * Never throws.
 */
export function decodeBody(bytes: Uint8Array, contentType: string | undefined): string {
  const label = charsetOf(contentType) ?? sniffMetaCharset(bytes) ?? 'utf-8'
  const decoder = decoderFor(label)
  return decoder.encoding === 'windows-1252' ? decodeWindows1252(bytes) : decoder.decode(bytes)
}

function decoderFor(label: string) {
  try {
    return new TextDecoder(label)
  } catch {
    return new TextDecoder('utf-8')
  }
}

const charsetOf = (contentType: string | undefined): string | undefined =>
  /charset=["']?([\w-]+)/i.exec(contentType ?? '')?.[1]?.toLowerCase()

function sniffMetaCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString(
    'latin1',
  )
  return /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1]?.toLowerCase()
}

/** What windows-1252 puts at 0x80–0x9F (WHATWG Encoding); the rest of the range is ISO-8859-1. */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
]

/**
 * windows-1252 by hand: since 20.18.3 Node's TextDecoder decodes it (and every label WHATWG maps to it: latin1,
 * iso-8859-1, ascii) as strict ISO-8859-1, so "€" (0x80) and curly quotes come out as C1 control characters
 * (https://github.com/nodejs/node/issues/60888).
 */
function decodeWindows1252(bytes: Uint8Array): string {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  return text.replace(/[\x80-\x9f]/g, (c) => String.fromCharCode(CP1252_HIGH[c.charCodeAt(0) - 0x80]!))
}
