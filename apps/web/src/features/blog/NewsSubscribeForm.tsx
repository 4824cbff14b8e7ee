import { useMutation } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { LoaderCircle, Mail, MailCheck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/api-error.ts';
import { useFocusInvalid } from '../../shared/forms/use-focus-invalid.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/form.tsx';
import { checkEmail } from '../../shared/validation/field-checks.ts';
import { newsApi } from './blog-api.ts';

/**
 * The news subscription block under the blog and under each post: what it gives, and the form.
 * It lays itself out by its own width: the text beside the form where there is room.
 */
export function NewsSubscribeForm({ className }: { className?: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={clsx(
        '@container rounded-3xl border border-violet-100 bg-white p-6 shadow-sm shadow-violet-600/5 sm:p-8',
        className,
      )}
    >
      <div className="grid gap-6 @3xl:grid-cols-[minmax(0,1fr)_minmax(0,27rem)] @3xl:items-center @3xl:gap-10">
        <div className="flex flex-col items-start gap-4 @md:flex-row">
          <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-violet-600 text-white shadow-sm shadow-violet-600/25">
            <Mail aria-hidden="true" className="size-6" />
          </span>
          <div>
            <h2 id={titleId} className="text-xl font-semibold text-slate-900">
              {t('blog.subscribe.title')}
            </h2>
            <p className="mt-1 text-slate-600">{t('blog.subscribe.text')}</p>
          </div>
        </div>
        <NewsSubscribeFields />
      </div>
    </section>
  );
}

/**
 * The e-mail field and its button (SPEC §2.1 blog with news subscription). An address that is not
 * one is refused here with the contracts' rule; a refusal of the server (a bad address, too many
 * requests) shows under the field in its own words, which come in the page's language. Once sent,
 * the form gives way to "check your inbox", which takes the focus so that it is read out.
 */
export function NewsSubscribeFields() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const subscribe = useMutation({ mutationFn: newsApi.subscribe });
  const sent = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (sentTo) sent.current?.focus();
  }, [sentTo]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (subscribe.isPending) return;
    const refused = checkEmail(email);
    if (refused) {
      setError(t(refused));
      focusInvalid();
      return;
    }
    const address = email.trim();
    setError(null);
    subscribe.mutate(address, {
      onSuccess: () => setSentTo(address),
      onError: (failure) => {
        setError(errorMessage(failure, t));
        focusInvalid();
      },
    });
  }

  if (sentTo)
    return (
      <div
        ref={sent}
        role="status"
        tabIndex={-1}
        className="flex items-start gap-3 rounded-2xl border border-emerald-200 bg-emerald-50/70 p-4 focus:outline-none"
      >
        <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-slate-900">{t('blog.subscribe.sentTitle')}</p>
          <p className="mt-0.5 text-sm break-words text-emerald-900">
            {t('blog.subscribe.sentText', { email: sentTo })}
          </p>
          <button
            type="button"
            onClick={() => {
              setSentTo(null);
              setEmail('');
              subscribe.reset();
            }}
            className="mt-2 rounded-md text-sm font-semibold text-violet-700 underline decoration-violet-300 underline-offset-4 transition hover:text-violet-900 hover:decoration-current"
          >
            {t('blog.subscribe.another')}
          </button>
        </div>
      </div>
    );

  return (
    // The button goes under the field where the form is narrow (a phone), beside it otherwise.
    <div className="@container">
      <form
        ref={formRef}
        noValidate
        onSubmit={submit}
        className="flex flex-col gap-3 @sm:flex-row @sm:items-start"
      >
        <TextField
          label={t('blog.subscribe.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          maxLength={254}
          placeholder={t('blog.subscribe.placeholder')}
          value={email}
          error={error ? <span role="alert">{error}</span> : undefined}
          onChange={(value) => {
            setEmail(value);
            if (error) setError(null);
          }}
          className="min-w-0 flex-1 [&_input]:placeholder:text-slate-500"
        />
        {/* Below the field's label on a wide form: level with the input. */}
        <Button
          type="submit"
          disabled={subscribe.isPending}
          aria-busy={subscribe.isPending || undefined}
          className="w-full shrink-0 @sm:mt-[1.625rem] @sm:w-auto"
        >
          {subscribe.isPending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
          {t('blog.subscribe.submit')}
        </Button>
      </form>
    </div>
  );
}
