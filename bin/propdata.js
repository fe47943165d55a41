#!/usr/bin/env node
// Runs the compiled CLI in dist/, which `npm install` builds (and `npm run build` rebuilds after a change to the code).
import { existsSync } from 'node:fs'

const main = new URL('../dist/src/cli/main.js', import.meta.url)
if (!existsSync(main)) {
  process.stderr.write('error: propdata is not built; run: npm run build\n')
  process.exit(1)
}
await import(main.href)
