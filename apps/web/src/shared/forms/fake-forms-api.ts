import {
  type Form,
  type FormAnswerRequest,
  type FormFieldItem,
  type FormFieldType,
  formAnswerErrors,
} from '@cutout/contracts';

/**
 * For tests: the feedback form calls answered at fetch level, each recorded with its body. The
 * forms are the seed's (contact, integration-1c, integration-order, mobile-app) in the request's
 * language, plus `every-field`, which has one field of each of the 13 types. Answers are checked by
 * the contracts' rules, as the server does; a filled honeypot is answered as if heard; `refusals`
 * are answered, in turn, before any check.
 */

type Language = 'en' | 'ru';
type Text = string | { en: string; ru: string };

const say = (text: Text, language: Language) => (typeof text === 'string' ? text : text[language]);

interface FieldSpec {
  id: string;
  type: FormFieldType;
  name: Text;
  placeholder?: Text;
  description?: Text;
  required?: boolean;
  options?: Array<[id: string, name: Text]>;
  min?: number;
  max?: number;
}

interface FormSpec {
  id: string;
  title: Text;
  subtitle?: Text;
  submitTitle: Text;
  afterSubmitTitle: Text;
  afterSubmitSubtitle?: Text;
  fields: FieldSpec[];
}

const name: FieldSpec = {
  id: 'name',
  type: 'short_text',
  name: { en: 'Your name', ru: 'Как к вам обращаться' },
  placeholder: { en: 'Anna Smith', ru: 'Анна Смирнова' },
  required: true,
};
const email: FieldSpec = {
  id: 'email',
  type: 'email',
  name: { en: 'E-mail', ru: 'Электронная почта' },
  placeholder: 'you@example.com',
  description: { en: 'We answer here.', ru: 'Ответим на этот адрес.' },
  required: true,
};
const phone: FieldSpec = { id: 'phone', type: 'phone', name: { en: 'Phone', ru: 'Телефон' } };
const consent: FieldSpec = {
  id: 'consent',
  type: 'yes_no',
  name: {
    en: 'I agree to the processing of my personal data under the privacy policy',
    ru: 'Согласен(на) на обработку персональных данных по политике конфиденциальности',
  },
  required: true,
};
const source: FieldSpec = {
  id: 'source',
  type: 'source',
  name: { en: 'Sent from', ru: 'Отправлено со страницы' },
};
const camera: FieldSpec = {
  id: 'camera',
  type: 'single_option',
  name: { en: 'Camera', ru: 'Камера' },
  required: true,
  options: [
    ['canon', 'Canon'],
    ['nikon', 'Nikon'],
  ],
};
const platforms: FieldSpec = {
  id: 'platforms',
  type: 'multiple_option',
  name: { en: 'Where the photos are', ru: 'Где находятся фотографии' },
  required: true,
  options: [
    ['1c', { en: '1C', ru: '1С' }],
    ['shopify', 'Shopify'],
    ['own', { en: 'Our own system', ru: 'Собственная система' }],
  ],
};

const specs: FormSpec[] = [
  {
    id: 'contact',
    title: { en: 'Write to us', ru: 'Напишите нам' },
    subtitle: {
      en: 'A question about litres, payment, the API or a partnership: we answer within one working day.',
      ru: 'Вопрос о литрах, оплате, API или сотрудничестве — ответим в течение рабочего дня.',
    },
    submitTitle: { en: 'Send', ru: 'Отправить' },
    afterSubmitTitle: { en: 'Thank you, we got your message', ru: 'Спасибо, сообщение получено' },
    afterSubmitSubtitle: {
      en: 'We will answer by e-mail within one working day.',
      ru: 'Ответим по электронной почте в течение рабочего дня.',
    },
    fields: [
      name,
      email,
      phone,
      {
        id: 'theme',
        type: 'drop_down_list',
        name: { en: 'Theme', ru: 'Тема' },
        placeholder: { en: 'Choose a theme', ru: 'Выберите тему' },
        required: true,
        options: [
          ['question', { en: 'A question about the service', ru: 'Вопрос о сервисе' }],
          ['api', { en: 'The API and integrations', ru: 'API и интеграции' }],
        ],
      },
      { id: 'message', type: 'long_text', name: { en: 'Message', ru: 'Сообщение' }, required: true },
      consent,
      source,
    ],
  },
  {
    id: 'integration-1c',
    title: { en: 'Request the 1C extension', ru: 'Заявка на расширение для 1С' },
    submitTitle: { en: 'Send the request', ru: 'Отправить заявку' },
    afterSubmitTitle: { en: 'Request received', ru: 'Заявка принята' },
    fields: [
      {
        id: 'about',
        type: 'label',
        name: { en: 'About your 1C', ru: 'О вашей 1С' },
        description: {
          en: 'The extension works with Trade Management 11.4 and cameras by Canon or Nikon.',
          ru: 'Расширение работает с «Управлением торговлей» 11.4 и камерами Canon или Nikon.',
        },
      },
      { ...name, name: { en: 'Contact person', ru: 'Контактное лицо' } },
      { id: 'company', type: 'short_text', name: { en: 'Company', ru: 'Компания' }, required: true },
      email,
      { ...phone, required: true },
      camera,
      consent,
      source,
    ],
  },
  {
    id: 'integration-order',
    title: { en: 'Order an integration', ru: 'Заказать интеграцию' },
    submitTitle: { en: 'Send', ru: 'Отправить' },
    afterSubmitTitle: { en: 'Thank you!', ru: 'Спасибо!' },
    fields: [
      name,
      email,
      platforms,
      { id: 'task', type: 'long_text', name: { en: 'The task', ru: 'Задача' }, required: true },
      consent,
      source,
    ],
  },
  {
    id: 'mobile-app',
    title: { en: 'The mobile app is coming soon', ru: 'Скоро — мобильное приложение' },
    subtitle: {
      en: 'Remove backgrounds right from your phone’s camera. Leave your e-mail and we will tell you when it is out.',
      ru: 'Удаляйте фон прямо с камеры телефона. Оставьте почту — сообщим о выходе.',
    },
    submitTitle: { en: 'Notify me', ru: 'Сообщить мне' },
    afterSubmitTitle: { en: 'We will let you know', ru: 'Обязательно сообщим' },
    afterSubmitSubtitle: {
      en: 'One e-mail when the app is out, nothing else.',
      ru: 'Одно письмо, когда приложение выйдет, — и ничего лишнего.',
    },
    fields: [
      { ...email, description: undefined },
      {
        id: 'platform',
        type: 'single_option',
        name: { en: 'Your phone', ru: 'Ваш телефон' },
        required: true,
        options: [
          ['ios', 'iPhone'],
          ['android', 'Android'],
        ],
      },
      source,
    ],
  },
  {
    id: 'subscription-feedback',
    title: { en: 'Why are you leaving?', ru: 'Почему вы уходите?' },
    subtitle: {
      en: 'Your plan stays active until the end of the paid term. One answer helps us make the service better.',
      ru: 'Тариф действует до конца оплаченного срока. Один ответ поможет нам сделать сервис лучше.',
    },
    submitTitle: { en: 'Send', ru: 'Отправить' },
    afterSubmitTitle: { en: 'Thank you for the feedback', ru: 'Спасибо за отзыв' },
    afterSubmitSubtitle: {
      en: 'You can resume the plan at any time before it ends.',
      ru: 'Возобновить тариф можно в любой момент до окончания срока.',
    },
    fields: [
      {
        id: 'reason',
        type: 'single_option',
        name: { en: 'The main reason', ru: 'Главная причина' },
        required: true,
        options: [
          ['price', 'Too expensive'],
          ['volume', 'I do not need that many images'],
          ['quality', 'The cut-outs are not good enough'],
          ['project', 'The project is over'],
          ['other', 'Something else'],
        ],
      },
      {
        id: 'comment',
        type: 'long_text',
        name: { en: 'What could we do better?', ru: 'Что нам стоит улучшить?' },
      },
      {
        id: 'contact_me',
        type: 'yes_no',
        name: { en: 'You may write to me about it', ru: 'Можно написать мне по этому поводу' },
      },
      source,
    ],
  },
  {
    id: 'every-field',
    title: 'Every field',
    submitTitle: 'Send',
    afterSubmitTitle: 'Received',
    fields: [
      name,
      { id: 'message', type: 'long_text', name: 'Message', required: true },
      {
        id: 'theme',
        type: 'drop_down_list',
        name: 'Theme',
        placeholder: 'Choose a theme',
        options: [
          ['question', 'A question'],
          ['api', 'The API'],
        ],
      },
      camera,
      platforms,
      email,
      phone,
      { id: 'website', type: 'link', name: 'Website or shop', placeholder: 'https://shop.example.com' },
      { id: 'about', type: 'label', name: 'About your shop', description: 'Tell us how you sell.' },
      { id: 'items', type: 'number', name: 'Items a month', min: 1, max: 1_000 },
      { id: 'deadline', type: 'date', name: 'Wanted by', min: 0 },
      consent,
      source,
    ],
  },
];

function formOf(spec: FormSpec, language: Language): Form {
  return {
    id: spec.id,
    tag: spec.id.replace(/-/g, '_'),
    title: say(spec.title, language),
    subtitle: spec.subtitle ? say(spec.subtitle, language) : null,
    submitTitle: say(spec.submitTitle, language),
    afterSubmitTitle: say(spec.afterSubmitTitle, language),
    afterSubmitSubtitle: spec.afterSubmitSubtitle ? say(spec.afterSubmitSubtitle, language) : null,
    fieldItems: spec.fields.map(
      (field): FormFieldItem => ({
        id: field.id,
        fieldTypeId: `form_field_types.${field.type}`,
        name: say(field.name, language),
        placeholder: field.placeholder ? say(field.placeholder, language) : null,
        description: field.description ? say(field.description, language) : null,
        required: field.required ?? false,
        optionItems: (field.options ?? []).map(([id, text]) => ({ id, name: say(text, language) })),
        min: field.min ?? null,
        max: field.max ?? null,
      }),
    ),
  };
}

const messages = {
  en: {
    FORM_REQUIRED_FIELDS: 'Fill in the required fields',
    FORM_FIELD_INVALID: 'Check the highlighted fields',
    FORM_NOT_SET: 'The form is not set',
    NOT_FOUND: 'Not found.',
  },
  ru: {
    FORM_REQUIRED_FIELDS: 'Заполните обязательные поля',
    FORM_FIELD_INVALID: 'Проверьте отмеченные поля',
    FORM_NOT_SET: 'Форма не указана',
    NOT_FOUND: 'Не найдено.',
  },
};

/** A refusal to answer with: its status and error body. */
export interface Refusal {
  status: number;
  code: string;
  message: string;
  details?: unknown;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function fakeFormsApi(options: { refusals?: Refusal[]; fetchFailures?: number } = {}) {
  const refusals = [...(options.refusals ?? [])];
  let fetchFailures = options.fetchFailures ?? 0;
  const calls: Array<{ call: 'fetch' | 'answer'; path: string; body: FormAnswerRequest }> = [];
  let answers = 0;

  /** Answers a forms call, or null for any other. */
  function handle(url: string, init: RequestInit): Response | null {
    const path = url.replace(/^.*\/api\/stores/, '').split('?')[0] ?? '';
    const language: Language = new Headers(init.headers).get('x-locale-id') === 'ru' ? 'ru' : 'en';
    const body = JSON.parse(String(init.body ?? '{}')) as FormAnswerRequest;
    const text = messages[language];
    const find = (id: string | null | undefined) => specs.find((spec) => spec.id === id);

    const fetched = /^\/forms\/([^/]+)\/fetchForm$/.exec(path);
    if (fetched) {
      calls.push({ call: 'fetch', path, body });
      if (fetchFailures > 0) {
        fetchFailures -= 1;
        return json({ code: 'INTERNAL_ERROR', message: 'Something broke.' }, 500);
      }
      const spec = find(decodeURIComponent(fetched[1] ?? ''));
      return spec ? json(formOf(spec, language)) : json({ code: 'NOT_FOUND', message: text.NOT_FOUND }, 404);
    }
    if (path !== '/forms/answer') return null;
    calls.push({ call: 'answer', path, body });
    const refusal = refusals.shift();
    if (refusal)
      return json({ code: refusal.code, message: refusal.message, details: refusal.details }, refusal.status);
    if (!body.formId) return json({ code: 'FORM_NOT_SET', message: text.FORM_NOT_SET }, 400);
    const spec = find(body.formId);
    if (!spec) return json({ code: 'NOT_FOUND', message: text.NOT_FOUND }, 404);
    const form = formOf(spec, language);
    const heard = { afterSubmitTitle: form.afterSubmitTitle, afterSubmitSubtitle: form.afterSubmitSubtitle };
    if (body.website?.trim()) return json({ id: 'dropped', ...heard });
    const values = Object.fromEntries(body.fieldItemList.map((item) => [item.fieldId, item.value]));
    const fields = formAnswerErrors(form, values);
    if (Object.keys(fields).length > 0) {
      const code = Object.values(fields).includes('required') ? 'FORM_REQUIRED_FIELDS' : 'FORM_FIELD_INVALID';
      return json({ code, message: text[code], details: { fields } }, 400);
    }
    answers += 1;
    return json({ id: `answer-${answers}`, ...heard });
  }

  return {
    handle,
    calls,
    /** The bodies of the answers sent, in order. */
    answers: () => calls.filter((entry) => entry.call === 'answer').map((entry) => entry.body),
  };
}
