/**
 * Generates a synthetic national-style BAG 2.0 extract for tests and benchmarks.
 *
 *   node --import tsx testkit/generate-bag-extract.ts --vbo 1000000 --out /tmp/lvbag-extract-nl.zip [--layout zip-of-zips|folder] [--seed 1]
 */
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { generateBagExtract } from './bag-extract/generate-bag-extract.js'

export { type GenerateBagExtractOptions, generateBagExtract } from './bag-extract/generate-bag-extract.js'

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      vbo: { type: 'string' },
      out: { type: 'string' },
      layout: { type: 'string', default: 'zip-of-zips' },
      seed: { type: 'string', default: '1' },
      stand: { type: 'string', default: '2024-11-08' },
      level: { type: 'string', default: '6' },
    },
  })
  const vbo = Number(values.vbo)
  if (!Number.isInteger(vbo) || vbo <= 0 || !values.out) {
    throw new Error(
      'usage: generate-bag-extract.ts --vbo N --out PATH [--layout zip-of-zips|folder] [--seed S] [--stand yyyy-mm-dd] [--level 0-9]',
    )
  }
  if (values.layout !== 'zip-of-zips' && values.layout !== 'folder')
    throw new Error(`unknown --layout ${values.layout}`)
  const started = performance.now()
  const result = await generateBagExtract({
    vbo,
    out: values.out,
    layout: values.layout,
    seed: Number(values.seed),
    stand: values.stand,
    compressionLevel: Number(values.level),
    onProgress: (n) => process.stderr.write(`\r${n.toLocaleString('en')} verblijfsobjecten`),
  })
  const seconds = (performance.now() - started) / 1000
  process.stderr.write('\n')
  console.log(
    JSON.stringify(
      {
        out: values.out,
        seconds: Math.round(seconds * 10) / 10,
        maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
        ...result,
      },
      null,
      2,
    ),
  )
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  })
}
