import { CircleAlert, Link2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An image by its address; an empty one is refused with the message of SPEC §5. */
export function UrlForm({ onSubmit }: { onSubmit: (url: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const url = value.trim();
    if (!url) return setError(t('removal.url.required'));
    if (!isHttpUrl(url)) return setError(t('removal.url.invalid'));
    setError(null);
    setValue('');
    onSubmit(url);
  }

  return (
    <form noValidate onSubmit={submit} className="w-full">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {t('removal.url.label')}
      </label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Link2
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            id={id}
            type="text"
            inputMode="url"
            autoComplete="url"
            placeholder="https://example.com/photo.jpg"
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setValue(event.target.value);
              if (error) setError(null);
            }}
            className={`block h-11 w-full rounded-xl border bg-white pr-3 pl-10 text-[15px] text-slate-900 shadow-xs transition placeholder:text-slate-400 focus:ring-4 focus:outline-none ${
              error
                ? 'border-rose-400 focus:border-rose-500 focus:ring-rose-100'
                : 'border-slate-200 hover:border-slate-300 focus:border-violet-500 focus:ring-violet-100'
            }`}
          />
        </div>
        <Button type="submit" variant="secondary" className="shrink-0">
          {t('removal.url.submit')}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 flex items-start gap-1.5 text-sm text-rose-600">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      )}
    </form>
  );
}
