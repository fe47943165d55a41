import { writeFile } from 'node:fs/promises'
import yazl from 'yazl'

/**
 * Test support: builds a zip in memory from `[name, bytes, options]` entries (zips inside are stored unless
 * `compress` says otherwise, like Kadaster's outer zip) and writes it to `path` when one is given.
 */
export async function zipOf(
  path: string | null,
  entries: readonly (readonly [string, Buffer, { compress?: boolean }?])[],
): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  for (const [name, bytes, options] of entries) {
    zip.addBuffer(bytes, name, { compress: options?.compress ?? !name.endsWith('.zip') })
  }
  zip.end()
  const chunks: Buffer[] = []
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer)
  const buffer = Buffer.concat(chunks)
  if (path !== null) await writeFile(path, buffer)
  return buffer
}
