import { close, createReadStream, open, read } from 'node:fs'
import { pipeline, type Readable, type TransformOptions } from 'node:stream'
import { promisify } from 'node:util'
import { createInflateRaw, type ZlibOptions } from 'node:zlib'
import yauzl from 'yauzl'

const openFile = promisify(open)
const readFile = promisify(read)
const LOCAL_HEADER_SIGNATURE = 0x04034b50
const LOCAL_HEADER_SIZE = 30
const DEFLATE = 8
// yauzl inflates in 16 KiB steps and stops when 16 KiB wait unread: a thread-pool round trip per step, and no
// overlap with parsing. Bigger steps and a 1 MiB read-ahead let the inflate thread run while the parser works.
const INFLATE_CHUNK = 1 << 18
const INFLATE_AHEAD = 1 << 20

/** Where a zip's bytes are: a whole file, or a byte range of one (a zip stored uncompressed inside another). */
export interface ZipLocation {
  file: string
  offset: number
  size: number
}

/**
 * Random access to a byte range of a file, so a zip stored (not deflated) inside another zip can be opened in
 * place: no temp copy, no extra disk. Owns the descriptor used for small reads and closes it when yauzl lets go.
 */
class FileRangeReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly file: string,
    private readonly fd: number,
    private readonly base: number,
  ) {
    super()
  }

  override _readStreamForRange(start: number, end: number): Readable {
    // Each stream opens the file itself: yauzl destroys streams it is done with, and destroying an fs stream
    // closes its descriptor even with autoClose off, so the shared one must not be handed out.
    return createReadStream(this.file, {
      start: this.base + start,
      end: this.base + end - 1,
      highWaterMark: 1 << 20,
    })
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (err: Error | null) => void,
  ): void {
    readFully(this.fd, buffer, offset, length, this.base + position).then(() => callback(null), callback)
  }

  override close(callback: (err: Error | null) => void): void {
    close(this.fd, callback)
  }
}

async function readFully(fd: number, buffer: Buffer, offset: number, length: number, position: number) {
  let done = 0
  while (done < length) {
    const { bytesRead } = await readFile(fd, buffer, offset + done, length - done, position + done)
    if (bytesRead === 0) throw new Error('unexpected end of file')
    done += bytesRead
  }
}

/** An open zip: its entries (read up front, they are small) and a way to stream each one. */
export class ZipArchive {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly location: ZipLocation,
    readonly entries: readonly yauzl.Entry[],
  ) {}

  /** Opens the zip at `location` and reads its central directory. */
  static async open(location: ZipLocation): Promise<ZipArchive> {
    const fd = await openFile(location.file, 'r')
    const reader = new FileRangeReader(location.file, fd, location.offset)
    let zip: yauzl.ZipFile
    try {
      zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
        yauzl.fromRandomAccessReader(
          reader,
          location.size,
          { lazyEntries: true, autoClose: false, strictFileNames: false },
          (err, zipfile) => (err ? reject(err) : resolve(zipfile)),
        ),
      )
    } catch (error) {
      close(fd, () => {})
      throw error
    }
    const entries = await new Promise<yauzl.Entry[]>((resolve, reject) => {
      const list: yauzl.Entry[] = []
      zip.on('entry', (entry: yauzl.Entry) => {
        list.push(entry)
        zip.readEntry()
      })
      zip.once('end', () => resolve(list))
      zip.once('error', reject)
      zip.readEntry()
    }).catch((error: unknown) => {
      zip.close()
      throw error
    })
    return new ZipArchive(zip, location, entries)
  }

  /** The raw (still compressed) bytes of an entry. */
  private openRaw(entry: yauzl.Entry, decode: boolean): Promise<Readable> {
    const options = decode ? {} : { decodeFileData: false }
    return new Promise((resolve, reject) =>
      this.zip.openReadStream(entry, options as yauzl.ZipFileOptions, (err, stream) =>
        err ? reject(err) : resolve(stream),
      ),
    )
  }

  /** The decompressed bytes of an entry, checked against the size in the central directory. */
  async *readEntry(entry: yauzl.Entry): AsyncGenerator<Buffer> {
    if (entry.compressionMethod !== DEFLATE) {
      // Stored (or a method yauzl rejects with a clear error): yauzl's own stream checks the size.
      const stream = await this.openRaw(entry, true)
      try {
        for await (const chunk of stream) yield chunk as Buffer
      } finally {
        stream.destroy()
      }
      return
    }
    if (entry.isEncrypted()) throw new Error(`${entry.fileName} is encrypted`)
    const raw = await this.openRaw(entry, false)
    const options: ZlibOptions & TransformOptions = {
      chunkSize: INFLATE_CHUNK,
      readableHighWaterMark: INFLATE_AHEAD,
    }
    const inflate = createInflateRaw(options)
    pipeline(raw, inflate, () => {})
    let size = 0
    try {
      for await (const chunk of inflate) {
        size += (chunk as Buffer).length
        yield chunk as Buffer
      }
    } finally {
      inflate.destroy()
      raw.destroy()
    }
    if (size !== entry.uncompressedSize) {
      throw new Error(`${entry.fileName} inflated to ${size} bytes, expected ${entry.uncompressedSize}`)
    }
  }

  /** Where an uncompressed (stored) entry's bytes are, so a nested zip can be opened in place; null if deflated. */
  async storedLocation(entry: yauzl.Entry): Promise<ZipLocation | null> {
    if (entry.compressionMethod !== 0 || entry.isEncrypted()) return null
    const header = Buffer.alloc(LOCAL_HEADER_SIZE)
    const fd = await openFile(this.location.file, 'r')
    try {
      await readFully(
        fd,
        header,
        0,
        LOCAL_HEADER_SIZE,
        this.location.offset + entry.relativeOffsetOfLocalHeader,
      )
    } finally {
      close(fd, () => {})
    }
    if (header.readUInt32LE(0) !== LOCAL_HEADER_SIGNATURE)
      throw new Error(`bad local header for ${entry.fileName}`)
    const dataStart =
      entry.relativeOffsetOfLocalHeader +
      LOCAL_HEADER_SIZE +
      header.readUInt16LE(26) +
      header.readUInt16LE(28)
    return { file: this.location.file, offset: this.location.offset + dataStart, size: entry.compressedSize }
  }

  /** Releases the file descriptor once every open entry stream has finished. */
  close(): void {
    this.zip.close()
  }
}
