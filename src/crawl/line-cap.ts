import { Transform } from 'node:stream'

const LF = 10
const CR = 13

/** What ends a line: any of "\n", "\r\n" and "\r" (as readline reads), or exactly one of them (a CSV file's). */
export type LineBreak = 'any' | '\n' | '\r\n' | '\r'

/** The line break a text starts with, as csv-parse would detect it: the first "\r\n", "\n" or "\r". */
export function detectLineBreak(head: string): Exclude<LineBreak, 'any'> {
  const at = head.search(/[\r\n]/)
  if (at === -1 || head[at] === '\n') return '\n'
  return head[at + 1] === '\n' ? '\r\n' : '\r'
}

/**
 * Passes a byte stream through line by line, never holding more than `maxBytes` of one line: a longer line loses
 * its content (its line break stays, so the parser after it counts lines as before) and `onTooLong` gets its
 * number. Without this, one 100 MB line (a file with no line breaks) is buffered whole by readline, and csv-parse,
 * once a record passes its `max_record_size`, drops every chunk after it (csv-parse 6.2: the rest of the file).
 */
export function capLineLength(
  maxBytes: number,
  lineBreak: LineBreak,
  onTooLong: (line: number) => void,
): Transform {
  let line = 1
  let length = 0
  let pending: Buffer[] = []
  let skipping = false
  let previous = -1
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const out: Buffer[] = []
      let start = 0
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i]!
        const before = previous
        previous = byte
        if (lineBreak === 'any' && byte === LF && before === CR) {
          // The "\n" of a "\r\n" whose "\r" already ended the line.
          out.push(chunk.subarray(i, i + 1))
          start = i + 1
          continue
        }
        const ends =
          lineBreak === 'any'
            ? byte === LF || byte === CR
            : lineBreak === '\r\n'
              ? byte === LF && before === CR
              : byte === lineBreak.charCodeAt(0)
        if (!ends) {
          if (++length > maxBytes && !skipping) {
            skipping = true
            pending = []
          }
          continue
        }
        if (skipping) {
          onTooLong(line)
          out.push(Buffer.from(lineBreak === 'any' ? String.fromCharCode(byte) : lineBreak))
        } else {
          out.push(...pending, chunk.subarray(start, i + 1))
        }
        pending = []
        length = 0
        skipping = false
        line += 1
        start = i + 1
      }
      // The unfinished line is copied out of the chunk (at most maxBytes), so no chunk is kept alive by a slice.
      if (!skipping && start < chunk.length) pending = [Buffer.concat([...pending, chunk.subarray(start)])]
      done(null, out.length > 0 ? Buffer.concat(out) : undefined)
    },
    flush(done) {
      if (skipping) onTooLong(line)
      done(null, pending.length > 0 && !skipping ? Buffer.concat(pending) : undefined)
    },
  })
}
