import '@cargo-trackers/ocean-tracker';
import '@cargo-trackers/air-tracker';
import { createApp } from 'vue';
import App from './App.vue';

createApp(App).mount('#app');
