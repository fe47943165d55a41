import { createReadStream } from 'node:fs'
import type { Readable } from 'node:stream'
import yauzl from 'yauzl'
import { InvalidInputError } from '../errors.js'

const isZip = async (path: string): Promise<boolean> => {
  const stream = createReadStream(path, { start: 0, end: 3 })
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).readUInt32LE(0) === 0x04034b50
}

/**
 * Opens an EP-Online label file as a byte stream: the CSV itself, or the zip RVO publishes it in (its first
 * `.csv` entry, decompressed as it is read: nothing is unpacked to disk).
 */
export async function openLabelFile(path: string): Promise<Readable> {
  if (!(await isZip(path))) return createReadStream(path, { highWaterMark: 1 << 20 })
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (err, z) => (err ? reject(err) : resolve(z))),
  )
  const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
    zip.on('entry', (e: yauzl.Entry) => (/\.csv$/i.test(e.fileName) ? resolve(e) : zip.readEntry()))
    zip.once('end', () => resolve(null))
    zip.once('error', reject)
    zip.readEntry()
  })
  if (!entry) {
    zip.close()
    throw new InvalidInputError(`No .csv file inside ${path}: is it EP-Online's label download?`, { path })
  }
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) => {
      if (err) {
        zip.close()
        return reject(err)
      }
      // The one entry we read is the last use of the zip: close it when that stream is done, however it ends.
      stream.once('close', () => zip.close())
      resolve(stream)
    }),
  )
}
