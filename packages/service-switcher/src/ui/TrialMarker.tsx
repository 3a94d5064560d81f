import { plural, type Messages } from '../i18n/messages.ts';
import type { Locale } from '../model/language.ts';

/**
 * 'Free Trial', the days left by the locale's plural rules, and 'Try Now' (SW-4.7). Not read:
 * the card's link says the trial and its days left as written (issue 40; CSS uppercases the
 * badge, which some readers would spell).
 */
export default function TrialMarker(props: {
  daysLeft: number;
  messages: Messages;
  locale: Locale;
}) {
  const { messages } = props;
  return (
    <p className="ics-trial" aria-hidden="true">
      <span className="ics-trial__badge">{messages.freeTrial}</span>{' '}
      <span className="ics-trial__days">
        {plural(messages.daysLeft, props.daysLeft, props.locale)}
      </span>{' '}
      <span className="ics-trial__cta">{messages.tryNow}</span>
    </p>
  );
}
