import type { Language } from '../../shared/i18n/languages.ts';

/** Ready-to-run examples of POST /api/v1/removebg against `origin`, one per language tab. */
export interface CodeExample {
  id: 'curl' | 'node' | 'python' | 'sdk' | 'cli';
  title: string;
  /** The title above the code: its file name, or `shell`. */
  file: string;
  code: string;
}

export const apiKeyPlaceholder = 'YOUR_API_KEY';

/** The examples' comments and printed messages, in the page's language; the code itself is the same. */
const words = {
  en: {
    keyPerPhoto: 'One key per photo, sent again on its retries: a retry is never charged twice.',
    retryWorth: 'Only 409, 429 and 503 are worth a retry, after Retry-After seconds, with the same key.',
    saved: 'Saved no-bg.png, cost in litres:',
    sameKey: 'A retry with the same key is never charged twice.',
    error: 'Error',
    sdkRuns: 'Node.js 20+ as it is (node remove-bg-sdk.mjs), or TypeScript and browsers: the SDK is typed.',
    sdkPack: 'In a clone of the repository: npm pack -w packages/sdk,',
    sdkInstall: 'then in your project: npm install /path/to/cutout-sdk-0.1.0.tgz',
    sdkRetries: [
      'Retries 429, 502, 503, 504 and network failures by itself, honouring Retry-After, under one',
      'Idempotency-Key per call: a retry is never charged twice.',
    ],
    cliClone: 'In a clone of the repository (the CLI is one of its workspaces): npm ci, then npx cutout',
    cliEvery: [
      'Every photo in photos/ (subfolders too) into cut/, one litre each;',
      'images already cut out are skipped, so a stopped run can simply be restarted.',
    ],
    cliOffline: 'Offline: the engine runs on this machine, with no key and no litres.',
  },
  ru: {
    keyPerPhoto: 'Один ключ на фото, тот же при его повторах: повтор никогда не оплачивается дважды.',
    retryWorth: 'Повторять стоит только 409, 429 и 503: через Retry-After секунд, с тем же ключом.',
    saved: 'Сохранено в no-bg.png, списано литров:',
    sameKey: 'Повтор с тем же ключом никогда не оплачивается дважды.',
    error: 'Ошибка',
    sdkRuns: 'Node.js 20+ как есть (node remove-bg-sdk.mjs), а также TypeScript и браузеры: у SDK есть типы.',
    sdkPack: 'В клоне репозитория: npm pack -w packages/sdk,',
    sdkInstall: 'затем в вашем проекте: npm install /path/to/cutout-sdk-0.1.0.tgz',
    sdkRetries: [
      'Сам повторяет 429, 502, 503, 504 и сбои сети, соблюдая Retry-After, с одним',
      'Idempotency-Key на вызов: повтор никогда не оплачивается дважды.',
    ],
    cliClone: 'В клоне репозитория (CLI — один из его пакетов): npm ci, затем npx cutout',
    cliEvery: [
      'Все фото из photos/ (и из подпапок) в cut/, по литру за каждое;',
      'уже вырезанные пропускаются, так что прерванный запуск можно просто начать снова.',
    ],
    cliOffline: 'Без сети: движок работает на этой машине, без ключа и без литров.',
  },
} as const satisfies Record<Language, unknown>;

export function codeExamples(origin: string, language: Language = 'en'): CodeExample[] {
  const endpoint = `${origin}/api/v1/removebg`;
  const w = words[language];
  return [
    {
      id: 'curl',
      title: 'cURL',
      file: 'shell',
      code: `curl -X POST "${endpoint}" \\
  -H "X-Api-Key: ${apiKeyPlaceholder}" \\
  -H "Idempotency-Key: $(openssl rand -hex 16)" \\
  -F "image_file=@photo.jpg" \\
  -F "size=full" \\
  -F "format=png" \\
  -o no-bg.png`,
    },
    {
      id: 'node',
      title: 'Node.js',
      file: 'remove-bg.mjs',
      code: `// remove-bg.mjs (Node.js 20+): node remove-bg.mjs
import { readFile, writeFile } from 'node:fs/promises';

const form = new FormData();
const photo = new Blob([await readFile('photo.jpg')], { type: 'image/jpeg' });
form.append('image_file', photo, 'photo.jpg');
form.append('size', 'full');
form.append('format', 'png');

// ${w.keyPerPhoto}
const idempotencyKey = crypto.randomUUID();
const response = await fetch('${endpoint}', {
  method: 'POST',
  headers: { 'X-Api-Key': '${apiKeyPlaceholder}', 'Idempotency-Key': idempotencyKey },
  body: form,
});
if (!response.ok) {
  // {"errors":[{"code":"file_too_large","title":…,"detail":…,"meta":{"errorCode":103}}]}
  // ${w.retryWorth}
  const body = await response.json().catch(() => null);
  const error = body?.errors?.[0];
  throw new Error(\`\${response.status} \${error?.code}: \${error?.detail ?? response.statusText}\`);
}
await writeFile('no-bg.png', Buffer.from(await response.arrayBuffer()));
console.log('${w.saved}', response.headers.get('x-credits-charged'));`,
    },
    {
      id: 'python',
      title: 'Python',
      file: 'remove_bg.py',
      code: `# pip install requests
import uuid

import requests

with open('photo.jpg', 'rb') as photo:
    response = requests.post(
        '${endpoint}',
        # ${w.sameKey}
        headers={'X-Api-Key': '${apiKeyPlaceholder}', 'Idempotency-Key': str(uuid.uuid4())},
        files={'image_file': photo},
        data={'size': 'full', 'format': 'png'},
        timeout=120,
    )

if response.ok:
    with open('no-bg.png', 'wb') as out:
        out.write(response.content)
    print('${w.saved}', response.headers.get('X-Credits-Charged'))
else:
    error = response.json()['errors'][0]
    print('${w.error}', response.status_code, error['code'], error['detail'])`,
    },
    {
      id: 'sdk',
      title: 'SDK',
      file: 'remove-bg-sdk.mjs',
      code: `// ${w.sdkRuns}
// ${w.sdkPack}
// ${w.sdkInstall}
import { writeFile } from 'node:fs/promises';
import { CutoutApiError, CutoutClient, fileInput } from '@cutout/sdk/node';

// ${w.sdkRetries[0]}
// ${w.sdkRetries[1]}
const client = new CutoutClient({
  apiKey: '${apiKeyPlaceholder}',
  baseUrl: '${origin}/api/v1',
});
try {
  const result = await client.removeBackground(await fileInput('photo.jpg'), { size: 'full' });
  await writeFile('no-bg.png', result.data);
  console.log('${w.saved}', result.creditsCharged);
} catch (error) {
  if (!(error instanceof CutoutApiError)) throw error;
  console.error(error.status, error.code, error.detail); // error.errorCode: 103…
}`,
    },
    {
      id: 'cli',
      title: 'CLI',
      file: 'shell',
      code: `# ${w.cliClone}
# ${w.cliEvery[0]}
# ${w.cliEvery[1]}
export CUTOUT_API_KEY=${apiKeyPlaceholder}
npx cutout remove photos/ --out cut/ --size full --server ${origin}

# ${w.cliOffline}
npx cutout remove photos/ --out cut/ --local`,
    },
  ];
}

/** GET /api/v1/account with curl. */
/** What GET /account answers, for the docs: 50 bought litres and this month's 5 free ones. */
export const accountAnswerExample = JSON.stringify(
  {
    data: {
      attributes: {
        litres: { total: 55, free: 5, paid: 50 },
        credits: { total: 55, subscription: 0, payg: 55, enterprise: 0 },
        api: { free_calls: 5, sizes: 'all' },
      },
    },
  },
  null,
  2,
);

export function accountExample(origin: string): string {
  return `curl "${origin}/api/v1/account" \\
  -H "X-Api-Key: ${apiKeyPlaceholder}"`;
}
