// Types of snippets.js, for the TypeScript tests that check what it writes.
export interface SnippetConfig {
  readonly elements: ReadonlyArray<{
    readonly tagName: string;
    readonly component: string;
    readonly shortcode: string;
    readonly block: string;
    readonly attributes: ReadonlyArray<{
      readonly attribute: string;
      readonly property: string;
      readonly type: string | readonly string[];
      readonly value: string | number | boolean;
    }>;
  }>;
  readonly css: ReadonlyArray<{ readonly name: string; readonly value: string }>;
  readonly scriptUrl: string;
  readonly packageName: string;
  readonly version: string;
  readonly proxyFromPlugin: boolean;
}

export function cssSnippet(config: SnippetConfig): string;
export function htmlSnippet(config: SnippetConfig): string;
export function shortcodeSnippet(config: SnippetConfig): string;
export function blockSnippet(config: SnippetConfig): string;
export function reactSnippet(config: SnippetConfig): string;
export function vueSnippet(config: SnippetConfig): string;
export function svelteSnippet(config: SnippetConfig): string;
export const SNIPPETS: ReadonlyArray<{ readonly id: string; readonly title: string; readonly build: (config: SnippetConfig) => string }>;
