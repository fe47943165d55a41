import type { z } from 'zod'
import { wordListingIssue } from '../kit/issue-wording.js'
import type { KeyPath, YamlText } from './yaml-lines.js'

/** One mistake in a site file: the line it is on, the key it is about (dotted) and what is wrong. */
export interface SiteFileProblem {
  readonly line: number
  readonly key: string
  readonly message: string
}

/** A key path as a person writes it: `politeness.interval`, `options.lists.rent`, `(file)` for the whole file. */
export const dotted = (path: KeyPath): string => path.map(String).join('.') || '(file)'

/**
 * Words an issue the way the listing rejects are worded ("missing", "100 must be at least 500"), so a site file's
 * author reads the same language as a run report; a list says how many items it needs.
 */
export function wordSiteIssue(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code === 'too_small' && issue.origin === 'array') return `must list at least ${issue.minimum}`
  return wordListingIssue(issue)
}

/**
 * Every issue of a failed parse as problems with lines. The schemas are strict, so a typo'd key is an
 * `unrecognized_keys` issue on the map around it: each such key is its own problem, on its own line. `prefix` is where
 * the parsed value sits in the file (`options` for a preset's keys).
 */
export function problemsOf(error: z.ZodError, text: YamlText, prefix: KeyPath = []): SiteFileProblem[] {
  return error.issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path]
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        line: text.lineOfKey(path, key),
        key: dotted([...path, key]),
        message: 'unknown key',
      }))
    }
    return [{ line: text.lineOf(path), key: dotted(path), message: issue.message }]
  })
}

/** Problems as one line each, `file:line: key: message`, joined into the one line an error may have. */
export const describeProblems = (file: string, problems: readonly SiteFileProblem[]): string =>
  problems.map((p) => `${file}:${p.line}: ${p.key}: ${p.message}`).join('; ')
