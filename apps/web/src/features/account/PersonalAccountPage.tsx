import { fractionDigits, maxCartQuantity, type PersonalAccount } from '@cutout/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ArrowDownLeft, ArrowUpRight, Clock, Wallet } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/api-error.ts';
import { currencySymbol } from '../../shared/format/price.ts';
import { useFormatAmount } from '../../shared/format/use-format-amount.ts';
import { useFormatDateTime } from '../../shared/format/use-format-date.ts';
import { useFocusInvalid } from '../../shared/forms/use-focus-invalid.ts';
import { checkoutCallbackUrls } from '../../shared/payments/checkout-urls.ts';
import { personalAccountApi, personalAccountQueryKeys } from '../../shared/payments/personal-account-api.ts';
import { QuickAmounts } from '../../shared/payments/QuickAmounts.tsx';
import { submitPaymentForm } from '../../shared/payments/submit-payment-form.ts';
import { parseAmount, plainAmount } from '../../shared/payments/top-up.ts';
import { useLanguage } from '../../shared/routing/language-context.tsx';
import { SignInPrompt, useEverAuthorised } from '../../shared/session/SignInPrompt.tsx';
import { useIsAuthorised, useSession } from '../../shared/session/session.ts';
import { usePreferences } from '../../shared/store-info/preferences.ts';
import { useStoreInfo } from '../../shared/store-info/store-info-context.tsx';
import { Container } from '../../shared/ui/container.tsx';
import { FormAlert, SubmitButton, TextField } from '../../shared/ui/form.tsx';
import { PageHeading } from '../../shared/ui/page-heading.tsx';
import { Card } from './Card.tsx';
import { CardError, CardSkeleton } from './CardLoadState.tsx';

/**
 * The personal account (`/{lang}/user/personal-account`, AllowPersonalAccount): the money on it in
 * the session's currency, a top-up paid with any way to pay (an order of its own, the cart stays
 * as it is), and the history of what came in and went out.
 */
export function PersonalAccountPage() {
  const { t } = useTranslation();
  const authorised = useIsAuthorised();
  const everAuthorised = useEverAuthorised(authorised);
  return (
    <div className="bg-slate-50/70">
      <Container className="py-10 sm:py-14">
        <PageHeading title={t('personalAccount.title')} subtitle={t('personalAccount.subtitle')} />
        {!authorised ? (
          <SignInPrompt openLogin={!everAuthorised} text={t('personalAccount.signInText')} />
        ) : (
          <PersonalAccountCards />
        )}
      </Container>
    </div>
  );
}

function PersonalAccountCards() {
  const { t } = useTranslation();
  const { userId } = useSession();
  const currency = useStoreInfo().currency.characterCode;
  const account = useQuery({
    queryKey: personalAccountQueryKeys.of({ userId, currency }),
    queryFn: ({ signal }) => personalAccountApi.fetch(signal),
  });
  if (account.isPending) {
    return (
      <div className="mt-8">
        <CardSkeleton label={t('personalAccount.loading')} />
      </div>
    );
  }
  if (account.isError) {
    return (
      <div className="mt-8">
        <CardError error={account.error} onRetry={() => account.refetch()} />
      </div>
    );
  }
  return (
    <div className="mt-8 grid items-start gap-6 lg:grid-cols-[22rem_1fr]">
      <div className="flex flex-col gap-6">
        <BalanceCard account={account.data} />
        <RechargeCard currency={account.data.balance.currency} />
      </div>
      <HistoryCard account={account.data} />
    </div>
  );
}

function BalanceCard({ account }: { account: PersonalAccount }) {
  const { t } = useTranslation();
  const format = useFormatAmount();
  return (
    <section
      aria-label={t('personalAccount.balance')}
      className="rounded-3xl bg-gradient-to-br from-violet-600 to-indigo-600 p-6 text-white shadow-lg shadow-violet-600/20 sm:p-8"
    >
      <p className="flex items-center gap-2 text-sm font-medium text-violet-100">
        <Wallet aria-hidden="true" className="size-4" />
        {t('personalAccount.balance')}
      </p>
      <p className="mt-2 text-4xl font-bold tracking-tight">
        {format(account.balance.amountMinor, account.balance.currency)}
      </p>
      <p className="mt-3 text-sm text-violet-100">{t('personalAccount.balanceNote')}</p>
      <OtherBalances account={account} />
    </section>
  );
}

/**
 * Money held in the other currencies (the account is one per currency): named here, with a way to
 * choose that currency, so that a switch of the site's currency does not look like money lost.
 */
function OtherBalances({ account }: { account: PersonalAccount }) {
  const { t } = useTranslation();
  const format = useFormatAmount();
  const { currencies } = useStoreInfo();
  const { changeCurrency } = usePreferences();
  const others = account.otherBalances ?? [];
  if (others.length === 0) return null;
  return (
    <ul className="mt-4 flex flex-col gap-2 border-t border-white/20 pt-4 text-sm">
      {others.map((other) => {
        const target = currencies.find((currency) => currency.characterCode === other.currency);
        return (
          <li key={other.currency} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
            <span>
              {t('personalAccount.otherBalance', { amount: format(other.amountMinor, other.currency) })}
            </span>
            {target && (
              <button
                type="button"
                className="rounded-lg font-semibold text-white underline underline-offset-4 hover:text-violet-100 focus-visible:outline-2 focus-visible:outline-white"
                onClick={() => void changeCurrency(target.id)}
              >
                {t('personalAccount.switchCurrency', { currency: other.currency })}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function RechargeCard({ currency }: { currency: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const digits = fractionDigits(currency);
  const [amount, setAmount] = useState('');
  const [paymentOptionId, setPaymentOptionId] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const options = useQuery({
    queryKey: personalAccountQueryKeys.paymentOptions(currency),
    queryFn: ({ signal }) => personalAccountApi.paymentOptions(signal),
  });
  const chosen = paymentOptionId ?? options.data?.[0]?.id ?? null;
  const recharge = useMutation({
    mutationFn: (request: { rechargeAmount: number; paymentOptionId: string }) =>
      personalAccountApi.recharge({
        ...request,
        ...checkoutCallbackUrls({
          origin: window.location.origin,
          language,
          paymentOptionId: request.paymentOptionId,
          topUp: true,
        }),
      }),
    onSuccess: (result) => {
      submitPaymentForm(result);
    },
  });

  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Whole units in plain digits ("1 500"): not "1e3", "0x10" or "12.5", which Number would take.
    const typed = parseAmount(amount, currency);
    const units = typed === null ? Number.NaN : typed / 10 ** digits;
    // As many units as the cart sells of the top-up product, no more (the server's limit).
    if (!Number.isInteger(units) || units < 1 || units > maxCartQuantity) {
      focusInvalid();
      setFieldError(
        t('personalAccount.recharge.amountInvalid', {
          max: new Intl.NumberFormat(language).format(maxCartQuantity),
        }),
      );
      return;
    }
    setFieldError(null);
    if (chosen) recharge.mutate({ rechargeAmount: units * 10 ** digits, paymentOptionId: chosen });
  };

  return (
    <Card title={t('personalAccount.recharge.title')} description={t('personalAccount.recharge.text')}>
      <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label={t('personalAccount.recharge.amount', { currency: currencySymbol(currency, language) })}
          inputMode="numeric"
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setFieldError(null);
          }}
          error={fieldError ?? undefined}
        />
        <QuickAmounts
          currency={currency}
          chosen={parseAmount(amount, currency)}
          onChoose={(amountMinor) => {
            setAmount(plainAmount(amountMinor, currency));
            setFieldError(null);
          }}
        />
        {options.data && options.data.length > 0 && (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1.5 text-sm font-medium text-slate-700">
              {t('personalAccount.recharge.paymentOption')}
            </legend>
            {options.data.map((option) => (
              <label
                key={option.id}
                className={clsx(
                  'flex cursor-pointer items-start gap-3 rounded-2xl border p-3 transition',
                  chosen === option.id ? 'border-violet-500 bg-violet-50/50' : 'border-slate-200',
                )}
              >
                <input
                  type="radio"
                  name="payment-option"
                  checked={chosen === option.id}
                  onChange={() => setPaymentOptionId(option.id)}
                  className="mt-1 accent-violet-600"
                />
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-slate-900">{option.name}</span>
                  {option.description && (
                    <span className="block text-xs text-slate-500">{option.description}</span>
                  )}
                </span>
              </label>
            ))}
          </fieldset>
        )}
        {options.data?.length === 0 && (
          <FormAlert>{t('personalAccount.recharge.noPaymentOptions')}</FormAlert>
        )}
        {options.isError && <FormAlert>{errorMessage(options.error, t)}</FormAlert>}
        {recharge.isError && <FormAlert>{errorMessage(recharge.error, t)}</FormAlert>}
        <SubmitButton loading={recharge.isPending || recharge.isSuccess} disabled={!chosen}>
          {t('personalAccount.recharge.submit')}
        </SubmitButton>
      </form>
    </Card>
  );
}

function HistoryCard({ account }: { account: PersonalAccount }) {
  const { t } = useTranslation();
  const format = useFormatAmount();
  const formatDateTime = useFormatDateTime();
  return (
    <Card title={t('personalAccount.history.title')}>
      {account.entries.length === 0 ? (
        <p className="text-sm text-slate-500">
          {/* Each currency keeps its own history: one that is empty says where the rest is. */}
          {(account.otherBalances ?? []).length > 0
            ? t('personalAccount.history.emptyInCurrency', { currency: account.balance.currency })
            : t('personalAccount.history.empty')}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {account.entries.map((entry) => {
            const incoming = entry.amountMinor > 0;
            const Icon = entry.pending ? Clock : incoming ? ArrowDownLeft : ArrowUpRight;
            return (
              <li key={entry.id} className="flex items-center gap-3 py-3">
                <span
                  className={clsx(
                    'inline-flex size-9 shrink-0 items-center justify-center rounded-xl',
                    incoming ? 'bg-emerald-50 text-emerald-600' : 'bg-slate-100 text-slate-600',
                  )}
                >
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-medium text-slate-900">
                    {t(`personalAccount.history.type.${entry.type}`)}
                    {entry.pending && ` · ${t('personalAccount.history.pending')}`}
                  </span>
                  <span className="block text-xs text-slate-500">{formatDateTime(entry.createdAt)}</span>
                </span>
                <span
                  className={clsx(
                    'shrink-0 text-sm font-semibold tabular-nums',
                    incoming ? 'text-emerald-700' : 'text-slate-900',
                  )}
                >
                  {incoming ? '+' : '−'}
                  {format(Math.abs(entry.amountMinor), account.balance.currency)}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
