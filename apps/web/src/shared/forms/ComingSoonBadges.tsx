import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';

/** A phone's outline: the mark of the badge for the iPhone store, drawn here (no maker's logo). */
function PhoneMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-6 shrink-0">
      <rect x="6" y="2.5" width="12" height="19" rx="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <rect x="10" y="18" width="4" height="1.4" rx="0.7" fill="currentColor" />
    </svg>
  );
}

/** A rounded play triangle: the mark of the badge for the Android store, drawn here (no maker's logo). */
function PlayMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-6 shrink-0">
      <path
        d="M7 4.8v14.4a1.2 1.2 0 0 0 1.8 1l11.6-7.2a1.2 1.2 0 0 0 0-2L8.8 3.8A1.2 1.2 0 0 0 7 4.8Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Store-style badges that say the app is coming: not links, since there is nothing to download yet.
 * Dark pills on a light page, outlined ones on a dark band.
 */
export function ComingSoonBadges({ tone, className }: { tone: 'light' | 'dark'; className?: string }) {
  const { t } = useTranslation();
  const badges = [
    { store: t('forms.mobileApp.appStore'), Mark: PhoneMark },
    { store: t('forms.mobileApp.googlePlay'), Mark: PlayMark },
  ];
  return (
    <ul aria-label={t('forms.mobileApp.badges')} className={clsx('flex flex-wrap gap-3', className)}>
      {badges.map(({ store, Mark }) => (
        <li
          key={store}
          className={clsx(
            'inline-flex h-13 min-w-40 items-center gap-3 rounded-xl px-4',
            tone === 'light'
              ? 'bg-slate-900 text-white shadow-sm shadow-slate-900/20'
              : 'bg-white/5 text-white ring-1 ring-white/20',
          )}
        >
          <Mark />
          <span className="flex flex-col leading-tight">
            <span className="text-[11px] font-medium tracking-wide text-slate-300 uppercase">
              {t('forms.mobileApp.comingSoon')}
              <span className="sr-only">:</span>
            </span>
            <span className="text-base font-semibold">{store}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
