// The rules that keep the docs a map: ARCHITECTURE.md short enough to read at one sitting, each
// topic doc about one thing, decision records findable by number, and no link to a moved file.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const ARCHITECTURE_MAX_LINES = 200;
export const TOPIC_DOC_MAX_LINES = 150;
/** docs/*.md that are not topic docs: the product rules are a specification, not a map. */
const NOT_TOPIC_DOCS = new Set(['PRODUCT.md']);
const DECISION_NAME = /^\d{4}-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;

/** Lines as `wc -l` counts them. */
function lineCount(text) {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

function markdownIn(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownIn(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/**
 * The targets of a Markdown file's inline and reference links, outside code. Each is the part
 * before any `#fragment` or `?query`; links to another site or to a place in the same file are
 * left out.
 */
export function relativeLinks(markdown) {
  const prose = markdown
    .replace(/^[ \t]*(```|~~~)[^\n]*\n[\s\S]*?^[ \t]*\1[^\n]*$/gm, '')
    .replace(/`+[^`\n]*`+/g, '');
  const targets = [
    ...[...prose.matchAll(/\]\(\s*(?:<([^>\n]+)>|([^)\s]+))(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g)].map(
      (m) => m[1] ?? m[2],
    ),
    ...[...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]),
  ];
  return targets
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
    .map((target) => decodeURIComponent(target.replace(/[#?].*$/, '')));
}

/** Every way the docs under `root` break the rules, as one line each; none when they keep them. */
export function docsMapProblems(root) {
  const problems = [];
  const name = (path) => relative(root, path);
  const architecture = join(root, 'ARCHITECTURE.md');
  const docs = join(root, 'docs');

  const limits = [[architecture, ARCHITECTURE_MAX_LINES]];
  for (const dir of [docs, join(docs, 'architecture')]) {
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.md'))) {
      if (dir === docs && NOT_TOPIC_DOCS.has(file)) continue;
      limits.push([join(dir, file), TOPIC_DOC_MAX_LINES]);
    }
  }
  for (const [path, max] of limits) {
    if (!existsSync(path)) continue;
    const lines = lineCount(readFileSync(path, 'utf8'));
    if (lines > max) problems.push(`${name(path)}: ${lines} lines, more than ${max}`);
  }

  const decisions = join(docs, 'decisions');
  if (existsSync(decisions)) {
    for (const file of readdirSync(decisions)) {
      if (!DECISION_NAME.test(file)) {
        problems.push(`docs/decisions/${file}: not named NNNN-title.md`);
      }
    }
  }

  for (const path of [architecture, ...markdownIn(docs)].filter((p) => existsSync(p))) {
    for (const target of relativeLinks(readFileSync(path, 'utf8'))) {
      // A leading slash means the repository's root, as GitHub reads it.
      const file = target.startsWith('/') ? join(root, target) : resolve(dirname(path), target);
      if (!existsSync(file)) {
        problems.push(`${name(path)}: links to ${target}, which does not exist`);
      }
    }
  }
  return problems;
}
