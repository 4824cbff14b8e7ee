import { clsx } from 'clsx';
import { LayoutGrid, List } from 'lucide-react';
import type { ListMode } from './use-list-mode.ts';

/** Cards in a grid, or rows (SPEC §2.2 list mode): two toggle buttons, named in the screen's words. */
export function ViewModeSwitch({
  mode,
  onMode,
  texts,
}: {
  mode: ListMode;
  onMode: (mode: ListMode) => void;
  texts: { group: string; grid: string; list: string };
}) {
  const modes = [
    { id: 'grid', icon: LayoutGrid, label: texts.grid },
    { id: 'list', icon: List, label: texts.list },
  ] as const;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset.
    <div
      role="group"
      aria-label={texts.group}
      className="flex h-11 shrink-0 rounded-xl border border-slate-200 bg-white p-1 shadow-xs"
    >
      {modes.map(({ id, icon: Icon, label }) => (
        <button
          key={id}
          type="button"
          aria-pressed={mode === id}
          aria-label={label}
          title={label}
          onClick={() => onMode(id)}
          className={clsx(
            'inline-flex w-10 items-center justify-center rounded-lg transition',
            mode === id
              ? 'bg-violet-600 text-white shadow-sm'
              : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
          )}
        >
          <Icon aria-hidden="true" className="size-4.5" />
        </button>
      ))}
    </div>
  );
}
