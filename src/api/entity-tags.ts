/**
 * One member of an If-None-Match list (RFC 9110 §8.8.3, §5.6.1), from where the scan stands: optional whitespace, an
 * entity-tag (`W/` and an opaque-tag) or nothing (a list may hold empty members), optional whitespace, and then a comma
 * or the end. An opaque-tag is any visible character but a double quote, between double quotes: commas included.
 */
const MEMBER = /[ \t]*(?:(?:W\/)?("[\x21\x23-\x7e\x80-\xff]*"))?[ \t]*(?:,|$)/y

/**
 * The opaque-tags an If-None-Match field lists, without their weak prefixes; `*` for "any"; null when the field is not
 * one (RFC 9110 §13.1.2: `"*"` alone, or a list of entity-tags).
 */
export function parseIfNoneMatch(field: string): readonly string[] | '*' | null {
  if (field.trim() === '*') return '*'
  const tags: string[] = []
  MEMBER.lastIndex = 0
  while (MEMBER.lastIndex < field.length) {
    const member = MEMBER.exec(field)
    if (member === null) return null
    if (member[1] !== undefined) tags.push(member[1])
  }
  return tags
}

/**
 * RFC 9110 §13.1.2: whether If-None-Match `field` matches a current representation tagged `tag` (an opaque-tag, weak
 * or not), by weak comparison: two tags match when their opaque-tags are equal, either or both weak. `*` matches any
 * representation. A field that is not a valid one matches nothing, so the client gets the representation.
 */
export function ifNoneMatchMatches(field: string, tag: string): boolean {
  const tags = parseIfNoneMatch(field)
  const opaque = tag.replace(/^W\//, '')
  return tags === '*' || tags?.includes(opaque) === true
}
