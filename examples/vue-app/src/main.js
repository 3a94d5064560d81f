import '@ics/service-switcher/standalone.css';
import '@ics/service-switcher/standalone';

import { createApp } from 'vue';
import App from './App.vue';

createApp(App).mount('#app');
