import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SwitcherTheme } from './switcherTypes.ts';
import { useHostTheme } from './useHostTheme.ts';

function Host({ theme }: { theme: SwitcherTheme }) {
  useHostTheme(theme);
  return null;
}
const attribute = () => document.documentElement.getAttribute('data-ics-theme');

afterEach(() => {
  cleanup();
  document.documentElement.removeAttribute('data-ics-theme');
});

describe('useHostTheme', () => {
  it("sets <html data-ics-theme> to the theme and follows the theme's changes", () => {
    const view = render(<Host theme="dark" />);
    expect(attribute()).toBe('dark');
    view.rerender(<Host theme="light" />);
    expect(attribute()).toBe('light');
  });

  it('removes the attribute on unmount when the page had none', () => {
    render(<Host theme="dark" />).unmount();
    expect(document.documentElement.hasAttribute('data-ics-theme')).toBe(false);
  });

  it("puts back the page's own value on unmount", () => {
    document.documentElement.setAttribute('data-ics-theme', 'auto');
    const view = render(<Host theme="dark" />);
    expect(attribute()).toBe('dark');
    view.unmount();
    expect(attribute()).toBe('auto');
  });
});
