// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fakeClient } from './testing/fakeClient.ts';

describe('given a server-side renderer without window or document', () => {
  it('imports the widget and renders the page and the dialog without touching the browser', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const widget = await import('./index.ts');
    expect(widget.SWITCHER_VERSION).toMatch(/^\d+\.\d+\.\d+/);
    const { client } = fakeClient(() => new Promise(() => {}));
    const html = renderToString(<widget.ServiceSwitcherPage client={client} locale="en" />);
    expect(html).toContain('Intelligent Cloud Services');
    expect(
      renderToString(
        <widget.ServiceSwitcherDialog client={client} open stylesheets={['/switcher.css']} />,
      ),
    ).toContain('app-switcher-dialog');
  });
});
