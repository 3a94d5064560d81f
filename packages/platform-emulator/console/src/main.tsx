import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
// The platform's design tokens (`--ics-*`), bundled in at build time from the switcher's sources.
import '@ics/service-switcher/design-system.css';
import './console.css';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
