import type { SamplePage } from './sample-home.js'

const robots = (origin: string, rules: string): SamplePage => ({
  url: `${origin}/robots.txt`,
  body: `User-agent: *\n${rules}\n`,
  contentType: 'text/plain',
})

/**
 * The sites' robots.txt as they matter to the sample: accounts and saved searches closed, search and listing pages
 * open. Written for the sample, not copied: the real files are longer and change.
 */
export const SAMPLE_ROBOTS: readonly SamplePage[] = [
  robots('https://www.pararius.com', 'Disallow: /account/\nDisallow: /login\nDisallow: /*?*sort='),
  robots('https://www.funda.nl', 'Disallow: /mijn/\nDisallow: /favorieten/\nDisallow: /*/print'),
  robots('https://www.huurwoningen.nl', 'Disallow: /account/\nDisallow: /api/'),
  robots('https://kamernet.nl', 'Disallow: /account/\nDisallow: /mijn-kamernet/'),
  robots('https://www.verra.nl', 'Disallow: /mijn-verra/'),
  robots('https://plaza.newnewnew.space', 'Disallow: /portal/account/'),
]
