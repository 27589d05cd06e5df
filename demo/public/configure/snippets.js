// The configurator's snippets, as text, from one description of what the owner chose:
//   { elements: [{ tagName, component, shortcode, block, attributes: [{ attribute, property, type, value }] }],
//     css: [{ name, value }], scriptUrl, packageName, version, proxyFromPlugin }
// HTML is made with DOM methods in an inert document and serialized by the browser, so every
// value is escaped as HTML needs; nothing typed by the owner is ever parsed as HTML. The form
// refuses values that the other formats cannot carry (" [ ] < > and control characters).

/** An inert document: nothing in it runs, loads or upgrades to a custom element. */
const inert = () => document.implementation.createHTMLDocument('');

function cssRule(config) {
  if (config.css.length === 0) return '';
  const selector = config.elements.map((e) => e.tagName).join(',\n');
  return `${selector} {\n${config.css.map(({ name, value }) => `  ${name}: ${value};\n`).join('')}}\n`;
}

/** The custom properties, as a rule for the site's stylesheet. */
export function cssSnippet(config) {
  return cssRule(config) || '/* No colour or size chosen: the elements use their defaults. */\n';
}

function htmlElement(doc, element) {
  const node = doc.createElement(element.tagName);
  for (const { attribute, type, value } of element.attributes) node.setAttribute(attribute, type === 'boolean' ? '' : String(value));
  return node.outerHTML;
}

/** The script tag, pinned to the released version (or the owner's copy), the styles, and the elements. */
export function htmlSnippet(config) {
  const doc = inert();
  const script = doc.createElement('script');
  script.type = 'module';
  script.src = config.scriptUrl;
  const lines = [script.outerHTML];
  const rule = cssRule(config);
  if (rule) {
    const style = doc.createElement('style');
    style.textContent = `\n${rule.replace(/^/gm, '  ').replace(/ +$/, '')}`;
    lines.push(style.outerHTML);
  }
  for (const element of config.elements) lines.push(htmlElement(doc, element));
  return lines.join('\n') + '\n';
}

/**
 * The attributes a WordPress snippet carries: on the WordPress site itself with the plugin's
 * routes, the plugin fills in `proxy_url` (it knows its own address, subfolder and permalinks).
 */
const wordpressAttributes = (config, e) => e.attributes.filter((a) => !(config.proxyFromPlugin && a.attribute === 'proxy-url'));
const underscored = (attribute) => attribute.replace(/-/g, '_');

/** `[ocean_tracker proxy_url="…"]`: the plugin's shortcode attributes are the element's, with underscores. */
export function shortcodeSnippet(config) {
  return (
    config.elements
      .map((e) => {
        const attributes = wordpressAttributes(config, e).map(
          ({ attribute, type, value }) => ` ${underscored(attribute)}="${type === 'boolean' ? 'true' : value}"`,
        );
        return `[${e.shortcode}${attributes.join('')}]`;
      })
      .join('\n') + '\n'
  );
}

/**
 * Block attributes as WordPress serializes them into the comment: JSON, with `--`, `<`, `>`,
 * `&` and quotes inside strings written as \u escapes so the comment cannot end early.
 */
function blockJson(value) {
  return JSON.stringify(value)
    .replace(/--/g, '\\u002d\\u002d')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\\"/g, '\\u0022');
}

/** The plugin's block for each element, with the shortcode's attribute names. */
export function blockSnippet(config) {
  return (
    config.elements
      .map((e) => {
        const attributes = {};
        for (const { attribute, type, value } of wordpressAttributes(config, e))
          attributes[underscored(attribute)] = type === 'boolean' ? true : value;
        return Object.keys(attributes).length > 0 ? `<!-- wp:${e.block} ${blockJson(attributes)} /-->` : `<!-- wp:${e.block} /-->`;
      })
      .join('\n') + '\n'
  );
}

const cssNote = (config) => (config.css.length > 0 ? 'Colours and sizes: add the CSS snippet to your stylesheet.' : '');

/** Not on the npm registry yet: the install line says how to get the packages until they are. */
const install = (config) =>
  `npm install ${config.packageName}@${config.version} (until it is on the registry: the tarballs of npm pack, see the README)`;

/** One element as the typed React component of cargo-trackers/react: its properties, camelCase. */
function jsxElement(e, indent) {
  const props = e.attributes.map(({ property, type, value }) =>
    type === 'boolean' ? property : type === 'number' ? `${property}={${value}}` : `${property}="${value}"`,
  );
  return `${indent}<${e.component}${props.map((p) => ` ${p}`).join('')} />`;
}

export function reactSnippet(config) {
  const note = cssNote(config);
  const components = config.elements.map((e) => e.component).join(', ');
  const body =
    config.elements.length === 1
      ? `  return (\n${jsxElement(config.elements[0], '    ')}\n  );`
      : `  return (\n    <>\n${config.elements.map((e) => jsxElement(e, '      ')).join('\n')}\n    </>\n  );`;
  return `// ${install(config)}
import { ${components} } from '${config.packageName}/react'; // typed components; importing registers the tags
${note ? `// ${note}\n` : ''}
export function ShipmentTracking() {
${body}
}
`;
}

export function vueSnippet(config) {
  const note = cssNote(config);
  // A brace in the template (a tile URL's {z}), even in a bound string, makes vue-tsc stop checking it: such a value is a constant of the script.
  const constants = new Map();
  const elements = config.elements.map((e) => {
    const attributes = e.attributes.map(({ attribute, property, type, value }) => {
      if (type === 'boolean') return `:${attribute}="true"`;
      if (type === 'number') return `:${attribute}="${value}"`;
      if (!/[{}]/.test(String(value))) return `${attribute}="${value}"`;
      constants.set(property, value);
      return `:${attribute}="${property}"`;
    });
    return `  <${e.tagName}${attributes.map((a) => ` ${a}`).join('')} />`;
  });
  const declared = [...constants].map(([name, value]) => `const ${name} = ${JSON.stringify(value)};\n`).join('');
  return `<!-- ${install(config)}; in vite.config, tell Vue the tags are custom elements:
     vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.endsWith('-tracker') } } }) -->
<script setup lang="ts">
import '${config.packageName}';
import type {} from '${config.packageName}/vue'; // types the tags' attributes and events in the template
${declared}</script>

<template>
${elements.join('\n')}
</template>
${note ? `<!-- ${note} -->\n` : ''}`;
}

export function svelteSnippet(config) {
  const note = cssNote(config);
  const elements = config.elements.map((e) => {
    // A brace in a Svelte attribute starts an expression (a tile URL's {z}), so such a value is a string expression.
    const attributes = e.attributes.map(({ attribute, type, value }) =>
      type === 'boolean' || type === 'number'
        ? `${attribute}={${type === 'boolean' ? 'true' : value}}`
        : /[{}]/.test(String(value))
          ? `${attribute}={${JSON.stringify(value)}}`
          : `${attribute}="${value}"`,
    );
    return `<${e.tagName}${attributes.map((a) => ` ${a}`).join('')}></${e.tagName}>`;
  });
  return `<!-- ${install(config)} -->
<script lang="ts">
  import '${config.packageName}';
  import type {} from '${config.packageName}/svelte'; // types the tags' attributes and events
</script>

${elements.join('\n')}
${note ? `<!-- ${note} -->\n` : ''}`;
}

/** Every snippet, in the order the page shows them. */
export const SNIPPETS = [
  { id: 'html', title: 'Script tag (any site, CMS HTML block)', build: htmlSnippet },
  { id: 'shortcode', title: 'WordPress shortcode', build: shortcodeSnippet },
  { id: 'block', title: 'WordPress block', build: blockSnippet },
  { id: 'react', title: 'React 19 (TypeScript)', build: reactSnippet },
  { id: 'vue', title: 'Vue 3 (TypeScript)', build: vueSnippet },
  { id: 'svelte', title: 'Svelte 5 (TypeScript)', build: svelteSnippet },
  { id: 'css', title: 'CSS for the chosen colours and sizes', build: cssSnippet },
];
