import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const STYLESHEET_LINK =
  /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)"\s*\/?>/g;

/**
 * The document with its own stylesheets written into it. On a slow phone connection a linked
 * stylesheet is one more round trip that holds back the first paint, and it shares the line with
 * the scripts and pictures; inline, the server-rendered slide paints as soon as the HTML is in.
 * (The page's answer is prepared and compressed once per profile version, so the size costs no
 * CPU per request.) A stylesheet that could end the element early is left as a link.
 */
export function inlineStylesheets(html: string, webDistDir: string): string {
  return html.replace(STYLESHEET_LINK, (link, path: string) => {
    const file = join(webDistDir, path);
    if (!existsSync(file)) return link;
    const css = readFileSync(file, 'utf8');
    return css.includes('</style') ? link : `<style>${css}</style>`;
  });
}
