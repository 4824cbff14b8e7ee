import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import {
  answerValues,
  type Draft,
  type DraftValue,
  draftErrors,
  emptyDraft,
  type FieldErrors,
  serverFieldErrors,
} from './form-values.ts';
import { answer, type Form } from './forms-api.ts';

/** Why the last submit did not go through: fields the browser refused, or the server's answer. */
export type SubmitFailure = { kind: 'fields' } | { kind: 'server'; error: unknown; hasFieldErrors: boolean };

/**
 * The state of one filling of a form: the draft, the refused fields, the hidden field, the send.
 * A submit checks the draft by the contracts' rules first and sends nothing while a field is
 * refused; a refusal of the server puts its details.fields on the fields the same way. Each refusal
 * that names fields calls `onFieldsRefused` (the view's `useFocusInvalid`), once they are marked.
 */
export function useFeedbackForm(form: Form, { onFieldsRefused }: { onFieldsRefused: () => void }) {
  const { pathname } = useLocation();
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(form));
  const [badNumbers, setBadNumbers] = useState<ReadonlySet<string>>(() => new Set());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  /** The honeypot: people never see it, so only a bot fills it (the server then keeps nothing). */
  const [website, setWebsite] = useState('');
  const send = useMutation({ mutationFn: answer });

  function change(fieldId: string, value: DraftValue, options: { badInput?: boolean } = {}) {
    setDraft((current) => ({ ...current, [fieldId]: value }));
    setBadNumbers((current) => {
      if (Boolean(options.badInput) === current.has(fieldId)) return current;
      const next = new Set(current);
      if (options.badInput) next.add(fieldId);
      else next.delete(fieldId);
      return next;
    });
    setErrors(({ [fieldId]: _fixed, ...rest }) => rest);
  }

  function submit() {
    if (send.isPending) return;
    const values = answerValues(form, draft, pathname);
    const refused = draftErrors(form, values, badNumbers);
    setErrors(refused);
    if (Object.keys(refused).length > 0) {
      setFailure({ kind: 'fields' });
      onFieldsRefused();
      return;
    }
    setFailure(null);
    const fieldItemList = Object.entries(values).map(([fieldId, value]) => ({ fieldId, value }));
    send.mutate(
      { formId: form.id, fieldItemList, website },
      {
        onError: (error) => {
          const fields = serverFieldErrors(form, error) ?? {};
          const hasFieldErrors = Object.keys(fields).length > 0;
          setErrors(fields);
          setFailure({ kind: 'server', error, hasFieldErrors });
          if (hasFieldErrors) onFieldsRefused();
        },
      },
    );
  }

  /** Back to an empty form, for another answer. */
  function reset() {
    setDraft(emptyDraft(form));
    setBadNumbers(new Set());
    setErrors({});
    setFailure(null);
    setWebsite('');
    send.reset();
  }

  return {
    draft,
    errors,
    failure,
    website,
    setWebsite,
    change,
    submit,
    reset,
    pending: send.isPending,
    result: send.data ?? null,
  };
}
