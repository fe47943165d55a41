// Letter pairs PostNL never issues (they evoke wartime organisations), so a postcode using them is a typo.
const NEVER_ISSUED = new Set(['SA', 'SD', 'SS'])

/** Upper-cases and drops whitespace, giving up as soon as more than six characters remain (keeps hostile input cheap). */
function compact(raw: string): string | null {
  let out = ''
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!
    if (ch.trim() === '') continue
    out += ch
    if (out.length > 6) return null
  }
  return out.toUpperCase()
}

/** Checks the six compacted characters against the PostNL format: `[1-9][0-9]{3}` and two issued letters. */
function isValidCompact(c: string): boolean {
  if (c.length !== 6) return false
  const first = c.charCodeAt(0)
  if (first < 49 || first > 57) return false
  for (let i = 1; i < 4; i++) {
    const code = c.charCodeAt(i)
    if (code < 48 || code > 57) return false
  }
  for (let i = 4; i < 6; i++) {
    const code = c.charCodeAt(i)
    if (code < 65 || code > 90) return false
  }
  return !NEVER_ISSUED.has(c.slice(4))
}

/** Dutch postcode in display form `"1234 AB"`, or null when the input is not a valid, issuable postcode. */
export function normalisePostcode(raw: string | null | undefined): string | null {
  // However generous the padding, 64 characters is plenty; longer input is not a postcode.
  if (raw == null || raw.length > 64) return null
  const c = compact(raw)
  if (c === null || !isValidCompact(c)) return null
  return displayPostcode(c)
}

const KEY_SHAPE = /^[0-9]{4}[A-Z]{2}$/

/**
 * The display form of a postcode in key form ("1234AB" → "1234 AB"); anything else comes back as it is. The BAG
 * stores key form, and a home shows its postcode the way listings print it.
 */
export function displayPostcode(key: string): string {
  return KEY_SHAPE.test(key) ? `${key.slice(0, 4)} ${key.slice(4)}` : key
}

/**
 * Join key `"1234AB"`; accepts display or key form. Invalid input never throws: it comes back
 * upper-cased with whitespace removed, so it can only ever match an equally malformed value.
 */
export function postcodeKey(postcode: string): string {
  // The two forms of a valid postcode, nearly every call, without compacting character by character: staging a
  // listing calls this twice after normalisePostcode has compacted the same text once.
  if (postcode.length === 6 && isValidCompact(postcode)) return postcode
  if (postcode.length === 7 && postcode[4] === ' ') {
    const key = postcode.slice(0, 4) + postcode.slice(5)
    if (isValidCompact(key)) return key
  }
  const c = compact(postcode)
  if (c !== null && isValidCompact(c)) return c
  return postcode.replace(/\s+/g, '').toUpperCase()
}
