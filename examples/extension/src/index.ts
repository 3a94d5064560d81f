import { defineExtension } from '@ics/platform-client/extension';
import { name, version } from '../package.json';

/**
 * Greets the signed-in user on the page that loads it: the user comes from the page's own
 * client (its session and its cache, so no second sign-in and no second `session/User`).
 */
export default defineExtension({
  name,
  version,
  async activate(host) {
    const user = await host.client.session.getUser();
    const note = document.createElement('p');
    note.className = 'example-extension';
    note.textContent = `${name} ${version} greets ${user.displayName}`;
    (document.querySelector('[data-extensions]') ?? document.body).append(note);
    host.signal.addEventListener('abort', () => note.remove(), { once: true });
    host.shell.send('example-extension:ready', { userId: user.id });
    host.logger.info(`ready in ${host.locale}`);
  },
});
