import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../src/config.js'
import type { ListingSource } from '../../src/kit/adapter.js'
import { evidenceDeclaration, fillPlaceholderEvidence } from '../../tools/save-fixture.js'
import { siteFileText } from '../../tools/site-file-scaffold.js'
import { cleanEnv, runProcess } from '../helpers/cli.js'

// Pararius markup, served from 127.0.0.1: the script fetches it through the real fetcher (robots.txt first).
const PAGES: Record<string, string> = {
  '/robots.txt': 'User-agent: *\nDisallow: /account/\n',
  '/huurwoningen/delft': `<section class="listing-search-item"><a class="listing-search-item__link--title" href="/appartement-te-huur/delft/0123abcd/kruisstraat">Appartement Kruisstraat</a></section>
    <a class="pagination__link--next" href="/huurwoningen/delft/page-2">Volgende</a>`,
  '/appartement-te-huur/delft/0123abcd/kruisstraat': `<h1 class="listing-detail-summary__title">Te huur: Appartement Kruisstraat 46 in Delft</h1>
    <div class="listing-detail-summary__location">2611 MJ (In de Veste)</div>
    <dl><dt class="listing-features__term">Huurprijs</dt><dd>€ 1.250 per maand</dd>
    <dt class="listing-features__term">Woonoppervlakte</dt><dd>48 m²</dd></dl>`,
  '/over-ons': '<h1>Over ons</h1>',
}

let server: Server
let origin = ''
const root = mkdtempSync(join(tmpdir(), 'propdata-save-fixture-'))
mkdirSync(join(root, 'sources', 'pararius', 'fixtures'), { recursive: true })

beforeAll(async () => {
  server = createServer((req, res) => {
    const body = PAGES[req.url ?? '']
    res.writeHead(body ? 200 : 404, {
      'content-type': req.url === '/robots.txt' ? 'text/plain' : 'text/html',
    })
    res.end(body ?? 'not found')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  rmSync(root, { recursive: true, force: true })
})

// Asynchronous: the server answering the child runs in this process.
const save = async (...args: string[]) => {
  const { code, stdout, stderr } = await runProcess(
    process.execPath,
    ['--import', 'tsx', join(PROJECT_ROOT, 'tools', 'save-fixture.ts'), ...args, '--root', root],
    { cwd: PROJECT_ROOT, env: cleanEnv() },
  )
  return { status: code, stdout, stderr }
}

const fixtures = join(root, 'sources', 'pararius', 'fixtures')
const index = () => JSON.parse(readFileSync(join(fixtures, 'fixtures.json'), 'utf8'))

describe('npm run save-fixture -- NAME URL', () => {
  it('saves a search page as list-*.html, by what the list parser says it is', async () => {
    const result = await save('pararius', `${origin}/huurwoningen/delft`)
    expect(result.status, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/Saved .*list-huurwoningen-delft\.html/)
    expect(result.stdout).toMatch(/a list page: 1 detail request, 0 listings, a next page/)
    expect(readFileSync(join(fixtures, 'list-huurwoningen-delft.html'), 'utf8')).toBe(
      PAGES['/huurwoningen/delft'],
    )
    expect(index()['list-huurwoningen-delft.html']).toEqual({ url: `${origin}/huurwoningen/delft` })
    // The lines that declare it as the recording the parser is checked on, ready to paste into the adapter.
    expect(result.stdout).toContain(
      `  evidence: {\n    kind: 'recorded',\n    fixture: 'list-huurwoningen-delft.html',\n    url: '${origin}/huurwoningen/delft',\n    recorded: '${new Date().toISOString().slice(0, 10)}',`,
    )
  }, 30_000)
  it('saves a detail page as detail-*.html', async () => {
    const result = await save('pararius', `${origin}/appartement-te-huur/delft/0123abcd/kruisstraat`)
    expect(result.status, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/Saved .*detail-appartement-te-huur-delft-0123abcd-kruisstraat\.html/)
    expect(result.stdout).toMatch(/a detail page: listing 0123abcd/)
    expect(Object.keys(index())).toHaveLength(2)
  }, 30_000)
  it('refuses a page neither parser reads, unless told what it is with --as', async () => {
    const refused = await save('pararius', `${origin}/over-ons`)
    expect(refused.status).toBe(1)
    expect(refused.stderr).toMatch(
      /Neither of pararius's parsers reads this page.*\n.*--as list or --as detail/,
    )
    const forced = await save('pararius', `${origin}/over-ons`, '--as', 'detail', '--name', 'about')
    expect(forced.status, forced.stderr).toBe(0)
    expect(forced.stdout).toMatch(/Saved .*detail-about\.html/)
  }, 30_000)
  it('refuses bad usage with exit code 2', async () => {
    expect((await save('nope', `${origin}/`)).status).toBe(2)
    expect((await save('feed', `${origin}/`)).status).toBe(2)
  }, 30_000)
})

describe("a new source's placeholder evidence", () => {
  const declaration = (file: string) =>
    evidenceDeclaration(
      { preset: file.endsWith('.yml') ? 'html-cards' : undefined } as ListingSource,
      'list-huren-amsterdam.html',
      'http://127.0.0.1:8790/huren/amsterdam',
      '2026-11-29',
    )

  it('is filled in with the first list page saved, in the adapter the template made', () => {
    const file = join(root, 'adapter.ts')
    copyFileSync(join(PROJECT_ROOT, 'sources', '_template', 'adapter.ts'), file)
    expect(fillPlaceholderEvidence(file, declaration(file))).toBe(true)
    const text = readFileSync(file, 'utf8')
    expect(text).toContain(
      "  evidence: {\n    kind: 'recorded',\n    fixture: 'list-huren-amsterdam.html',\n    url: 'http://127.0.0.1:8790/huren/amsterdam',\n    recorded: '2026-11-29',\n    licence: \"the site's content\",\n  },\n  startRequests:",
    )
    // Declared once, it is the engineer's: a second page is printed, not written over it.
    expect(fillPlaceholderEvidence(file, declaration(file))).toBe(false)
  })

  it('and in the site file new-source writes', () => {
    const file = join(root, 'source.yml')
    writeFileSync(file, siteFileText('acme-flats', 'Acme Flats', 'html-cards', ''))
    expect(fillPlaceholderEvidence(file, declaration(file))).toBe(true)
    const text = readFileSync(file, 'utf8')
    expect(text).toContain(
      "evidence:\n  kind: recorded\n  fixture: list-huren-amsterdam.html\n  url: http://127.0.0.1:8790/huren/amsterdam\n  recorded: 2026-11-29\n  licence: the site's content\n",
    )
    expect(text).not.toContain('list-TODO.html')
  })
})
