import { usePlatformClient, useSession } from '@ics/platform-client/react';
import { useEffect, useState } from 'react';

const key = 'app.theme';

/** The signed-in user's theme, read from and saved to their platform preferences. */
export function ThemePreference() {
  const client = usePlatformClient();
  const { user } = useSession();
  const [theme, setTheme] = useState<string>();
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    let current = true;
    client.preferences
      .forUser(userId)
      .get(key)
      .then((value) => current && setTheme(value ?? 'light'));
    return () => void (current = false);
  }, [client, userId]);

  if (!userId || theme === undefined) return <p>Loading…</p>;
  const chooseDark = async () => {
    const preferences = client.preferences.forUser(userId);
    await preferences.create({ fullyQualifiedName: key, value: 'dark' });
    setTheme(await preferences.get(key));
  };
  return (
    <section aria-label={`${user?.displayName}'s theme`}>
      <p>Theme: {theme}</p>
      {theme === 'dark' ? null : (
        <button type="button" onClick={chooseDark}>
          Use the dark theme
        </button>
      )}
    </section>
  );
}
