import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { useTempDir } from './temp-dir.js'

const fileLevel = useTempDir('propdata-temp-dir-test-')

describe('useTempDir', () => {
  let madeInTest = ''

  it('gives a folder that exists, made inside a test', () => {
    madeInTest = useTempDir('propdata-temp-dir-test-')
    expect(existsSync(madeInTest)).toBe(true)
  })

  it('removes a folder made inside a test when that test ends, and keeps the file’s own until the file ends', () => {
    expect(madeInTest).not.toBe('')
    expect(existsSync(madeInTest)).toBe(false)
    expect(existsSync(fileLevel)).toBe(true)
  })
})
