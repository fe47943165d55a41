import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..')
const README = join(ROOT, 'README.md')
const DOCS = join(ROOT, 'docs')

/** A newcomer reads the README in ten minutes; the reference belongs in docs/. */
const README_MAX_BYTES = 25_000

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** The anchors of a Markdown file's headings, outside fenced code blocks. */
function anchorsOf(markdown: string): Set<string> {
  const withoutCode = markdown.replace(/^```[\s\S]*?^```/gm, '')
  return new Set([...withoutCode.matchAll(/^#{1,6} (.+)$/gm)].map((m) => headingAnchor(m[1]!)))
}

/** Every link of a Markdown file to another file of the repository or to a heading, as written. */
function localLinks(markdown: string): string[] {
  const withoutCode = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '')
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target))
}

/** Why a link does not lead anywhere, or undefined when it does. */
function brokenLink(from: string, target: string): string | undefined {
  const [path, anchor] = target.split('#') as [string, string | undefined]
  const file = path === '' ? from : join(dirname(from), path)
  if (!existsSync(file)) return `${target}: no file ${relative(ROOT, file)}`
  if (anchor === undefined || statSync(file).isDirectory()) return undefined
  if (!anchorsOf(readFileSync(file, 'utf8')).has(anchor))
    return `${target}: no heading #${anchor} in ${relative(ROOT, file)}`
  return undefined
}

describe('the README and docs/', () => {
  it(`keep the README at most ${README_MAX_BYTES.toLocaleString('en')} bytes`, () => {
    expect(statSync(README).size).toBeLessThanOrEqual(README_MAX_BYTES)
  })

  it('opens the README with the two commands a newcomer types', () => {
    const opening = readFileSync(README, 'utf8').split('\n').slice(0, 6).join('\n')
    expect(opening).toContain('npm install && npm start')
    expect(opening).toContain('npm install && npm test')
  })

  it('link only to files and headings that exist', () => {
    const files = [
      README,
      ...readdirSync(DOCS)
        .filter((f) => f.endsWith('.md'))
        .map((f) => join(DOCS, f)),
    ]
    const broken = files.flatMap((file) =>
      localLinks(readFileSync(file, 'utf8')).flatMap((target) => {
        const problem = brokenLink(file, target)
        return problem ? [`${relative(ROOT, file)}: ${problem}`] : []
      }),
    )
    expect(broken).toEqual([])
  })

  it('make the anchors GitHub makes', () => {
    expect(headingAnchor('The health watch: when a source is `degraded`')).toBe(
      'the-health-watch-when-a-source-is-degraded',
    )
    expect(headingAnchor('`GET /v1/listings`')).toBe('get-v1listings')
  })
})
