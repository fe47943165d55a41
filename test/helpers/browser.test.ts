import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../src/config.js'
import { locateTestBrowser } from './browser.js'
import { cleanEnv, runProcess } from './cli.js'

const NO_BROWSER = { PROPDATA_CHROMIUM: '/nonexistent/chromium' }

/** Runs one test file in a vitest of its own, as `npm test` would, with `env` on top of a clean environment. */
async function vitest(
  file: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const { code, stdout, stderr } = await runProcess(
    process.execPath,
    [join(PROJECT_ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', file],
    { cwd: PROJECT_ROOT, env: cleanEnv({ CI: '1', NO_COLOR: '1', ...env }) },
  )
  return { code, output: stdout + stderr }
}

describe('browser tests on a machine without a browser', () => {
  it('find none where PROPDATA_CHROMIUM names a file that is not there, as a run would', () => {
    expect(locateTestBrowser(NO_BROWSER)).toEqual({
      executablePath: '/nonexistent/chromium',
      missing:
        'no Chromium at PROPDATA_CHROMIUM=/nonexistent/chromium; install one (apt-get install chromium, or npx playwright install chromium) or set PROPDATA_CHROMIUM',
    })
  })

  it('skip and say why; the rest of their file runs and passes', async () => {
    const result = await vitest('test/fetch/browser-transport.test.ts', NO_BROWSER)
    expect(result.code, result.output).toBe(0)
    expect(result.output).toContain(
      'Skipped "browser transport, in real Chromium": no Chromium at PROPDATA_CHROMIUM=/nonexistent/chromium',
    )
    expect(result.output).toMatch(/Tests\s+\d+ passed \| \d+ skipped/)
  }, 120_000)

  it('fail instead under PROPDATA_REQUIRE_BROWSER=1, as .ci/run sets it', async () => {
    const result = await vitest('test/fetch/browser-transport.test.ts', {
      ...NO_BROWSER,
      PROPDATA_REQUIRE_BROWSER: '1',
    })
    expect(result.code).toBe(1)
    expect(result.output).toContain('PROPDATA_REQUIRE_BROWSER=1: browser tests must run here')
  }, 120_000)
})
