import { CircleCheck } from 'lucide-react';
import { FeedbackForm } from '../../shared/forms/FeedbackForm.tsx';

/**
 * The request block that ends an integration page: what happens after the request beside the form.
 * Its id is the target of the hero's button; the scroll margin keeps it clear of the sticky header.
 */
export function RequestSection({
  id,
  formId,
  title,
  points,
}: {
  id: string;
  formId: string;
  title: string;
  points: string[];
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mt-20 sm:mt-24">
      <div className="grid items-start gap-8 lg:grid-cols-12 lg:gap-10">
        <div className="lg:sticky lg:top-24 lg:col-span-4">
          <h2
            id={`${id}-title`}
            className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl"
          >
            {title}
          </h2>
          <ul className="mt-6 flex flex-col gap-4">
            {points.map((point) => (
              <li key={point} className="flex items-start gap-3">
                <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-violet-600" />
                <span className="leading-relaxed text-slate-600">{point}</span>
              </li>
            ))}
          </ul>
        </div>
        <FeedbackForm formId={formId} className="lg:col-span-8" />
      </div>
    </section>
  );
}
