// The web half of the guide's "Dependencies point one way" (docs: GUIDE §3): a web feature imports
// another feature only through its `api/` folder (fetchers and query hooks); everything else it
// needs from outside itself is shared code (web/components, web/lib, web/app, common). Shared code
// in web/components and web/lib may use a feature's `api/` too (a tag picker reads tags), never its
// components or routes. web/app is the shell that composes features (router, pages mixing two
// features) and may import any of them.
import path from 'node:path';

const ROOT = path.dirname(new URL(import.meta.url).pathname);
const FEATURES = path.join(ROOT, 'web', 'features');

/** The feature folder a file or import target lies in, and the part of it after the feature name. */
function featureOf(file) {
  const rel = path.relative(FEATURES, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [name, ...rest] = rel.split(path.sep);
  return { name, rest };
}

/** @type {import('eslint').Rule.RuleModule} */
const featureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'A web feature imports another web feature only through its api/ folder' },
    messages: {
      internals:
        "'{{source}}' reaches into web/features/{{target}}/{{part}}: import another feature only through web/features/{{target}}/api/, or move what both need to web/components, web/lib or common/.",
    },
    schema: [],
  },
  create(context) {
    const filename = path.resolve(context.filename);
    const own = featureOf(filename);
    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = featureOf(path.resolve(path.dirname(filename), source));
      if (!target || (own && own.name === target.name)) return;
      if (target.rest[0] === 'api') return;
      context.report({ node: node.source, messageId: 'internals', data: { source, target: target.name, part: target.rest.join('/') || '' } });
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'feature-imports': featureImports } };
