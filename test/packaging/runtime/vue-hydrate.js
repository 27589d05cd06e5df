// Nuxt's way: the server's HTML for vue.vue is on the page; the elements are defined, then Vue
// hydrates that HTML.
import { createSSRApp } from 'vue';
import { OceanTracker } from '../../../packages/ocean-tracker/src/ocean-tracker.js';
import Vue from './vue.vue';

const log = (message) => window.frameworkLog.push(message);
window.frameworkLog = [];
customElements.define('ocean-tracker', OceanTracker);
createSSRApp(Vue, { log }).mount('#ssr');
window.frameworksReady = true;
