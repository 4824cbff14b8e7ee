import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../shared/routing/language-context.tsx';
import { CodeBlock } from '../../shared/ui/code-block.tsx';
import { codeExamples } from './code-examples.ts';

/** The same call in curl, Node.js, Python, the SDK and the command line, one tab each. */
export function CodeExamples({ origin }: { origin: string }) {
  const { t } = useTranslation();
  const examples = codeExamples(origin, useLanguage());
  return (
    <Tabs.Root defaultValue="curl">
      <Tabs.List
        aria-label={t('apiDocs.examples.label')}
        className="inline-flex max-w-full flex-wrap gap-1 rounded-xl bg-slate-100 p-1"
      >
        {examples.map((example) => (
          <Tabs.Trigger
            key={example.id}
            value={example.id}
            className="rounded-lg px-2.5 py-1.5 sm:px-3.5 text-sm font-medium text-slate-600 transition hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-violet-700 data-[state=active]:shadow-sm"
          >
            {example.title}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {examples.map((example) => (
        <Tabs.Content key={example.id} value={example.id} className="mt-3 focus-visible:outline-none">
          <CodeBlock
            code={example.code}
            title={example.file}
            label={t('apiDocs.examples.code', { language: example.title })}
            copyLabel={t('apiDocs.examples.copy', { language: example.title })}
          />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
