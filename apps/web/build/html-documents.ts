import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** Where the one HTML template says which entry the document loads. */
const ENTRY_MARK = '{{entry}}';

/**
 * Writes the documents the server reads (index.html, prerendered.html, public-profile.html) from
 * one template, src/entries/document.html, each with its entry's script: they differ only there.
 * A build names the ones it makes in its `input`, and each comes out under that name. The dev
 * server answers every page with index.html.
 *
 * @param template the template's path from the Vite root
 * @param documents each document's file name and the path of its entry from the Vite root
 */
export function htmlDocuments(template: string, documents: Record<string, string>): Plugin {
  let root = process.cwd();
  const html = (name: string) => {
    const entry = documents[name];
    if (!entry) throw new Error(`no entry for the document ${name}`);
    return readFileSync(resolve(root, template), 'utf8').replace(ENTRY_MARK, () => `/${entry}`);
  };
  // A document's module id: where the file would sit in the Vite root, which names its output.
  const documentOf = (id: string) =>
    Object.keys(documents).find((name) => resolve(root, name) === resolve(root, id));

  return {
    name: 'pbshare:html-documents',
    enforce: 'pre',
    // The dev server's scan for dependencies to bundle ahead reads the entries themselves, as it
    // cannot read a document that exists only in this plugin.
    config: () => ({ optimizeDeps: { entries: Object.values(documents) } }),
    configResolved(config) {
      root = config.root;
    },
    resolveId(id, importer) {
      const name = importer ? undefined : documentOf(id);
      return name ? resolve(root, name) : null;
    },
    load(id) {
      const name = documentOf(id);
      return name ? html(name) : null;
    },
    configureServer(server) {
      // After Vite's own middlewares, which turn a page's address into /index.html.
      return () => {
        server.middlewares.use((request, response, next) => {
          if (request.url?.split('?')[0] !== '/index.html') {
            next();
            return;
          }
          server
            .transformIndexHtml('/index.html', html('index.html'), request.originalUrl)
            .then((page) => {
              response.setHeader('Content-Type', 'text/html');
              response.setHeader('Cache-Control', 'no-cache');
              response.end(page);
            })
            .catch(next);
        });
      };
    },
  };
}
