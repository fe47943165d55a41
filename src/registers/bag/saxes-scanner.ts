import { SaxesParser } from 'saxes'
import { BagExtractError } from './bag-extract-error.js'
import type { XmlContentHandler } from './xml-scanner.js'

/**
 * The same interface as {@link XmlScanner}, driven by saxes, a fully conformant parser. Kept as the reference:
 * tests check that both yield identical records, and the bench shows what the lean scanner saves.
 */
export class SaxesScanner {
  private readonly parser = new SaxesParser({ xmlns: false, position: true })
  private captureDepth = -1
  private depth = 0
  private text = ''
  private readonly ids = new Map<string, number>()

  constructor(
    handler: XmlContentHandler,
    private readonly file: string,
  ) {
    const parser = this.parser
    parser.on('opentag', (tag) => {
      let id = this.ids.get(tag.name)
      if (id === undefined) {
        id = this.ids.size
        this.ids.set(tag.name, id)
        handler.declare(id, tag.name)
      }
      const wantsText = handler.open(id)
      if (tag.isSelfClosing) return
      if (wantsText && this.captureDepth < 0) {
        this.captureDepth = this.depth
        this.text = ''
      }
      this.depth++
    })
    parser.on('closetag', (tag) => {
      if (tag.isSelfClosing) {
        handler.close('')
        return
      }
      this.depth--
      if (this.captureDepth === this.depth) {
        this.captureDepth = -1
        handler.close(this.text)
      } else {
        handler.close('')
      }
    })
    const onText = (text: string): void => {
      if (this.captureDepth >= 0) this.text += text
    }
    parser.on('text', onText)
    parser.on('cdata', onText)
  }

  /** Feeds the next piece of decoded text. */
  write(chunk: string): void {
    this.guard(() => this.parser.write(chunk))
  }

  /** Signals the end of input; throws if the document is incomplete. */
  end(): void {
    this.guard(() => this.parser.close())
  }

  /** An error at the current position. */
  errorHere(reason: string, cause?: unknown): BagExtractError {
    const { line, column } = this.parser
    return new BagExtractError(
      reason,
      { file: this.file, line, column },
      cause === undefined ? undefined : { cause },
    )
  }

  private guard(action: () => void): void {
    try {
      action()
    } catch (error) {
      if (error instanceof BagExtractError) throw error
      const message = error instanceof Error ? error.message : String(error)
      // saxes prefixes "line:column: "; keep only the reason since BagExtractError adds its own location.
      throw this.errorHere(message.replace(/^\d+:\d+: /, ''), error)
    }
  }
}
