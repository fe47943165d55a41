/**
 * A copy of `text` that does not point into the string it was cut from. V8 copies substrings shorter than 13
 * characters but makes longer ones views that keep their whole parent (a 64 KiB chunk) alive, so longer text is
 * rebuilt from short pieces.
 */
export function detach(text: string): string {
  if (text.length < 13) return text
  let copy = ''
  for (let at = 0; at < text.length; at += 12) copy += text.slice(at, at + 12)
  return copy
}

/** Replaces the five predefined entities and character references; anything else is an error. */
export function decodeEntities(raw: string): string {
  return raw.replace(/&([^;&<]*);?/g, (match, body: string) => {
    if (!match.endsWith(';')) throw new Error(`bare '&' in text`)
    switch (body) {
      case 'lt':
        return '<'
      case 'gt':
        return '>'
      case 'amp':
        return '&'
      case 'quot':
        return '"'
      case 'apos':
        return "'"
    }
    const code = body.startsWith('#x')
      ? Number.parseInt(body.slice(2), 16)
      : body.startsWith('#')
        ? Number(body.slice(1))
        : Number.NaN
    if (!Number.isInteger(code) || code < 1 || code > 0x10ffff) throw new Error(`unknown entity &${body};`)
    return String.fromCodePoint(code)
  })
}
