import { randomUUID } from 'node:crypto';
import {
  type Form,
  type FormAnswerRequest,
  type FormAnswerResult,
  type FormFieldValue,
  formAnswerErrors,
  type Language,
  phoneView,
} from '@cutout/contracts';
import { DomainError } from '../../platform/errors.ts';
import { localized } from '../../platform/localized.ts';
import type { Mailer } from '../../platform/messaging/messaging.port.ts';
import { type RateLimiter, refuseWhenLimited } from '../../platform/rate-limit.ts';
import type { FormFieldRow, FormRow, FormsRepo } from './forms.repo.ts';
import type { StoredAnswerValue } from './forms.schema.ts';

export const formPolicy = {
  /** Answers one address may send: people write a few messages an hour; a flood is a bot. */
  answersPerAddress: { limit: 10, windowMs: 60 * 60_000 },
};

export interface FormsLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * The store's mail about an answer is written in the language the answer was given in, as its
 * form's title, field names and options are: one language from subject to footer.
 */
const mailTexts: Record<
  Language,
  { newAnswer: string; yes: string; no: string; note: string; answer: string }
> = {
  en: { newAnswer: 'a new answer', yes: 'yes', no: 'no', note: 'Note', answer: 'Answer' },
  ru: { newAnswer: 'новый ответ', yes: 'да', no: 'нет', note: 'Примечание', answer: 'Ответ' },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Feedback forms (issue 16): a form's definition in a language, and answers: checked by the rules
 * the browser uses too (`formAnswerErrors`), kept, and mailed to the store's address. A bot that
 * fills the hidden field is answered as if it had been heard and nothing is kept; an address that
 * sends too many answers is refused for a while.
 */
export function createFormsService(deps: {
  repo: FormsRepo;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Where answers go: the store's e-mail (its partner's), or null when it has none. */
  storeEmail: () => Promise<string | null>;
  log: FormsLog;
  now: () => Date;
}) {
  const { repo } = deps;

  function present(form: FormRow, fields: FormFieldRow[], language: Language): Form {
    const text = (value: Record<string, string> | null) =>
      value ? localized(value, language) || null : null;
    return {
      id: form.id,
      tag: form.tag,
      title: localized(form.title, language),
      subtitle: text(form.subtitle),
      submitTitle: localized(form.submitTitle, language),
      afterSubmitTitle: localized(form.afterSubmitTitle, language),
      afterSubmitSubtitle: text(form.afterSubmitSubtitle),
      fieldItems: fields.map((field) => ({
        id: field.id,
        fieldTypeId: `form_field_types.${field.type}`,
        name: localized(field.name, language),
        placeholder: text(field.placeholder),
        description: text(field.description),
        required: field.required,
        optionItems: field.options.map((option) => ({
          id: option.id,
          name: localized(option.name, language),
        })),
        min: field.min,
        max: field.max,
      })),
    };
  }

  async function mail(
    form: Form,
    values: StoredAnswerValue[],
    answer: { id: string; note: string | null; language: Language },
  ) {
    const answerId = answer.id;
    const t = mailTexts[answer.language] ?? mailTexts.en;
    const to = await deps.storeEmail();
    if (!to) {
      deps.log.warn({ answerId }, 'a form answer was kept but not mailed: the store has no e-mail');
      return;
    }
    // Options by their names, as the person who answered saw them.
    const optionName = (fieldId: string, id: string) =>
      form.fieldItems.find((field) => field.id === fieldId)?.optionItems.find((option) => option.id === id)
        ?.name ?? id;
    const shown = ({ fieldId, value }: StoredAnswerValue) => {
      if (Array.isArray(value)) return value.map((id) => optionName(fieldId, id)).join(', ');
      if (typeof value === 'boolean') return value ? t.yes : t.no;
      if (typeof value !== 'string') return String(value);
      const type = form.fieldItems.find((field) => field.id === fieldId)?.fieldTypeId;
      return type === 'form_field_types.phone' ? phoneView(value) : optionName(fieldId, value);
    };
    const lines = values.map((value) => [value.name, shown(value)] as const);
    if (answer.note) lines.push([t.note, answer.note]);
    await deps.mailer.send({
      to,
      subject: `${form.title}: ${t.newAnswer}`,
      text: lines.map(([label, value]) => `${label}: ${value}`).join('\n'),
      html: `<h2>${escapeHtml(form.title)}</h2><table>${lines
        .map(
          ([label, value]) =>
            `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td>${escapeHtml(value).replace(/\n/g, '<br>')}</td></tr>`,
        )
        .join('')}</table><p>${t.answer} ${escapeHtml(answerId)}</p>`,
    });
    await repo.markMailed(answerId, deps.now());
  }

  return {
    async get(id: string, language: Language): Promise<Form> {
      const found = await repo.find(id);
      if (!found) throw new DomainError('NOT_FOUND');
      return present(found.form, found.fields, language);
    },

    /**
     * SPEC §7.6 answer: FORM_NOT_SET without a form, NOT_FOUND for an unknown one,
     * FORM_REQUIRED_FIELDS ('Fill in the required fields') or FORM_FIELD_INVALID with
     * details.fields (field id → why), RATE_LIMITED past the address's limit.
     */
    async answer(
      request: FormAnswerRequest,
      who: { userId: string | null; client: string; language: Language },
    ): Promise<FormAnswerResult> {
      if (!request.formId) throw new DomainError('FORM_NOT_SET');
      const found = await repo.find(request.formId);
      if (!found) throw new DomainError('NOT_FOUND', { details: { field: 'formId' } });
      const form = present(found.form, found.fields, who.language);
      const heard = {
        afterSubmitTitle: form.afterSubmitTitle,
        afterSubmitSubtitle: form.afterSubmitSubtitle,
      };
      refuseWhenLimited(await deps.limiter.hit(`form-answers:${who.client}`, formPolicy.answersPerAddress));
      if (request.website?.trim()) {
        deps.log.warn(
          { formId: form.id, client: who.client },
          'a form answer filled the hidden field: dropped',
        );
        return { id: randomUUID(), ...heard };
      }
      const given = new Map<string, FormFieldValue>();
      for (const item of request.fieldItemList) given.set(item.fieldId, item.value);
      const errors = formAnswerErrors(form, Object.fromEntries(given));
      const fields = Object.keys(errors);
      if (fields.length > 0) {
        const missing = fields.filter((id) => errors[id] === 'required');
        throw new DomainError(missing.length > 0 ? 'FORM_REQUIRED_FIELDS' : 'FORM_FIELD_INVALID', {
          details: { fields: errors },
        });
      }
      const values: StoredAnswerValue[] = form.fieldItems.flatMap((field) => {
        const value = given.get(field.id);
        if (value === undefined || value === null || field.fieldTypeId === 'form_field_types.label')
          return [];
        if ((typeof value === 'string' && !value.trim()) || (Array.isArray(value) && value.length === 0))
          return [];
        const kept =
          field.fieldTypeId === 'form_field_types.number' && typeof value === 'string'
            ? Number(value)
            : typeof value === 'string'
              ? value.trim()
              : value;
        return [{ fieldId: field.id, name: field.name, value: kept }];
      });
      const note = request.note?.trim() || null;
      const answer = await repo.insertAnswer({
        id: randomUUID(),
        formId: form.id,
        userId: who.userId,
        language: who.language,
        values,
        note,
        createdAt: deps.now(),
      });
      // Kept first: a mail server that is down loses no answer (it is logged, and the answer stays).
      await mail(form, values, { id: answer.id, note, language: who.language }).catch((error: unknown) =>
        deps.log.error({ err: error, answerId: answer.id }, 'a form answer was kept but not mailed'),
      );
      return { id: answer.id, ...heard };
    },

    answersOf: (formId: string) => repo.answersOf(formId),
  };
}

export type FormsService = ReturnType<typeof createFormsService>;
