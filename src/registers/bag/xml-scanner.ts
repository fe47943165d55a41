import { BagExtractError } from './bag-extract-error.js'
import { AttributeSkipper, isNameStart, scanName, XmlSyntaxError } from './xml-attributes.js'
import { XmlNameTable } from './xml-name-table.js'
import { decodeEntities } from './xml-text.js'

/**
 * What {@link XmlScanner} reports. Each distinct element name is declared once with a small integer id; `open`
 * gets the id (no string per tag) and returns true to receive the element's text at its `close`.
 */
export interface XmlContentHandler {
  declare(id: number, name: string): void
  open(id: number): boolean
  close(text: string): void
}

const GT = 62
const SLASH = 47
const BANG = 33
const QUESTION = 63
/** No tag, comment or captured text in a BAG file comes near this; past it the file is corrupt, not slow. */
const MAX_PIECE = 1 << 20
/** BAG files nest about ten deep; the stack of a file nested millions deep would grow without bound. */
const MAX_DEPTH = 4_096

/**
 * A lean, streaming XML tokenizer for large machine-written files. It checks what matters for a truncated or
 * corrupted file (tag balance, one root, no stray text outside it, complete markup, known entities in captured
 * text) but, unlike a full SAX parser, never copies text or names it was not asked for: a pand's `gml:posList` is
 * skipped with one `indexOf('<')`, and element names are recognised by native compares (see XmlNameTable).
 * No namespaces, no DTDs: names are as written (`prefix:local`).
 */
export class XmlScanner {
  private buf = ''
  private pos = 0
  private depth = 0
  private stack = new Int32Array(64)
  private readonly table: XmlNameTable
  private readonly names: string[]
  private captureDepth = -1
  private raw = ''
  private text = ''
  private seenRoot = false
  private markAt = 0
  /** The previous tag (id * 2, + 1 for a start tag) and, per previous tag, the start tag that came next. */
  private last = 0
  private readonly successor: number[] = []
  private resolvedEnd = 0
  private readonly attributes = new AttributeSkipper()
  /** Characters dropped from the front of the buffer so far: errors carry an offset, not a line (see below). */
  private consumed = 0

  constructor(
    private readonly handler: XmlContentHandler,
    private readonly file: string,
  ) {
    this.table = new XmlNameTable((id, name) => handler.declare(id, name))
    this.names = this.table.names
  }

  /** Feeds the next piece of decoded text; markup cut off at the end is kept for the next call. */
  write(chunk: string): void {
    try {
      const left = this.buf
      let start = 0
      if (left !== '') {
        // Finish the cut-off tag on a small stitched string, then scan the chunk itself: `left + chunk` would
        // copy every chunk (flattening) and put twice the data through the young generation.
        const gt = chunk.indexOf('>')
        if (gt !== -1 && this.scan(left + chunk.slice(0, gt + 1), 0) === left.length + gt + 1) {
          this.consumed += left.length
          start = gt + 1
        } else {
          this.scan(left + chunk, 0)
          this.keepRest()
          return
        }
      }
      this.scan(chunk, start)
      this.keepRest()
    } catch (error) {
      if (error instanceof BagExtractError) throw error
      if (error instanceof XmlSyntaxError) throw this.errorAt(error.at, error.message)
      throw this.errorAt(this.markAt, error instanceof Error ? error.message : String(error), error)
    }
  }

  /** Scans `buf` from `pos`; returns where scanning stopped (at a cut-off construct, or the end). */
  private scan(buf: string, pos: number): number {
    this.buf = buf
    this.pos = pos
    this.attributes.reset()
    this.run()
    return this.pos
  }

  /** Keeps only the cut-off construct (if any) for the next chunk. */
  private keepRest(): void {
    this.consumed += this.pos
    this.buf = this.pos < this.buf.length ? this.buf.slice(this.pos) : ''
    this.pos = 0
    // Kept and re-scanned with every chunk, an unclosed construct would grow without bound (and quadratically slow).
    if (this.buf.length > MAX_PIECE) throw this.errorAt(0, `markup not closed within ${MAX_PIECE} characters`)
  }

  /** Signals the end of input; throws if the document is incomplete. */
  end(): void {
    if (this.buf.trim() !== '') throw this.errorAt(0, 'unexpected end of file inside markup')
    if (this.depth > 0) {
      const open = this.names[this.stack[this.depth - 1] as number]
      throw this.errorAt(this.buf.length, `unexpected end of file: <${open}> is not closed`)
    }
    if (!this.seenRoot) throw this.errorAt(this.buf.length, 'no root element')
  }

  /** An error at the current position, for failures found outside the scanner (e.g. invalid UTF-8). */
  errorHere(reason: string, cause?: unknown): BagExtractError {
    return this.errorAt(this.pos, reason, cause)
  }

  private run(): void {
    const buf = this.buf
    const len = buf.length
    let pos = this.pos
    while (pos < len) {
      const lt = buf.indexOf('<', pos)
      const textEnd = lt === -1 ? len : lt
      if (textEnd > pos && (this.captureDepth >= 0 || this.depth === 0)) this.onText(pos, textEnd)
      if (lt === -1) {
        pos = len
        break
      }
      pos = lt
      if (this.raw !== '') this.flushRaw()
      if (lt + 1 >= len) break
      const c = buf.charCodeAt(lt + 1)
      let next: number
      if (c === SLASH) next = this.endTag(lt)
      else if (c === BANG) next = this.special(lt)
      else if (c === QUESTION) {
        const end = buf.indexOf('?>', lt + 2)
        next = end === -1 ? -1 : end + 2
      } else next = this.startTag(lt)
      if (next === -1) break
      pos = next
    }
    this.pos = pos
  }

  private onText(from: number, to: number): void {
    if (this.captureDepth >= 0) {
      this.raw += this.buf.slice(from, to)
      if (this.raw.length + this.text.length > MAX_PIECE)
        throw this.errorAt(from, `element text longer than ${MAX_PIECE} characters`)
    } else if (this.buf.slice(from, to).trim() !== '')
      throw this.errorAt(from, 'text outside the root element')
  }

  private startTag(lt: number): number {
    const buf = this.buf
    if (!isNameStart(buf.charCodeAt(lt + 1))) throw this.errorAt(lt, `invalid character after '<'`)
    // Machine-written files repeat one element order, so first try the element that followed the previous tag
    // last time: one compare, and the '>' position comes for free.
    let id = -1
    let gt = -1
    const guess = this.successor[this.last]
    if (guess !== undefined) {
      const name = this.names[guess] as string
      const end = lt + 1 + name.length
      const c = buf.charCodeAt(end)
      if ((c === GT || c === SLASH || c <= 32) && buf.indexOf(name, lt + 1) === lt + 1) {
        id = guess
        gt = c === GT ? end : this.attributes.end(buf, end)
        if (gt === -1) return -1
      }
    }
    if (id < 0) id = this.resolveStartTag(lt)
    if (id < 0) return -1
    if (gt < 0) gt = this.resolvedEnd
    this.successor[this.last] = id
    this.last = id * 2 + 1
    this.markAt = lt
    if (this.depth === 0) {
      if (this.seenRoot) throw this.errorAt(lt, `a second root element <${this.names[id]}>`)
      this.seenRoot = true
    }
    const wantsText = this.handler.open(id)
    if (buf.charCodeAt(gt - 1) === SLASH) {
      this.handler.close('')
    } else {
      if (wantsText && this.captureDepth < 0) {
        this.captureDepth = this.depth
        this.text = ''
      }
      if (this.depth === this.stack.length) {
        if (this.depth >= MAX_DEPTH) throw this.errorAt(lt, `elements nested more than ${MAX_DEPTH} deep`)
        const grown = new Int32Array(this.stack.length * 2)
        grown.set(this.stack)
        this.stack = grown
      }
      this.stack[this.depth++] = id
    }
    return gt + 1
  }

  /**
   * The id of the start tag at `lt` when the guess failed (-1 if cut off); its '>' goes to `resolvedEnd`. The name
   * is guessed with native searches and confirmed against the known names; a careful scan handles the rest.
   */
  private resolveStartTag(lt: number): number {
    const buf = this.buf
    let gt = buf.indexOf('>', lt + 2)
    if (gt === -1) return -1
    const selfClosing = buf.charCodeAt(gt - 1) === SLASH
    let id = this.table.lookup(buf, lt + 1, selfClosing ? gt - 1 : gt)
    if (id < 0) {
      const space = buf.indexOf(' ', lt + 2)
      if (space !== -1 && space < gt) id = this.table.lookup(buf, lt + 1, space)
      if (id < 0) {
        const nameEnd = scanName(buf, lt)
        if (nameEnd === -1) return -1
        id = this.table.declare(buf, lt + 1, nameEnd)
        gt = buf.charCodeAt(nameEnd) === GT ? nameEnd : this.attributes.end(buf, nameEnd)
      } else {
        gt = this.attributes.end(buf, space)
      }
      if (gt === -1) return -1
    }
    this.resolvedEnd = gt
    return id
  }

  private endTag(lt: number): number {
    const buf = this.buf
    if (this.depth === 0) {
      const gt = buf.indexOf('>', lt)
      if (gt === -1) return -1
      throw this.errorAt(lt, `unexpected end tag </${buf.slice(lt + 2, gt).trim()}>`)
    }
    const expected = this.names[this.stack[this.depth - 1] as number] as string
    let i = lt + 2 + expected.length
    if (i >= buf.length) return -1
    let c = buf.charCodeAt(i)
    // Usually `</name>`; whitespace before the '>' is allowed.
    while (c <= 32 && ++i < buf.length) c = buf.charCodeAt(i)
    if (i >= buf.length) return -1
    // indexOf(x, at) === at, as V8 runs it faster than startsWith; a mismatch (an error anyway) just searches on.
    if (c !== GT || buf.indexOf(expected, lt + 2) !== lt + 2) {
      const gt = buf.indexOf('>', lt)
      const found = buf.slice(lt + 2, gt === -1 ? Math.min(buf.length, lt + 80) : gt).trim()
      throw this.errorAt(lt, `expected </${expected}> but found </${found}>`)
    }
    this.markAt = lt
    this.depth--
    this.last = (this.stack[this.depth] as number) * 2
    if (this.captureDepth === this.depth) {
      this.captureDepth = -1
      const text = this.text
      this.text = ''
      this.handler.close(text)
    } else {
      this.handler.close('')
    }
    return i + 1
  }

  private special(lt: number): number {
    const buf = this.buf
    if (buf.startsWith('<!--', lt)) {
      const end = buf.indexOf('-->', lt + 4)
      return end === -1 ? -1 : end + 3
    }
    if (buf.startsWith('<![CDATA[', lt)) {
      const end = buf.indexOf(']]>', lt + 9)
      if (end === -1) return -1
      if (this.depth === 0) throw this.errorAt(lt, 'CDATA outside the root element')
      if (this.captureDepth >= 0) this.text += buf.slice(lt + 9, end)
      return end + 3
    }
    if (buf.startsWith('<!DOCTYPE', lt)) {
      const end = buf.indexOf('>', lt)
      if (end === -1) return -1
      if (buf.lastIndexOf('[', end) > lt)
        throw this.errorAt(lt, 'DOCTYPE with an internal subset is not supported')
      return end + 1
    }
    if (buf.length - lt < 9) return -1
    throw this.errorAt(lt, `invalid markup '${buf.slice(lt, lt + 9)}'`)
  }

  /** Decodes the raw text collected so far; called at markup, which an entity reference can never span. */
  private flushRaw(): void {
    const raw = this.raw
    this.raw = ''
    this.text += raw.includes('&') ? decodeEntities(raw) : raw
  }

  // Counting lines as we go costs ~9 % (one search per line), so errors carry the character offset and the
  // caller (extract-reader) re-reads the file to turn it into a line and column; only failures pay for that.
  private errorAt(index: number, reason: string, cause?: unknown): BagExtractError {
    const where = { file: this.file, offset: this.consumed + index }
    return new BagExtractError(reason, where, cause === undefined ? undefined : { cause })
  }
}
