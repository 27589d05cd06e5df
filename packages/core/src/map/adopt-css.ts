/**
 * Leaflet's stylesheets in a shadow root: before the element's own styles so those win, and in
 * the order they were first adopted (the map's rules, then the tiles' when a tile layer loads).
 * Constructable stylesheets are shared across every map on the page; without them each
 * stylesheet goes in a `<style>` (still inside the shadow root, never into the page).
 */
const sheets = new Map<string, CSSStyleSheet>();

export function adoptCss(root: ShadowRoot, name: string, css: string): void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet.prototype.replaceSync === 'function') {
    let sheet = sheets.get(name);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      sheets.set(name, sheet);
    }
    const adopted = root.adoptedStyleSheets;
    if (adopted.includes(sheet)) return;
    const ours = new Set(sheets.values());
    root.adoptedStyleSheets = [...adopted.filter((s) => ours.has(s)), sheet, ...adopted.filter((s) => !ours.has(s))];
    return;
  }
  if (root.querySelector(`style[data-leaflet="${name}"]`)) return;
  const style = document.createElement('style');
  style.dataset['leaflet'] = name;
  style.textContent = css;
  const last = [...root.querySelectorAll('style[data-leaflet]')].at(-1);
  if (last) last.after(style);
  else root.prepend(style);
}
