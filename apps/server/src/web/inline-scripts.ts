import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// A script element with a body and no src, other than a data block (type="application/json").
const INLINE_SCRIPT =
  /<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/json")[^>]*>([\s\S]+?)<\/script>/g;

/**
 * The CSP sources (`'sha256-…'`) that allow the inline scripts of the documents the build wrote:
 * the boot script of the public page and of the prerendered pages, which loads their entry once
 * they have painted. Scripts stay limited to this origin and these exact texts; nothing else
 * inline runs.
 */
export function inlineScriptHashes(webDistDir: string): string[] {
  const pages = join(webDistDir, 'pages');
  const documents = [
    join(webDistDir, 'public-profile.html'),
    ...(existsSync(pages)
      ? readdirSync(pages)
          .filter((name) => name.endsWith('.html'))
          .map((name) => join(pages, name))
      : []),
  ].filter((file) => existsSync(file));
  const hashes = new Set<string>();
  for (const file of documents) {
    for (const [, body] of readFileSync(file, 'utf8').matchAll(INLINE_SCRIPT)) {
      hashes.add(
        `'sha256-${createHash('sha256')
          .update(body ?? '')
          .digest('base64')}'`,
      );
    }
  }
  return [...hashes];
}
