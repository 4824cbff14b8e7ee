import { phoneView, type User } from '@cutout/contracts';
import { Coins, Droplet, LogOut, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { useLogout } from '../../shared/session/use-logout.ts';
import { litreBalance } from '../../shared/store-info/store-info.ts';
import { useStoreInfo } from '../../shared/store-info/store-info-context.tsx';
import { Button, ButtonLink } from '../../shared/ui/button.tsx';

const initialsOf = (name: string) =>
  name
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** The side card: who is signed in, the litre balance, the bonus points and logout. */
export function AccountSummary({ user }: { user: User }) {
  const { t } = useTranslation();
  const info = useStoreInfo();
  const to = useLocalizedPath();
  const logout = useLogout();
  const phone = user.phoneNumber ? phoneView(user.phoneNumber) : null;
  const address = user.email || phone;
  const name = user.fullName || address || '';
  // Initials come from a name or an e-mail; a phone number has none (its '+' or a digit would read
  // as a badge), so an account known only by its phone gets the person icon of the account menu.
  const initials = initialsOf(user.fullName || user.email || '');
  const balance = litreBalance(info);
  return (
    <aside
      aria-label={t('profile.summary.label')}
      className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex items-center gap-3.5">
        <span
          aria-hidden="true"
          className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-violet-500 to-indigo-600 text-lg font-semibold text-white"
        >
          {initials || <UserRound className="size-6" />}
        </span>
        <div className="min-w-0">
          <p className="font-semibold wrap-anywhere text-slate-900">
            <Address text={name} />
          </p>
          {user.fullName && address && (
            <p className="text-sm wrap-anywhere text-slate-500">
              <Address text={address} />
            </p>
          )}
        </div>
      </div>
      <div className="mt-6 rounded-2xl bg-violet-50 p-4">
        <p className="flex items-center gap-2 text-sm font-medium text-violet-900">
          <Droplet aria-hidden="true" className="size-4 text-violet-600" />
          {t('account.balance')}
        </p>
        <p className="mt-1 text-2xl font-bold text-slate-900">{t('litres.short', { count: balance })}</p>
        <ButtonLink to={to(paths.pricing)} size="sm" className="mt-3 w-full">
          {t('profile.summary.buy')}
        </ButtonLink>
      </div>
      {user.bonusPointBalance > 0 && (
        <p className="mt-3 flex items-center justify-between gap-2 rounded-2xl border border-slate-200 px-4 py-3 text-sm">
          <span className="flex items-center gap-2 font-medium text-slate-700">
            <Coins aria-hidden="true" className="size-4 text-violet-600" />
            {t('accountPlans.bonusPoints')}
          </span>
          <span className="font-semibold text-slate-900">{user.bonusPointBalance}</span>
        </p>
      )}
      <Button variant="ghost" onClick={logout} className="mt-4 w-full justify-start px-3">
        <LogOut aria-hidden="true" className="size-4" />
        {t('account.logout')}
      </Button>
    </aside>
  );
}

/**
 * An e-mail address that may not fit the narrow column: it wraps after the '@' first
 * ('alice@' / 'example.com'), and anywhere only where a part is longer than the line.
 */
function Address({ text }: { text: string }) {
  const at = text.indexOf('@');
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at + 1)}
      <wbr />
      {text.slice(at + 1)}
    </>
  );
}
