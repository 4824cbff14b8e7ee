import { clsx } from 'clsx';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const copiedForMs = 2000;

const words = (text: string) =>
  text
    .toLocaleLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * The button's name: its label, which must hold the visible word as a word (WCAG 2.5.3: speech
 * users say what they see), else the visible word followed by the label.
 */
function nameWith(visible: string, label: string | undefined): string {
  if (!label) return visible;
  const said = words(label);
  return words(visible).every((word) => said.includes(word)) ? label : `${visible}: ${label}`;
}

/** Copies `text` to the clipboard and says so for a moment. */
export function CopyButton({
  text,
  label,
  className,
  tone = 'light',
}: {
  text: string;
  /** The accessible name before copying ('Copy the key'); 'Copy' when not given. */
  label?: string;
  className?: string;
  tone?: 'light' | 'dark';
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!copied && !failed) return;
    const timer = setTimeout(() => {
      setCopied(false);
      setFailed(false);
    }, copiedForMs);
    return () => clearTimeout(timer);
  }, [copied, failed]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setFailed(true);
    }
  }

  const Icon = copied ? Check : Copy;
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={copied ? t('copy.copied') : failed ? t('copy.failed') : nameWith(t('copy.copy'), label)}
      className={clsx(
        'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg px-3 text-sm font-medium transition',
        tone === 'dark'
          ? 'bg-white/10 text-slate-100 hover:bg-white/20'
          : 'border border-slate-200 bg-white text-slate-700 shadow-xs hover:bg-slate-50',
        className,
      )}
    >
      <Icon aria-hidden="true" className={clsx('size-4', copied && 'text-emerald-500')} />
      <span aria-hidden="true">{copied ? t('copy.copied') : failed ? t('copy.failed') : t('copy.copy')}</span>
    </button>
  );
}
