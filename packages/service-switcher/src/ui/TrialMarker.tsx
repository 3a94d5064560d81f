import { plural, type Messages } from '../i18n/messages.ts';
import type { Locale } from '../model/language.ts';

/** 'Free Trial', the days left by the locale's plural rules, and 'Try Now' (SW-4.7). */
export default function TrialMarker(props: {
  daysLeft: number;
  messages: Messages;
  locale: Locale;
}) {
  const { messages } = props;
  return (
    <p className="ics-trial">
      <span className="ics-trial__badge">{messages.freeTrial}</span>{' '}
      <span className="ics-trial__days">
        {plural(messages.daysLeft, props.daysLeft, props.locale)}
      </span>{' '}
      <span className="ics-trial__cta">{messages.tryNow}</span>
    </p>
  );
}
