import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { PROJECT_ROOT } from '../../src/config.js'
import { ALL_PRESETS } from '../helpers/registry.js'
import { importsOf } from './source-adapter.case.js'

const PRESETS_DIR = join(PROJECT_ROOT, 'sources', '_presets')
const { dependencies = {} } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>
}

/** A preset folder's own code: what it may import is the kit, its own files and the packages a production install has. */
const allowed = (spec: string) =>
  spec === '../../../src/kit/index.js' || /^\.\/[\w.-]+\.js$/.test(spec) || spec in dependencies

const presetFolders = readdirSync(PRESETS_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

describe('the presets', () => {
  it('are each a folder named by its id, registered once, with a README', () => {
    expect(ALL_PRESETS.map((p) => p.id).sort()).toEqual([...presetFolders].sort())
    for (const folder of presetFolders)
      expect(existsSync(join(PRESETS_DIR, folder, 'README.md')), folder).toBe(true)
  })

  it('give example options (what `new-source --preset` writes) that their own schema accepts', () => {
    for (const preset of ALL_PRESETS) {
      const example = join(PRESETS_DIR, preset.id, 'options.example.yml')
      if (!existsSync(example)) continue
      const result = preset.options.safeParse(parse(readFileSync(example, 'utf8')))
      expect(result.error?.issues ?? [], preset.id).toEqual([])
    }
  })

  it('are written on the kit alone', () => {
    for (const folder of presetFolders) {
      const files = readdirSync(join(PRESETS_DIR, folder)).filter(
        (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
      )
      for (const file of files) {
        for (const spec of importsOf(readFileSync(join(PRESETS_DIR, folder, file), 'utf8')))
          expect(allowed(spec), `${folder}/${file} imports ${spec}`).toBe(true)
      }
    }
  })
})
