// The page: a Svelte component mounted before the tags are defined, then the elements defined,
// then Solid, Vue and Svelte each render their forms.
import { createApp } from 'vue';
import { mount } from 'svelte';
// The classes only: their packages' entries would define the tags at once.
import { OceanTracker } from '../../../packages/ocean-tracker/src/ocean-tracker.js';
import { AirTracker } from '../../../packages/air-tracker/src/air-tracker.js';
import { mountSolid } from './solid.jsx';
import Vue from './vue.vue';
import SvelteRunes from './svelte-runes.svelte';
import SvelteLegacy from './svelte-legacy.svelte';
import SvelteEarly from './svelte-early.svelte';

const log = (message) => window.frameworkLog.push(message);
window.frameworkLog = [];
const root = (id) => document.body.appendChild(Object.assign(document.createElement('div'), { id }));

mount(SvelteEarly, { target: root('svelte-early'), props: { log } });
customElements.define('ocean-tracker', OceanTracker);
customElements.define('air-tracker', AirTracker);
mountSolid(root('solid'), log);
createApp(Vue, { log }).mount(root('vue'));
mount(SvelteRunes, { target: root('svelte-runes'), props: { log } });
mount(SvelteLegacy, { target: root('svelte-legacy'), props: { log } });
window.frameworksReady = true;
