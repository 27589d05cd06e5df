// SvelteKit's way: the server's HTML for svelte-runes.svelte is on the page; the elements are
// defined, then Svelte hydrates that HTML.
import { hydrate } from 'svelte';
import 'cargo-trackers';
import SvelteRunes from './svelte-runes.svelte';

const log = (message) => window.frameworkLog.push(message);
window.frameworkLog = [];
hydrate(SvelteRunes, { target: document.getElementById('ssr'), props: { log } });
window.frameworksReady = true;
