// The page: a Svelte component mounted before the tags are defined, then the elements defined,
// then Solid, Vue and Svelte each render their forms.
import { createApp } from 'vue';
import { mount } from 'svelte';
import { mountSolid } from './solid.jsx';
import Vue from './vue.vue';
import SvelteRunes from './svelte-runes.svelte';
import SvelteLegacy from './svelte-legacy.svelte';
import SvelteEarly from './svelte-early.svelte';

const log = (message) => window.frameworkLog.push(message);
window.frameworkLog = [];
const root = (id) => document.body.appendChild(Object.assign(document.createElement('div'), { id }));

mount(SvelteEarly, { target: root('svelte-early'), props: { log } });
// The package's entry defines both tags: imported only once the early component is on the page.
await import('cargo-trackers');
mountSolid(root('solid'), log);
createApp(Vue, { log }).mount(root('vue'));
mount(SvelteRunes, { target: root('svelte-runes'), props: { log } });
mount(SvelteLegacy, { target: root('svelte-legacy'), props: { log } });
window.frameworksReady = true;
