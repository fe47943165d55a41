import { cpSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../src/config.js'
import { openStore } from '../../src/store/database.js'
import { runProcess } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp-dir.js'
import { GOOD_SITE_FILE, writeSiteFile } from './site-files.js'

// A copy of what `propdata` runs (bin/, the compiled dist/ and package.json) with a sources folder of its own (and
// the trust order): the compiled code finds the site files next to dist/, so a broken one here breaks only this copy.
const root = useTempDir('propdata-site-file-cli-')
for (const part of ['bin', 'dist', 'package.json', 'sources/trust-order.yml'])
  cpSync(join(PROJECT_ROOT, part), join(root, part), { recursive: true })
symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(root, 'node_modules'))
mkdirSync(join(root, 'data'))

const propdata = (...args: string[]) =>
  runProcess(process.execPath, [join(root, 'bin', 'propdata.js'), ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PROPDATA_DATA_DIR: join(root, 'data'),
    },
  })

describe('a broken site file', () => {
  it('fails `propdata sources` and `ingest` as bad usage (exit 2), in one line naming the file, before any request', async () => {
    writeSiteFile(root, 'acme-homes', GOOD_SITE_FILE.replace('interval: 2000', 'interval: 100'))
    const line = 'error: sources/acme-homes/source.yml:10: politeness.interval: 100 must be at least 500\n'
    for (const args of [['sources'], ['ingest', '--sources', 'acme-homes', '--cities', 'Delft']]) {
      const result = await propdata(...args, '--db', join(root, 'data', 'propdata.db'))
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr).toBe(line)
    }
  }, 60_000)

  it('once fixed, is listed by `propdata sources` with the code adapters', async () => {
    writeFileSync(join(root, 'sources', 'acme-homes', 'source.yml'), GOOD_SITE_FILE)
    await (await openStore(join(root, 'data', 'propdata.db'))).close()
    const result = await propdata('sources', '--json', '--db', join(root, 'data', 'propdata.db'))
    expect(result.code, result.stderr).toBe(0)
    const ids = (JSON.parse(result.stdout) as { id: string }[]).map((s) => s.id)
    expect(ids).toEqual(expect.arrayContaining(['funda', 'kamernet', 'acme-homes']))
    expect(ids.indexOf('acme-homes')).toBeGreaterThan(ids.indexOf('kamernet'))
  }, 60_000)
})
