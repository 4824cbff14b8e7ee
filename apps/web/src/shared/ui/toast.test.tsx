import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from './toast-context.tsx';

const onBuy = vi.fn();

function Trigger() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('Order placed!')}>
        success
      </button>
      <button type="button" onClick={() => toast.error('Out of stock.')}>
        error
      </button>
      <button
        type="button"
        onClick={() =>
          toast.error('Not enough litres.', { action: { label: 'Buy litres', onSelect: onBuy } })
        }
      >
        with action
      </button>
    </>
  );
}

function renderToasts() {
  return render(
    <ToastProvider>
      <Trigger />
    </ToastProvider>,
  );
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a notification in a live region and removes it after 4 s', () => {
    renderToasts();
    act(() => screen.getByRole('button', { name: 'success' }).click());
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('status')).toHaveTextContent('Order placed!');

    act(() => vi.advanceTimersByTime(3999));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('announces errors as alerts and can be closed by hand', () => {
    renderToasts();
    act(() => screen.getByRole('button', { name: 'error' }).click());
    expect(screen.getByRole('alert')).toHaveTextContent('Out of stock.');
    act(() => screen.getByRole('button', { name: 'Close notification' }).click());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('times each notification on its own', () => {
    renderToasts();
    act(() => screen.getByRole('button', { name: 'success' }).click());
    act(() => vi.advanceTimersByTime(2000));
    act(() => screen.getByRole('button', { name: 'error' }).click());
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers an action that runs and closes the notification', () => {
    onBuy.mockClear();
    renderToasts();
    act(() => screen.getByRole('button', { name: 'with action' }).click());
    expect(screen.getByRole('alert')).toHaveTextContent('Not enough litres.');
    act(() => screen.getByRole('button', { name: 'Buy litres' }).click());
    expect(onBuy).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
