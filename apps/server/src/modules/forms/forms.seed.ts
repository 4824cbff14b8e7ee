import type { FormFieldType, LocalizedText } from '@cutout/contracts';
import type { Db } from '../../platform/db/client.ts';
import { createTransactor } from '../../platform/db/transactions.ts';
import { createFormsRepo } from './forms.repo.ts';
import type { StoredFormOption } from './forms.schema.ts';

interface SeedField {
  id: string;
  type: FormFieldType;
  name: LocalizedText;
  placeholder?: LocalizedText;
  description?: LocalizedText;
  required?: boolean;
  options?: StoredFormOption[];
  min?: number;
  max?: number;
}

interface SeedForm {
  id: string;
  tag: string;
  title: LocalizedText;
  subtitle?: LocalizedText;
  submitTitle: LocalizedText;
  afterSubmitTitle: LocalizedText;
  afterSubmitSubtitle?: LocalizedText;
  fields: SeedField[];
}

const option = (id: string, en: string, ru: string): StoredFormOption => ({ id, name: { en, ru } });

const name: SeedField = {
  id: 'name',
  type: 'short_text',
  name: { en: 'Your name', ru: 'Как к вам обращаться' },
  placeholder: { en: 'Anna Smith', ru: 'Анна Смирнова' },
  required: true,
};
const email: SeedField = {
  id: 'email',
  type: 'email',
  name: { en: 'E-mail', ru: 'Электронная почта' },
  placeholder: { en: 'you@example.com', ru: 'you@example.com' },
  description: { en: 'We answer here.', ru: 'Ответим на этот адрес.' },
  required: true,
};
const phone: SeedField = {
  id: 'phone',
  type: 'phone',
  name: { en: 'Phone', ru: 'Телефон' },
  placeholder: { en: '+1 555 010 0000', ru: '+7 (900) 000-00-00' },
};
const consent: SeedField = {
  id: 'consent',
  type: 'yes_no',
  name: {
    en: 'I agree to the processing of my personal data under the privacy policy',
    ru: 'Согласен(на) на обработку персональных данных по политике конфиденциальности',
  },
  required: true,
};
const source: SeedField = {
  id: 'source',
  type: 'source',
  name: { en: 'Sent from', ru: 'Отправлено со страницы' },
};

/** The forms the site shows (issue 16), in both languages. */
export const seedForms: SeedForm[] = [
  {
    id: 'contact',
    tag: 'contact',
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
          option('question', 'A question about the service', 'Вопрос о сервисе'),
          option('payment', 'Payment, invoices and refunds', 'Оплата, счета и возвраты'),
          option('api', 'The API and integrations', 'API и интеграции'),
          option('quality', 'Cut-out quality', 'Качество обработки'),
          option('partnership', 'Partnership', 'Сотрудничество'),
        ],
      },
      {
        id: 'message',
        type: 'long_text',
        name: { en: 'Message', ru: 'Сообщение' },
        placeholder: { en: 'Tell us what happened or what you need', ru: 'Опишите вопрос или задачу' },
        required: true,
      },
      consent,
      source,
    ],
  },
  {
    id: 'integration-1c',
    tag: 'integration_1c',
    title: { en: 'Request the 1C extension', ru: 'Заявка на расширение для 1С' },
    subtitle: {
      en: 'Leave your details: we send the extension and help to set it up.',
      ru: 'Оставьте контакты — пришлём расширение и поможем с настройкой.',
    },
    submitTitle: { en: 'Send the request', ru: 'Отправить заявку' },
    afterSubmitTitle: { en: 'Request received', ru: 'Заявка принята' },
    afterSubmitSubtitle: {
      en: 'We will write to you within one working day with the extension and the instructions.',
      ru: 'В течение рабочего дня пришлём расширение и инструкцию по установке.',
    },
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
      {
        id: 'company',
        type: 'short_text',
        name: { en: 'Company', ru: 'Компания' },
        placeholder: { en: 'Company name', ru: 'Название компании' },
        required: true,
      },
      email,
      { ...phone, required: true },
      {
        id: 'configuration',
        type: 'drop_down_list',
        name: { en: '1C configuration', ru: 'Конфигурация 1С' },
        required: true,
        options: [
          option('ut-11-4', 'Trade Management 11.4', 'Управление торговлей 11.4'),
          option('ut-11-5', 'Trade Management 11.5', 'Управление торговлей 11.5'),
          option('other', 'Another configuration', 'Другая конфигурация'),
        ],
      },
      {
        id: 'camera',
        type: 'single_option',
        name: { en: 'Camera', ru: 'Камера' },
        required: true,
        options: [
          option('canon', 'Canon', 'Canon'),
          option('nikon', 'Nikon', 'Nikon'),
          option('none', 'Not yet', 'Пока нет'),
        ],
      },
      {
        id: 'items',
        type: 'number',
        name: { en: 'Items to photograph a month', ru: 'Сколько товаров снимаете в месяц' },
        placeholder: { en: '500', ru: '500' },
        min: 1,
        max: 1_000_000,
      },
      {
        id: 'comment',
        type: 'long_text',
        name: { en: 'Comment', ru: 'Комментарий' },
        placeholder: { en: 'Anything we should know', ru: 'Что ещё нам стоит знать' },
      },
      consent,
      source,
    ],
  },
  {
    id: 'integration-order',
    tag: 'integration_order',
    title: { en: 'Order an integration', ru: 'Заказать интеграцию' },
    subtitle: {
      en: 'Your shop, your ERP or your own system: tell us where the photos live, and we connect background removal to it.',
      ru: 'Интернет-магазин, учётная система или свой сервис — расскажите, где живут фотографии, и мы подключим к ним удаление фона.',
    },
    submitTitle: { en: 'Send', ru: 'Отправить' },
    afterSubmitTitle: { en: 'Thank you!', ru: 'Спасибо!' },
    afterSubmitSubtitle: {
      en: 'An engineer will study the task and write to you with questions and an estimate.',
      ru: 'Инженер изучит задачу и напишет вам с вопросами и оценкой.',
    },
    fields: [
      name,
      email,
      phone,
      {
        id: 'website',
        type: 'link',
        name: { en: 'Website or shop', ru: 'Сайт или магазин' },
        placeholder: { en: 'https://shop.example.com', ru: 'https://shop.example.ru' },
      },
      {
        id: 'platforms',
        type: 'multiple_option',
        name: { en: 'Where the photos are', ru: 'Где находятся фотографии' },
        required: true,
        options: [
          option('1c', '1C', '1С'),
          option('bitrix', '1C-Bitrix', '1С-Битрикс'),
          option('woocommerce', 'WooCommerce', 'WooCommerce'),
          option('shopify', 'Shopify', 'Shopify'),
          option('marketplaces', 'Marketplace accounts', 'Кабинеты маркетплейсов'),
          option('own', 'Our own system', 'Собственная система'),
        ],
      },
      {
        id: 'volume',
        type: 'number',
        name: { en: 'Images a month', ru: 'Изображений в месяц' },
        min: 1,
        max: 10_000_000,
      },
      {
        id: 'deadline',
        type: 'date',
        name: { en: 'Wanted by', ru: 'Желаемый срок' },
        // Not a day that has passed.
        min: 0,
      },
      {
        id: 'task',
        type: 'long_text',
        name: { en: 'The task', ru: 'Задача' },
        placeholder: {
          en: 'What should happen to the photos, and where the results go',
          ru: 'Что должно происходить с фотографиями и куда попадает результат',
        },
        required: true,
      },
      consent,
      source,
    ],
  },
  {
    id: 'mobile-app',
    tag: 'mobile_app',
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
        options: [option('ios', 'iPhone', 'iPhone'), option('android', 'Android', 'Android')],
      },
      source,
    ],
  },
  {
    id: 'subscription-feedback',
    tag: 'subscription_feedback',
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
          option('price', 'Too expensive', 'Слишком дорого'),
          option('volume', 'I do not need that many images', 'Мне не нужно столько изображений'),
          option('quality', 'The cut-outs are not good enough', 'Качество обработки не устраивает'),
          option('project', 'The project is over', 'Проект завершён'),
          option('other', 'Something else', 'Другое'),
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
];

/** Writes the forms and their fields; running it again brings them to what this file says. */
export async function seedFormDefinitions(db: Db): Promise<void> {
  const transactor = createTransactor(db);
  const repo = createFormsRepo(transactor);
  await transactor.run(async () => {
    for (const form of seedForms) {
      await repo.replaceDefinition(
        {
          id: form.id,
          tag: form.tag,
          title: form.title,
          subtitle: form.subtitle ?? null,
          submitTitle: form.submitTitle,
          afterSubmitTitle: form.afterSubmitTitle,
          afterSubmitSubtitle: form.afterSubmitSubtitle ?? null,
        },
        form.fields.map((field, position) => ({
          formId: form.id,
          id: field.id,
          position,
          type: field.type,
          name: field.name,
          placeholder: field.placeholder ?? null,
          description: field.description ?? null,
          required: field.required ?? false,
          options: field.options ?? [],
          min: field.min ?? null,
          max: field.max ?? null,
        })),
      );
    }
  });
}
