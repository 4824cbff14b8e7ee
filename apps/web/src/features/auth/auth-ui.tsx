import { clsx } from 'clsx';
import { Info, type LucideIcon } from 'lucide-react';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { PermissionType } from '../../shared/api/users.ts';
import { withModal, withoutModal } from '../../shared/routing/paths.ts';
import { useStoreInfo } from '../../shared/store-info/store-info-context.tsx';
import { Button } from '../../shared/ui/button.tsx';
import type { AuthModalName, AuthModalState } from './modal-state.ts';

/** The optional notification at the top of a modal, dismissed with OK (SPEC §2.3). */
export function ModalNotice({ children, onDismiss }: { children: ReactNode; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="mb-5 flex items-start gap-3 rounded-2xl border border-violet-200 bg-violet-50 p-4 text-sm leading-relaxed text-violet-950"
    >
      <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-violet-600" />
      <p className="flex-1">{children}</p>
      <Button size="sm" variant="secondary" onClick={onDismiss} className="-my-1 h-8 shrink-0 px-3">
        {t('auth.notice.ok')}
      </Button>
    </div>
  );
}

const messageTones = {
  success: 'bg-emerald-50 text-emerald-600',
  error: 'bg-rose-50 text-rose-600',
  brand: 'bg-violet-50 text-violet-600',
};

/** A modal's whole message in place of a form: an icon, an optional heading and the text. */
export function ModalMessage({
  icon: Icon,
  tone,
  title,
  children,
  role,
}: {
  icon: LucideIcon;
  tone: keyof typeof messageTones;
  title?: string;
  children: ReactNode;
  role?: 'status' | 'alert';
}) {
  return (
    <div role={role} className="flex flex-col items-center text-center">
      <span
        className={clsx('inline-flex size-14 items-center justify-center rounded-2xl', messageTones[tone])}
      >
        <Icon aria-hidden="true" className="size-7" />
      </span>
      {title && <p className="mt-4 text-lg font-semibold text-slate-900">{title}</p>}
      <p className={clsx('text-sm leading-relaxed text-slate-600', title ? 'mt-2' : 'mt-4')}>{children}</p>
    </div>
  );
}

/**
 * The e-mail / phone switch (SPEC §2.3) when the store requires both channels; with one channel
 * only its fields are shown.
 */
export function ChannelTabs({
  channels,
  value,
  onChange,
  children,
}: {
  channels: PermissionType[];
  value: PermissionType;
  onChange: (channel: PermissionType) => void;
  children: (channel: PermissionType) => ReactNode;
}) {
  const { t } = useTranslation();
  if (channels.length < 2) return <>{children(channels[0] ?? 'email')}</>;
  return (
    <Tabs.Root value={value} onValueChange={(next) => onChange(next as PermissionType)}>
      <Tabs.List
        aria-label={t('auth.channel.label')}
        className="mb-5 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1"
      >
        {channels.map((channel) => (
          <Tabs.Trigger
            key={channel}
            value={channel}
            className="h-9 rounded-lg text-sm font-semibold text-slate-600 transition hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-violet-700 data-[state=active]:shadow-sm"
          >
            {t(`auth.channel.${channel}`)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {channels.map((channel) => (
        <Tabs.Content key={channel} value={channel} className="flex flex-col gap-4 outline-none">
          {children(channel)}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

/** The external sign-in providers (passports) as plain links: the browser leaves for the provider. */
export function SocialLinks() {
  const { t } = useTranslation();
  const info = useStoreInfo();
  const location = useLocation();
  if (info.passports.length === 0) return null;
  const query = new URLSearchParams({
    tenantClientId: info.tenantClientId,
    storeId: info.storeId,
    // Back to this page, signed in, without the modal.
    returnTo: withoutModal(location),
  });
  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-slate-400 uppercase">
        <span className="h-px flex-1 bg-slate-200" />
        {t('auth.social.title')}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <ul className="mt-4 flex flex-wrap justify-center gap-2">
        {info.passports.map((passport) => (
          <li key={passport.slugifyId} className="min-w-36 flex-1">
            <a
              href={`/api/passports/${encodeURIComponent(passport.slugifyId)}/auth?${query.toString()}`}
              className="flex h-11 items-center justify-center gap-2.5 rounded-xl border border-slate-200 bg-white px-4 text-sm font-semibold text-slate-800 shadow-xs transition hover:border-slate-300 hover:bg-slate-50"
            >
              {passport.primaryImage && (
                <img src={passport.primaryImage.url} alt="" className="size-5 object-contain" />
              )}
              {passport.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A link that swaps the open modal for another one, optionally handing it state (a pre-filled address). */
export function ModalLink({
  to,
  state,
  children,
  className,
}: {
  to: AuthModalName;
  state?: AuthModalState;
  children: ReactNode;
  className?: string;
}) {
  const location = useLocation();
  return (
    <Link
      to={withModal(location, to)}
      state={state}
      replace
      preventScrollReset
      className={clsx(
        'font-semibold text-violet-700 underline-offset-2 hover:text-violet-900 hover:underline',
        className,
      )}
    >
      {children}
    </Link>
  );
}

/** The links under a modal's form: to the other account modals. */
export function ModalFooter({ children }: { children: ReactNode }) {
  return (
    <div className="mt-6 flex flex-col items-center gap-2 border-t border-slate-100 pt-5 text-center text-sm text-slate-600">
      {children}
    </div>
  );
}
