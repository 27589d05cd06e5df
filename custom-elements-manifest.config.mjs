// Configuration of @custom-elements-manifest/analyzer for `npm run build:manifest`
// (scripts/custom-elements.mjs runs it and splits the result per package).
//
// Two things the analyzer does not know about this code base are taught here:
//  - elements are registered through the guarded `defineElement(tag, Class)`, not
//    `customElements.define`, so the tag names are read from those calls;
//  - `static properties` entries with `state: true` are internal reactive state, not
//    attributes or public properties, so they are dropped from the manifest.

function tagsFromDefineCalls(tags) {
  return {
    name: 'cargo-trackers:define-element',
    analyzePhase({ ts, node }) {
      if (!ts.isCallExpression(node) || node.expression.getText() !== 'defineElement') return;
      const [tag, ctor] = node.arguments;
      if (tag && ctor && ts.isStringLiteral(tag) && ts.isIdentifier(ctor)) tags.set(ctor.text, tag.text);
    },
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules) {
        for (const declaration of mod.declarations ?? []) {
          const tag = tags.get(declaration.name);
          if (declaration.kind !== 'class' || !tag) continue;
          declaration.tagName = tag;
          declaration.customElement = true;
        }
      }
    },
  };
}

function withoutInternalState(stateNames) {
  return {
    name: 'cargo-trackers:internal-state',
    analyzePhase({ ts, node }) {
      if (!ts.isPropertyDeclaration(node) || node.name.getText() !== 'properties' || !node.initializer) return;
      if (!ts.isObjectLiteralExpression(node.initializer)) return;
      for (const property of node.initializer.properties) {
        if (!ts.isPropertyAssignment(property) || !ts.isObjectLiteralExpression(property.initializer)) continue;
        const isState = property.initializer.properties.some((p) => ts.isPropertyAssignment(p) && p.name.getText() === 'state' && p.initializer.kind === ts.SyntaxKind.TrueKeyword);
        if (isState) stateNames.add(property.name.getText());
      }
    },
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules) {
        for (const declaration of mod.declarations ?? []) {
          if (declaration.kind !== 'class') continue;
          declaration.attributes = declaration.attributes?.filter((a) => !stateNames.has(a.fieldName ?? a.name));
          declaration.members = declaration.members?.filter((m) => !stateNames.has(m.name));
        }
      }
    },
  };
}

export default {
  globs: ['packages/core/src/**/*.ts', 'packages/ocean-tracker/src/**/*.ts', 'packages/air-tracker/src/**/*.ts'],
  exclude: ['**/*.generated.ts', '**/jsx-*.ts', '**/*.d.ts'],
  litelement: true,
  // The per-package manifests are written by scripts/custom-elements.mjs; the analyzer must not
  // point the workspace's own package.json at its temporary output.
  packagejson: false,
  plugins: [tagsFromDefineCalls(new Map()), withoutInternalState(new Set())],
};
