import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n.ts';
import { reportFailedTask, setProcessingCount } from '../../shared/tasks/task-counter.ts';
import { TaskPanel } from './TaskPanel.tsx';

const renderPanel = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <TaskPanel />
    </I18nextProvider>,
  );

describe('TaskPanel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    act(() => setProcessingCount(0));
    vi.useRealTimers();
  });

  it('shows nothing before the first image', () => {
    renderPanel();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('counts the images in progress, then says all are done and hides 2.5 s later', () => {
    renderPanel();
    act(() => setProcessingCount(3));
    expect(screen.getByRole('status')).toHaveTextContent('In progress - 3 img.');
    act(() => setProcessingCount(1));
    expect(screen.getByRole('status')).toHaveTextContent('In progress - 1 img.');

    act(() => setProcessingCount(0));
    expect(screen.getByRole('status')).toHaveTextContent('All images are processed!');
    act(() => vi.advanceTimersByTime(2499));
    expect(screen.getByRole('status')).toHaveTextContent('All images are processed!');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says how many failed instead of all done, and counts afresh for the next work', () => {
    renderPanel();
    act(() => setProcessingCount(2));
    act(() => reportFailedTask());
    act(() => setProcessingCount(1));
    expect(screen.getByRole('status')).toHaveTextContent('In progress - 1 img.');
    act(() => setProcessingCount(0));
    expect(screen.getByRole('status')).toHaveTextContent('Done: 1 img. not processed');
    expect(screen.getByRole('status')).not.toHaveTextContent('All images are processed!');
    act(() => vi.advanceTimersByTime(2500));
    act(() => setProcessingCount(1));
    act(() => setProcessingCount(0));
    expect(screen.getByRole('status')).toHaveTextContent('All images are processed!');
  });

  it('goes back to the count when new work starts before it hides', () => {
    renderPanel();
    act(() => setProcessingCount(1));
    act(() => setProcessingCount(0));
    act(() => vi.advanceTimersByTime(1000));
    act(() => setProcessingCount(2));
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByRole('status')).toHaveTextContent('In progress - 2 img.');
  });

  it('speaks Russian', async () => {
    await act(() => i18n.changeLanguage('ru'));
    renderPanel();
    act(() => setProcessingCount(2));
    expect(screen.getByRole('status')).toHaveTextContent('В обработке — 2 изобр.');
    act(() => setProcessingCount(0));
    expect(screen.getByRole('status')).toHaveTextContent('Все изображения обработаны!');
  });
});
