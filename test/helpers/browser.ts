import { existsSync } from 'node:fs'
import { chromium } from 'playwright'
import { describe, it } from 'vitest'
import { findChromium } from '../../src/fetch/browser-transport.js'

/** The Chromium the browser tests launch, or why there is none. */
export interface TestBrowser {
  /** The binary to launch; undefined launches Playwright's own download. */
  readonly executablePath: string | undefined
  /** Null when there is a browser to launch; otherwise why not, and how to get one. */
  readonly missing: string | null
}

const HOW_TO_GET_ONE =
  'install one (apt-get install chromium, or npx playwright install chromium) or set PROPDATA_CHROMIUM'

/**
 * Finds Chromium the way a run does (`PROPDATA_CHROMIUM`, else the system's, else Playwright's own) and checks that
 * it is there, so a machine without one skips the browser tests with the reason instead of failing them.
 */
export function locateTestBrowser(env: NodeJS.ProcessEnv = process.env): TestBrowser {
  const found = findChromium(env.PROPDATA_CHROMIUM)
  if (found !== null) {
    if (existsSync(found)) return { executablePath: found, missing: null }
    return { executablePath: found, missing: `no Chromium at PROPDATA_CHROMIUM=${found}; ${HOW_TO_GET_ONE}` }
  }
  if (existsSync(chromium.executablePath())) return { executablePath: undefined, missing: null }
  return {
    executablePath: undefined,
    missing: `no Chromium: no system one, and Playwright's own is not downloaded; ${HOW_TO_GET_ONE}`,
  }
}

/** Where a browser must be found: `.ci/run` sets `PROPDATA_REQUIRE_BROWSER=1`, since it installs one. */
export const browserRequired = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env.PROPDATA_REQUIRE_BROWSER === '1'

/** This machine's browser for the tests, found once per test file. */
export const testBrowser: TestBrowser = locateTestBrowser()

/**
 * Whether tests named `name` can drive Chromium here. Without one they are skipped and say why (a line on stderr, and
 * their name); where {@link browserRequired}, a missing browser fails the test file instead, as it is collected.
 */
function skipReason(name: string): string | null {
  const { missing } = testBrowser
  if (missing === null) return null
  if (browserRequired())
    throw new Error(`${name}: ${missing} (PROPDATA_REQUIRE_BROWSER=1: browser tests must run here)`)
  console.warn(`Skipped "${name}": ${missing}`)
  return `${name} (skipped: ${missing})`
}

/**
 * `describe` for tests that drive a real Chromium ({@link testBrowser}), skipped with the reason where there is none.
 * Hooks outside the suite do not run when every test of the file is skipped.
 */
export function describeWithBrowser(name: string, body: () => void): void {
  const skipped = skipReason(name)
  if (skipped === null) describe(name, body)
  else describe.skip(skipped, body)
}

/** `it` for one test that drives a real Chromium, skipped with the reason where there is none. */
export function itWithBrowser(name: string, body: () => Promise<void>, timeout?: number): void {
  const skipped = skipReason(name)
  if (skipped === null) it(name, body, timeout)
  else it.skip(skipped, body, timeout)
}
