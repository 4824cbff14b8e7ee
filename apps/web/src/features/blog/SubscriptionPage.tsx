import { useMutation } from '@tanstack/react-query';
import { clsx } from 'clsx';
import {
  BellOff,
  CircleCheck,
  Link2Off,
  LoaderCircle,
  type LucideIcon,
  MailCheck,
  TimerOff,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../shared/api/api-error.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { Button, ButtonLink } from '../../shared/ui/button.tsx';
import { Container } from '../../shared/ui/container.tsx';
import { FormAlert } from '../../shared/ui/form.tsx';
import { newsApi } from './blog-api.ts';
import { NewsSubscribeFields } from './NewsSubscribeForm.tsx';

export type SubscriptionMode = 'confirm' | 'unsubscribe';

/** What a click on a mailed link's page led to. */
type Outcome = 'confirmed' | 'expired' | 'unsubscribed' | 'unknown';

const looks: Record<SubscriptionMode | Outcome, { icon: LucideIcon; tone: string }> = {
  confirm: { icon: MailCheck, tone: 'bg-violet-50 text-violet-600' },
  unsubscribe: { icon: BellOff, tone: 'bg-violet-50 text-violet-600' },
  confirmed: { icon: CircleCheck, tone: 'bg-emerald-50 text-emerald-600' },
  expired: { icon: TimerOff, tone: 'bg-amber-50 text-amber-600' },
  unsubscribed: { icon: BellOff, tone: 'bg-slate-100 text-slate-600' },
  unknown: { icon: Link2Off, tone: 'bg-rose-50 text-rose-600' },
};

/**
 * The pages the news mails link to (`/{lang}/blog/subscription/confirm?token=…` and
 * `…/unsubscribe?token=…`). Opening one does nothing: mail scanners open links too, so the page
 * says what will happen and acts only on the button. Then it tells the outcome: confirmed; expired
 * (with the form to ask for a new link); unsubscribed; or a link the server does not know.
 */
export function SubscriptionPage({ mode }: { mode: SubscriptionMode }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const action = useMutation({
    mutationFn: async (): Promise<Outcome> => {
      if (mode === 'confirm') return newsApi.confirm(token);
      return (await newsApi.unsubscribe(token)) ? 'unsubscribed' : 'unknown';
    },
  });
  const outcome: Outcome | undefined = token ? action.data : 'unknown';
  const state = outcome ?? mode;
  const { icon: Icon, tone } = looks[state];
  const heading = useRef<HTMLHeadingElement>(null);

  // The button that was pressed is gone: the outcome's heading takes the focus and is read out.
  useEffect(() => {
    if (action.data) heading.current?.focus();
  }, [action.data]);

  return (
    <div className="bg-slate-50/70">
      <Container className="flex justify-center py-14 sm:py-20">
        <section className="flex w-full max-w-xl flex-col items-center rounded-3xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm sm:px-12">
          <span className={clsx('inline-flex size-16 items-center justify-center rounded-2xl', tone)}>
            <Icon aria-hidden="true" className="size-8" />
          </span>
          <h1
            ref={heading}
            tabIndex={-1}
            className="mt-6 text-2xl font-bold tracking-tight text-balance text-slate-900 focus:outline-none sm:text-3xl"
          >
            {t(`blog.subscription.${state}.title`)}
          </h1>
          <p className="mt-3 max-w-md text-slate-600">{t(`blog.subscription.${state}.text`)}</p>
          {outcome === undefined ? (
            <>
              {action.isError && (
                <div className="mt-6 w-full text-left">
                  <FormAlert>{errorMessage(action.error, t)}</FormAlert>
                </div>
              )}
              <Button
                size="lg"
                className="mt-8 w-full sm:w-auto"
                disabled={action.isPending}
                aria-busy={action.isPending || undefined}
                onClick={() => action.mutate()}
              >
                {action.isPending && <LoaderCircle aria-hidden="true" className="size-4.5 animate-spin" />}
                {t(`blog.subscription.${mode}.action`)}
              </Button>
            </>
          ) : outcome === 'expired' ? (
            <div className="mt-8 w-full text-left">
              <NewsSubscribeFields />
            </div>
          ) : (
            <ButtonLink to={to(paths.blog)} size="lg" className="mt-8 w-full sm:w-auto">
              {t(outcome === 'confirmed' ? 'blog.subscription.confirmed.action' : 'blog.subscription.toBlog')}
            </ButtonLink>
          )}
          {(outcome === undefined || outcome === 'expired') && (
            <Link
              to={to(paths.blog)}
              className="mt-6 rounded-md text-sm font-semibold text-violet-700 hover:text-violet-900"
            >
              {t(outcome ? 'blog.subscription.toBlog' : 'blog.subscription.back')}
            </Link>
          )}
        </section>
      </Container>
    </div>
  );
}
