import { Trans, useTranslation } from 'react-i18next';

const codeStyle = 'rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-[13px] text-slate-900';
const components = {
  code: <code className={`${codeStyle} whitespace-nowrap`} />,
  // An address may be longer than a phone's line: it alone may break, anywhere.
  url: <code className={`${codeStyle} wrap-anywhere`} />,
  b: <strong className="font-semibold text-slate-900" />,
};

const differences = ['litres', 'previews', 'type', 'formats', 'processingTime'] as const;

/** What a remove.bg client changes to call this API (two things), and where the two services differ. */
export function FromRemoveBgSection({ origin }: { origin: string }) {
  const { t } = useTranslation();
  const steps = [
    <Trans
      key="baseUrl"
      i18nKey="apiDocs.fromRemoveBg.baseUrl"
      values={{ url: `${origin}/api/v1.0`, shortUrl: `${origin}/v1.0` }}
      components={components}
    />,
    <Trans key="key" i18nKey="apiDocs.fromRemoveBg.key" components={components} />,
  ];
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-600">{t('apiDocs.fromRemoveBg.text')}</p>
      <ol className="flex flex-col gap-3">
        {steps.map((step, index) => (
          <li key={step.key} className="flex items-start gap-3 text-slate-700">
            <span
              aria-hidden="true"
              className="flex size-6 shrink-0 items-center justify-center rounded-full bg-violet-100 text-sm font-semibold text-violet-700"
            >
              {index + 1}
            </span>
            <span className="min-w-0">{step}</span>
          </li>
        ))}
      </ol>
      <p className="text-slate-600">
        <Trans i18nKey="apiDocs.fromRemoveBg.same" components={components} />
      </p>
      <div className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7">
        <h3 className="font-semibold text-slate-900">{t('apiDocs.fromRemoveBg.differs')}</h3>
        <ul className="mt-3 flex flex-col gap-2.5 text-slate-600">
          {differences.map((difference) => (
            <li key={difference} className="flex items-start gap-3">
              <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-violet-500" />
              <span className="min-w-0">
                <Trans i18nKey={`apiDocs.fromRemoveBg.differences.${difference}`} components={components} />
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
