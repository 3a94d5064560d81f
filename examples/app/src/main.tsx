import { createPlatformClient } from '@ics/platform-client';
import designSystemCss from '@ics/service-switcher/design-system.css?url&no-inline';
import switcherCss from '@ics/service-switcher/switcher.css?url&no-inline';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

// The switcher dialog's two stylesheets, emitted by Vite as files and linked by address.
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <App client={createPlatformClient()} stylesheets={[designSystemCss, switcherCss]} />,
  );
}
