import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { withModal } from './paths.ts';

/**
 * Opens a modal over the current page (`?modal=<name>`), replacing the modal that is open, with
 * optional navigation state for it to read (a pre-filled e-mail, a notification).
 */
export function useOpenModal() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (name: string, state?: unknown) => {
      navigate(withModal(location, name), { replace: true, preventScrollReset: true, state });
    },
    [navigate, location],
  );
}
