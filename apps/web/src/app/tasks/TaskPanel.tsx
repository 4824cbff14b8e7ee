import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uiConstants } from '../../shared/constants.ts';
import { useProcessingState } from '../../shared/tasks/task-counter.ts';

/**
 * The bottom task counter of SPEC §4: a spinner and the count while images are processed; when
 * the count falls to zero it says so (or, where some failed, how many: their error is on the
 * image) and hides after the task panel delay. Nothing before the first task.
 */
export function TaskPanel({ hideDelayMs = uiConstants.taskPanelHideDelayMs }: { hideDelayMs?: number }) {
  const { t } = useTranslation();
  const { count, failed } = useProcessingState();
  const [finishedShown, setFinishedShown] = useState(false);
  const [previous, setPrevious] = useState(count);

  // Derived from the change of the count during render: a fall to zero shows the final message.
  if (previous !== count) {
    setPrevious(count);
    setFinishedShown(count === 0);
  }

  useEffect(() => {
    if (!finishedShown) return;
    const timer = setTimeout(() => setFinishedShown(false), hideDelayMs);
    return () => clearTimeout(timer);
  }, [finishedShown, hideDelayMs]);

  const busy = count > 0;
  return (
    // Never in the way: on a phone it lies over the screen's buttons (the download one), so taps
    // go through it; it holds nothing to press.
    <div
      aria-live="polite"
      className="pointer-events-none fixed bottom-4 left-4 z-[55] sm:bottom-6 sm:left-6"
    >
      {(busy || finishedShown) && (
        <div
          role="status"
          className="toast-enter flex items-center gap-2.5 rounded-full border border-slate-200 bg-white/95 py-2.5 pr-5 pl-3.5 text-sm font-medium text-slate-800 shadow-lg shadow-slate-900/10 backdrop-blur"
        >
          {busy ? (
            <LoaderCircle aria-hidden="true" className="size-4.5 animate-spin text-violet-600" />
          ) : failed > 0 ? (
            <CircleAlert aria-hidden="true" className="size-4.5 text-amber-600" />
          ) : (
            <CircleCheck aria-hidden="true" className="size-4.5 text-emerald-600" />
          )}
          {busy
            ? t('tasks.inProgress', { count })
            : failed > 0
              ? t('tasks.someFailed', { count: failed })
              : t('tasks.allDone')}
        </div>
      )}
    </div>
  );
}
