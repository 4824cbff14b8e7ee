import { and, asc, eq } from 'drizzle-orm';
import type { Transactor } from '../../platform/db/transactions.ts';
import { formAnswers, formFields, forms } from './forms.schema.ts';

export type FormRow = typeof forms.$inferSelect;
export type FormFieldRow = typeof formFields.$inferSelect;
export type FormAnswerRow = typeof formAnswers.$inferSelect;

/** Forms, their fields and the answers, on the transaction in progress. */
export function createFormsRepo(transactor: Pick<Transactor, 'executor'>) {
  const db = () => transactor.executor();
  return {
    async find(id: string): Promise<{ form: FormRow; fields: FormFieldRow[] } | null> {
      const [form] = await db()
        .select()
        .from(forms)
        .where(and(eq(forms.id, id), eq(forms.active, true)));
      if (!form) return null;
      const fields = await db()
        .select()
        .from(formFields)
        .where(eq(formFields.formId, id))
        .orderBy(asc(formFields.position));
      return { form, fields };
    },

    /** Writes a form and replaces its fields (the seed brings them to what its file says). */
    async replaceDefinition(
      form: typeof forms.$inferInsert,
      fields: Array<typeof formFields.$inferInsert>,
    ): Promise<void> {
      const { id, ...changes } = form;
      await db().insert(forms).values(form).onConflictDoUpdate({ target: forms.id, set: changes });
      await db().delete(formFields).where(eq(formFields.formId, id));
      if (fields.length > 0) await db().insert(formFields).values(fields);
    },

    async insertAnswer(row: typeof formAnswers.$inferInsert): Promise<FormAnswerRow> {
      const [inserted] = await db().insert(formAnswers).values(row).returning();
      if (!inserted) throw new Error('insert returned nothing');
      return inserted;
    },

    async answersOf(formId: string): Promise<FormAnswerRow[]> {
      return db()
        .select()
        .from(formAnswers)
        .where(eq(formAnswers.formId, formId))
        .orderBy(asc(formAnswers.createdAt));
    },

    async markMailed(id: string, at: Date): Promise<void> {
      await db().update(formAnswers).set({ mailedAt: at }).where(eq(formAnswers.id, id));
    },
  };
}

export type FormsRepo = ReturnType<typeof createFormsRepo>;
