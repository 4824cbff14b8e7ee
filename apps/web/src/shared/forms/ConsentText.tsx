import { clsx } from 'clsx';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../routing/language-context.tsx';
import { paths } from '../routing/paths.ts';
import { useToneStyles } from './form-tone.ts';

/** How a consent names the privacy policy, in each language (any case of «политика»). */
const privacyPolicyPhrases = [/privacy policy/i, /политик[а-яё]*\s+конфиденциальности/i];

/** The text split around the first mention of the privacy policy, or null when it has none. */
export function splitAtPrivacyPolicy(text: string): [string, string, string] | null {
  for (const phrase of privacyPolicyPhrases) {
    const match = phrase.exec(text);
    if (match) {
      const end = match.index + match[0].length;
      return [text.slice(0, match.index), match[0], text.slice(end)];
    }
  }
  return null;
}

/**
 * A tick's text (a consent) with its mention of the privacy policy as a link to that page. The page
 * opens in a new tab so that what was typed stays; the link says so in its description, which does
 * not become part of the tick's name.
 */
export function ConsentText({ text }: { text: string }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const tone = useToneStyles();
  const noteId = useId();
  const parts = splitAtPrivacyPolicy(text);
  if (!parts) return <>{text}</>;
  const [before, phrase, after] = parts;
  return (
    <>
      {before}
      <Link
        to={to(paths.privacyPolicy)}
        target="_blank"
        rel="noopener"
        aria-describedby={noteId}
        className={clsx('rounded-sm font-medium underline underline-offset-2', tone.link)}
      >
        {phrase}
      </Link>
      {after}
      <span id={noteId} hidden>
        {t('forms.newTab')}
      </span>
    </>
  );
}
