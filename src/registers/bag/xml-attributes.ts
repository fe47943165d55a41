const LT = 60
const GT = 62
const SLASH = 47
const QUOT = 34
const APOS = 39
const EQUALS = 61

/** A syntax error at a position in the scanner's current buffer; the scanner turns it into a located error. */
export class XmlSyntaxError extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message)
  }
}

/** True for a character that may start an element name (loosely: letters, '_', ':' and anything non-ASCII). */
export function isNameStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 58 || c > 127
}

/** End of the name of the start tag at `lt`, scanning character by character (the rare careful path); -1 if cut off. */
export function scanName(buf: string, lt: number): number {
  for (let i = lt + 2; i < buf.length; i++) {
    const c = buf.charCodeAt(i)
    if (c <= 32 || c === GT || c === SLASH) return i
    if (c === LT || c === QUOT || c === APOS || c === EQUALS)
      throw new XmlSyntaxError('malformed start tag', lt)
  }
  return -1
}

/**
 * Finds the '>' that closes a start tag's attributes, honouring quoted values (which may hold '>'), with native
 * searches only: a '>', a '<' and a quote lookup per attribute. Remembers where the next quotes are, so rare
 * apostrophes are not searched for at every tag; call `reset` for each new buffer.
 */
export class AttributeSkipper {
  private dq = -1
  private dqFrom = -1
  private sq = -1
  private sqFrom = -1

  /** Forgets remembered positions (a new buffer). */
  reset(): void {
    this.dqFrom = -1
    this.sqFrom = -1
  }

  /** Position of the closing '>' for attributes starting at `from`; -1 if the tag is cut off. */
  end(buf: string, from: number): number {
    let at = from
    for (;;) {
      const gt = buf.indexOf('>', at)
      if (gt === -1) return -1
      const lt = buf.indexOf('<', at)
      const quote = this.nextQuote(buf, at)
      if (quote === -1 || quote > gt) {
        if (lt !== -1 && lt < gt) throw new XmlSyntaxError('unterminated start tag', lt)
        return gt
      }
      if (lt !== -1 && lt < quote) throw new XmlSyntaxError('unterminated start tag', lt)
      const close = buf.indexOf(buf.charAt(quote), quote + 1)
      if (close === -1) return -1
      if (lt !== -1 && lt < close) throw new XmlSyntaxError(`'<' inside an attribute value`, lt)
      at = close + 1
    }
  }

  private nextQuote(buf: string, at: number): number {
    if (this.dqFrom < 0 || this.dqFrom > at || (this.dq !== -1 && this.dq < at)) {
      this.dq = buf.indexOf('"', at)
      this.dqFrom = at
    }
    if (this.sqFrom < 0 || this.sqFrom > at || (this.sq !== -1 && this.sq < at)) {
      this.sq = buf.indexOf("'", at)
      this.sqFrom = at
    }
    if (this.dq === -1) return this.sq
    return this.sq === -1 || this.dq < this.sq ? this.dq : this.sq
  }
}
