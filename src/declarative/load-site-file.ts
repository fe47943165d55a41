import { readFileSync } from 'node:fs'
import { SiteFileError } from '../errors.js'
import type { ListingSource } from '../kit/adapter.js'
import { type Preset, type SiteFile, siteFileSchema } from '../kit/preset.js'
import { describeProblems, problemsOf, type SiteFileProblem, wordSiteIssue } from './site-file-problems.js'
import { isYamlSyntaxError, parseYamlText, type YamlText } from './yaml-lines.js'

/** Where a site file is, and how messages name it. */
export interface SiteFileLocation {
  /** The file on disk. */
  readonly path: string
  /** As messages show it, relative to the repository: `sources/<id>/source.yml`. */
  readonly shown: string
  /** The folder it sits in, which its `id` must equal. */
  readonly folder: string
}

/** What the site file says about itself that no schema can check alone: its folder, its preset, its offers. */
function crossCheck(
  site: SiteFile,
  folder: string,
  preset: Preset<unknown> | undefined,
  presets: readonly Preset<unknown>[],
  text: YamlText,
): SiteFileProblem[] {
  const problems: SiteFileProblem[] = []
  if (site.id !== folder) {
    problems.push({
      line: text.lineOf(['id']),
      key: 'id',
      message: `"${site.id}" must equal the folder name "${folder}"`,
    })
  }
  if (!preset) {
    const known = presets.map((p) => p.id).join(', ')
    problems.push({
      line: text.lineOf(['preset']),
      key: 'preset',
      message: `unknown preset "${site.preset}"; known: ${known}`,
    })
    return problems
  }
  // A platform that only lets homes cannot be asked for sales, whatever the site file says.
  site.offers.forEach((offer, i) => {
    if (!preset.offers.includes(offer)) {
      problems.push({
        line: text.lineOf(['offers', i]),
        key: `offers.${i}`,
        message: `"${offer}" is not an offer type ${preset.id} carries (${preset.offers.join(', ')})`,
      })
    }
  })
  return problems
}

/** Throws the one-line error that names every problem, first line first. */
function fail(location: SiteFileLocation, problems: readonly SiteFileProblem[]): never {
  const sorted = [...problems].sort((a, b) => a.line - b.line)
  throw new SiteFileError(describeProblems(location.shown, sorted), { file: location.shown })
}

/**
 * Reads one `sources/<id>/source.yml` into a listing source: the site file's keys checked by `siteFileSchema`, its
 * `options` by the preset's own schema, then composed with what the preset builds. Any mistake throws
 * {@link SiteFileError} naming the file, the line and the key, before anything is fetched.
 */
export function loadSiteFile(location: SiteFileLocation, presets: readonly Preset<unknown>[]): ListingSource {
  const text = parseYamlText(readFileSync(location.path, 'utf8'))
  if (isYamlSyntaxError(text)) fail(location, [{ line: text.line, key: '(file)', message: text.message }])
  const parsed = siteFileSchema.safeParse(text.data, { error: wordSiteIssue })
  if (!parsed.success) fail(location, problemsOf(parsed.error, text))
  const site = parsed.data
  const preset = presets.find((p) => p.id === site.preset)
  const problems = crossCheck(site, location.folder, preset, presets, text)
  const options = preset?.options.safeParse(site.options, { error: wordSiteIssue })
  if (options && !options.success) problems.push(...problemsOf(options.error, text, ['options']))
  if (!preset || !options?.success || problems.length > 0) fail(location, problems)

  return sourceOfSite(site, preset, options.data)
}

/** A checked site file and its preset's checked options, as the listing source the pipeline runs. */
export function sourceOfSite<Options>(
  site: SiteFile,
  preset: Preset<Options>,
  options: Options,
): ListingSource {
  return {
    kind: 'crawl',
    id: site.id,
    name: site.name,
    homepage: site.homepage,
    hosts: site.hosts,
    render: site.render ?? preset.render ?? 'http',
    politeness: site.politeness,
    offers: site.offers,
    terms: site.terms,
    evidence: site.evidence,
    regions: site.regions,
    preset: preset.id,
    ...preset.build(site, options),
  }
}
