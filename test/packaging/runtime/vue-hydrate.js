// Nuxt's way: the server's HTML for vue.vue is on the page; the elements are defined, then Vue
// hydrates that HTML.
import { createSSRApp } from 'vue';
import 'cargo-trackers';
import Vue from './vue.vue';

const log = (message) => window.frameworkLog.push(message);
window.frameworkLog = [];
createSSRApp(Vue, { log }).mount('#ssr');
window.frameworksReady = true;
