import { html, type TemplateResult } from 'lit';

/**
 * A heading at `level` of the page's outline (the element's `heading-level`, or one below for a
 * section of the result); below 6 it stays an `h6`. One template per level: a tag cannot be a binding.
 */
export function heading(level: number, content: unknown, className = ''): TemplateResult {
  switch (Math.min(level, 6)) {
    case 1:
      return html`<h1 class=${className}>${content}</h1>`;
    case 2:
      return html`<h2 class=${className}>${content}</h2>`;
    case 3:
      return html`<h3 class=${className}>${content}</h3>`;
    case 4:
      return html`<h4 class=${className}>${content}</h4>`;
    case 5:
      return html`<h5 class=${className}>${content}</h5>`;
    default:
      return html`<h6 class=${className}>${content}</h6>`;
  }
}

/** The result's heading level: the element's `heading-level` when it is 1 to 6, else 2. */
export function resultLevel(ctx: { readonly headingLevel: number }): number {
  const level = ctx.headingLevel;
  return Number.isInteger(level) && level >= 1 && level <= 6 ? level : 2;
}

/** A heading of a section of the result: one level below the result's own. */
export function sectionHeading(ctx: { readonly headingLevel: number }, content: unknown): TemplateResult {
  return heading(resultLevel(ctx) + 1, content);
}
