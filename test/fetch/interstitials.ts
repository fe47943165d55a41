/** The challenge and denial pages listing sites answer with, trimmed to what gives them away. */
export const INTERSTITIALS = {
  funda: `<!doctype html><html lang="nl"><head><title>Funda</title></head><body>
    <h1>Je bent bijna op de pagina die je zoekt</h1><p>We controleren even of je een mens bent.</p></body></html>`,
  cloudflareNl: `<!DOCTYPE html><html lang="nl-NL"><head><title>Even geduld...</title></head>
    <body><noscript>Schakel JavaScript in</noscript></body></html>`,
  cloudflareEn: `<!DOCTYPE html><html><head><title>Just a moment...</title>
    <script src="/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1"></script></head><body></body></html>`,
  akamai: `<HTML><HEAD>\n<TITLE>Access Denied</TITLE>\n</HEAD><BODY>\n<H1>Access Denied</H1>\n
    You don't have permission to access "http&#58;&#47;&#47;www&#46;funda&#46;nl&#47;" on this server.<P>
    Reference&#32;&#35;18&#46;8f2d1602&#46;1732000000&#46;1a2b3c4d\n</BODY>\n</HTML>`,
} as const
