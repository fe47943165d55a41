import { cspHash, PAGE_MODULE, PAGE_SCRIPTS, statusAsset } from './status-assets.js'
import type { StatusData } from './status-schema.js'

/** Where the server serves the page's data and its files. */
export const STATUS_DATA_PATH = '/status/data.json'
export const STATUS_ASSETS_PATH = '/status/assets'

/**
 * The policy the served page runs under: nothing inline, nothing from elsewhere; its scripts, style sheet and data
 * come from this server.
 */
export const STATUS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

const TITLE = 'propdata · the night at a glance'

/** The page around its head: one heading, a summary line, the main part the script fills, and where the data is. */
function page(head: string, dataNote: string, tail = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${TITLE}</title>
${head}
</head>
<body>
<a class="skip" href="#status">Skip to the figures</a>
<header>
<h1>The night at a glance</h1>
<p id="summary" class="summary">Reading the figures…</p>
</header>
<main id="status" aria-busy="true" data-src="${STATUS_DATA_PATH}">
<noscript><p>This page draws its charts with JavaScript. ${dataNote}</p></noscript>
</main>
<footer><p>${dataNote}</p></footer>
${tail}</body>
</html>
`
}

/** The page as the server serves it (`GET /status`): its files and data on this server, under {@link STATUS_CSP}. */
export function servedStatusPage(): string {
  const scripts = PAGE_SCRIPTS.map((name) =>
    name === PAGE_MODULE
      ? `<script type="module" src="${STATUS_ASSETS_PATH}/${name}"></script>`
      : `<script defer src="${STATUS_ASSETS_PATH}/${name}"></script>`,
  )
  return page(
    [
      `<link rel="stylesheet" href="${STATUS_ASSETS_PATH}/status.css">`,
      // The figures are asked for while the scripts load, not after.
      `<link rel="preload" href="${STATUS_DATA_PATH}" as="fetch" crossorigin="anonymous">`,
      ...scripts,
    ].join('\n'),
    `The figures are read from <a href="${STATUS_DATA_PATH}">${STATUS_DATA_PATH}</a>; its schema is <code>StatusData</code> in <a href="/openapi.json">/openapi.json</a> (see also <a href="/docs">/docs</a>).`,
  )
}

/** Text for an inline `<script>`: a `</script` in it would end the element early. */
const inlineScript = (text: string) => text.replaceAll('</script', '<\\/script')

/**
 * The page as one self-contained file (`propdata report --html`): its style sheet, scripts and data inline, under a
 * policy that allows those inline parts alone (by their hashes) and nothing from anywhere else, so it opens offline.
 */
export function reportStatusPage(data: StatusData): string {
  const css = statusAsset('status.css')!.text
  const scripts = PAGE_SCRIPTS.map((name) => ({ name, text: inlineScript(statusAsset(name)!.text) }))
  const csp = [
    "default-src 'none'",
    `script-src ${scripts.map((s) => cspHash(s.text)).join(' ')}`,
    `style-src ${cspHash(css)}`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ')
  // The data is JSON in a script element the browser does not run; `<` escaped so no text in it ends the element.
  const json = JSON.stringify(data).replaceAll('<', '\\u003c')
  const inline = scripts.map((s) =>
    s.name === PAGE_MODULE ? `<script type="module">${s.text}</script>` : `<script>${s.text}</script>`,
  )
  return page(
    [`<meta http-equiv="Content-Security-Policy" content="${csp}">`, `<style>${css}</style>`].join('\n'),
    `Written ${data.as_of} by <code>propdata report --html</code>; the figures are in this file, as the server's ${STATUS_DATA_PATH} gives them.`,
    `<script type="application/json" id="status-data">${json}</script>\n${inline.join('\n')}\n`,
  )
}
