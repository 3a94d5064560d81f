import '@ics/service-switcher/design-system.css';
import '@ics/service-switcher/switcher.css';
import { ServiceSwitcherPage } from '@ics/service-switcher';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { client } from './client.ts';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ServiceSwitcherPage client={client} logoutEnabled theme="auto" />
    </StrictMode>,
  );
}
