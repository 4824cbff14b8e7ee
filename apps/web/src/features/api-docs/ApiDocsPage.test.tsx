import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, storeInfoFixture } from '../../test/fixtures.ts';
import { mockApi, renderApp } from '../../test/render.tsx';
import openApiFixture from './openapi.fixture.json';

function mockDocs(document: unknown = openApiFixture, status = 200) {
  return mockApi({
    handler: (url, init) => {
      if (url.endsWith('/api/stores/fetchStoreInfo')) {
        const language = new Headers(init.headers).get('x-locale-id') === 'ru' ? 'ru' : 'en';
        return jsonResponse(storeInfoFixture({ language }));
      }
      if (url === '/api/openapi.json') return jsonResponse(document, status);
      return jsonResponse({ code: 'NOT_FOUND', message: 'Not found.' }, 404);
    },
  });
}

const rowOf = (table: HTMLElement, name: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => within(row).queryAllByRole('cell')[0]?.textContent?.startsWith(name));

describe('ApiDocsPage', () => {
  it('renders the endpoints, parameters, request and response headers of the OpenAPI document', async () => {
    mockDocs();
    renderApp('/en/integration/api');
    const removebg = await screen.findByRole('region', { name: 'POST /api/v1/removebg' });
    expect(removebg).toHaveTextContent('Remove the background of a photo');
    expect(removebg).toHaveTextContent('The key is optional');

    const parameters = within(removebg).getByRole('table', { name: 'Parameters of /api/v1/removebg' });
    const names = within(parameters)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.querySelector('code')?.textContent);
    expect(names).toEqual(
      Object.keys(
        openApiFixture.paths['/api/v1/removebg'].post.requestBody.content['multipart/form-data'].schema
          .properties,
      ),
    );
    expect(rowOf(parameters, 'image_file')).toHaveTextContent('file');
    expect(rowOf(parameters, 'crop_margin')).toHaveTextContent('1, 2 or 4 values in px or %');
    expect(rowOf(parameters, 'type_level')).toHaveTextContent('none leaves X-Type out');
    expect(rowOf(parameters, 'semitransparency')).toBeTruthy();
    expect(rowOf(parameters, 'Idempotency-Key')).toBeUndefined();
    expect(removebg).toHaveTextContent('multipart/form-data');

    const requestHeaders = within(removebg).getByRole('table', {
      name: 'Request headers of /api/v1/removebg',
    });
    const requestHeaderNames = within(requestHeaders)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.querySelector('code')?.textContent);
    expect(requestHeaderNames).toEqual(['Idempotency-Key']);
    const idempotencyKey = rowOf(requestHeaders, 'Idempotency-Key') as HTMLElement;
    expect(within(idempotencyKey).getAllByRole('cell')[0]).toHaveTextContent('optional');
    expect(within(idempotencyKey).getAllByRole('cell')[0]).not.toHaveTextContent('required');
    expect(within(idempotencyKey).getAllByRole('cell')[1]).toHaveTextContent(
      'a retry with the same key, image and options gets the first result again',
    );
    expect(idempotencyKey).toHaveTextContent('1–255 visible ASCII characters, such as a UUID');

    const headers = within(removebg).getByRole('table', { name: 'Response headers of /api/v1/removebg' });
    expect(rowOf(headers, 'X-Credits-Charged')).toHaveTextContent(
      'Litres the removal cost: 0 for a preview, 1 for a full size. A replay',
    );
    expect(rowOf(headers, 'X-Foreground-Top')).toBeTruthy();
    expect(rowOf(headers, 'X-Type')).toHaveTextContent('or with type=auto the one detected');
    expect(rowOf(headers, 'X-Processing-Time-Ms')).toBeTruthy();
    expect(rowOf(headers, 'Idempotent-Replayed')).toHaveTextContent(
      'true on the result of an earlier request with the same Idempotency-Key',
    );

    const responses = within(removebg).getByRole('table', { name: 'Responses of /api/v1/removebg' });
    expect(rowOf(responses, '409')).toHaveTextContent('idempotency_key_in_use (IDEMPOTENCY_KEY_IN_USE)');
    expect(rowOf(responses, '422')).toHaveTextContent('idempotency_key_reused (IDEMPOTENCY_KEY_REUSED)');

    const account = screen.getByRole('region', { name: 'GET /api/v1/account' });
    expect(account).toHaveTextContent('Requires the X-Api-Key header.');
    expect(within(account).getByRole('figure', { name: 'cURL example' })).toHaveTextContent(
      `${window.location.origin}/api/v1/account`,
    );
    // The answer, and how its numbers add up.
    const answerBlock = within(account).getByRole('figure', { name: 'The answer' });
    const answer = JSON.parse(answerBlock.querySelector('pre')?.textContent ?? '');
    const { credits, api } = answer.data.attributes;
    expect(credits.subscription + credits.payg + credits.enterprise).toBe(credits.total);
    expect(api.free_calls).toBeLessThanOrEqual(credits.payg);
    expect(account).toHaveTextContent('so total = subscription + payg + enterprise');
  });

  it('lists the error body, the statuses of the document, the errorCode table and the rate limits', async () => {
    mockDocs();
    renderApp('/en/integration/api');
    const errors = await screen.findByRole('region', { name: 'Errors' });
    expect(errors).toHaveTextContent('Retry only 409, 429 and 503, after the seconds in Retry-After.');
    expect(errors).toHaveTextContent('a 422 until the request gets a new Idempotency-Key');

    const example = JSON.parse(
      within(errors).getByRole('figure', { name: 'An example error body' }).querySelector('code')
        ?.textContent ?? '',
    );
    expect(example.errors[0]).toEqual({
      status: '400',
      code: 'file_too_large',
      title: 'File too large',
      detail: 'The file is too big: the maximum is 32 MB.',
      meta: { code: 'ACTION_FAILED', errorCode: 103, value: 33554432 },
    });

    const body = within(errors).getByRole('table', { name: 'Fields of the error body' });
    const fieldNames = within(body)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.querySelector('code')?.textContent);
    expect(fieldNames).toEqual([
      'errors[].status',
      'errors[].code',
      'errors[].title',
      'errors[].detail',
      'errors[].meta.code',
      'errors[].meta.errorCode',
      'errors[].meta.value',
      'requestId',
    ]);
    expect(rowOf(body, 'errors[].code')).toHaveTextContent("always presentremove.bg's code");
    expect(rowOf(body, 'errors[].meta.errorCode')).not.toHaveTextContent('always present');
    expect(rowOf(body, 'errors[].status')).toHaveTextContent('The HTTP status, as text.');

    const statuses = within(errors).getByRole('table', { name: 'HTTP statuses' });
    const statusCodes = within(statuses)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(statusCodes).toEqual(['400', '402', '403', '409', '422', '429', '503']);
    expect(rowOf(statuses, '409')).toHaveTextContent(
      'idempotency_key_in_use (IDEMPOTENCY_KEY_IN_USE): the first request with this Idempotency-Key still runs',
    );
    expect(rowOf(statuses, '422')).toHaveTextContent(
      'idempotency_key_reused (IDEMPOTENCY_KEY_REUSED): the Idempotency-Key was sent with another image',
    );
    expect(rowOf(statuses, '402')).toHaveTextContent('insufficient_credits (INSUFFICIENT_BALANCE)');
    expect(rowOf(statuses, '403')).toHaveTextContent('auth_failed: the key is not valid (errorCode 100)');
    // Two endpoints answer it, each in its own words: each sentence says whose it is.
    expect(rowOf(statuses, '403')).toHaveTextContent(
      /^403\/api\/v1\/removebg auth_failed.*\/api\/v1\/account auth_failed/,
    );
    expect(rowOf(statuses, '402')).not.toHaveTextContent('/api/v1');
    expect(rowOf(statuses, '429')).toHaveTextContent('rate_limit_exceeded (RATE_LIMITED)');

    const codes = within(errors).getByRole('table', { name: 'Codes of meta.errorCode' });
    const cellsOf = (code: string) =>
      within(rowOf(codes, code) as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cellsOf('107')).toEqual([
      '107',
      'failed_image_download',
      'cannotDownloadImage',
      "Can't download image, cause: <cause>failed_image_download",
    ]);
    expect(cellsOf('103')[3]).toContain('the maximum is 32 MB');
    expect(cellsOf('113')[1]).toBe('invalid_file_typefailed_to_read_imageresolution_too_high');
    expect(cellsOf('119')[1]).toBe('invalid_roiroi_region_emptyroi_exceeds_bounds');
    expect(cellsOf('116')[3]).toContain('Invalid crop margin');
    expect(cellsOf('122').slice(0, 4)).toEqual([
      '122',
      'invalid_semitransparency',
      'invalidSemitransparency',
      'semitransparency must be true or false.invalid_semitransparency',
    ]);
    expect(cellsOf('123')).toEqual([
      '123',
      'invalid_idempotency_key',
      'invalidIdempotencyKey',
      'Invalid Idempotency-Key header: 1 to 255 visible ASCII characters, such as a UUID.invalid_idempotency_key',
    ]);
    expect(cellsOf('124')).toEqual([
      '124',
      'unknown_foreground',
      'noForeground',
      'No subject found in the image: there is nothing to cut out.unknown_foreground',
    ]);
    const numbers = within(codes)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Number(within(row).getAllByRole('cell')[0]?.textContent));
    expect(numbers).toEqual([100, 101, ...Array.from({ length: 23 }, (_, index) => 103 + index)]);

    const limits = screen.getByRole('region', { name: 'Rate limits' });
    const table = within(limits).getByRole('table');
    expect(
      ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'].map((name) =>
        Boolean(rowOf(table, name)),
      ),
    ).toEqual([true, true, true, true]);
    expect(rowOf(table, 'Retry-After')).toHaveTextContent('With 409, 429 and 503');
    expect(within(limits).getByRole('heading', { level: 3, name: 'Retrying safely' })).toBeInTheDocument();
    expect(limits).toHaveTextContent(
      'Send an Idempotency-Key header with each full-size request, a new one for each image (a UUID will do), ' +
        'and send the same key when you retry it',
    );
    expect(within(limits).getByText('Idempotency-Key').tagName).toBe('CODE');
    expect(limits).toHaveTextContent('Our SDK and the command line do this by themselves');
  });

  it('gives curl, Node, Python, SDK and CLI examples against this site, in tabs, with a copy button', async () => {
    mockDocs();
    renderApp('/en/integration/api');
    const user = userEvent.setup();
    const tabs = await screen.findByRole('tablist', { name: 'Code examples' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['cURL', 'Node.js', 'Python', 'SDK', 'CLI']);
    const origin = window.location.origin;

    const curl = screen.getByRole('figure', { name: 'cURL example' });
    expect(curl).toHaveTextContent(`curl -X POST "${origin}/api/v1/removebg"`);
    expect(curl).toHaveTextContent('-H "X-Api-Key: YOUR_API_KEY"');
    expect(curl).toHaveTextContent('-H "Idempotency-Key: $(openssl rand -hex 16)"');
    expect(curl).toHaveTextContent('-F "image_file=@photo.jpg"');
    expect(curl).toHaveTextContent('-o no-bg.png');

    await user.click(within(tabs).getByRole('tab', { name: 'Node.js' }));
    const node = screen.getByRole('figure', { name: 'Node.js example' });
    expect(node).toHaveTextContent("form.append('image_file', photo, 'photo.jpg')");
    expect(node).toHaveTextContent(`fetch('${origin}/api/v1/removebg'`);
    expect(node).toHaveTextContent('const idempotencyKey = crypto.randomUUID();');
    expect(node).toHaveTextContent(
      "headers: { 'X-Api-Key': 'YOUR_API_KEY', 'Idempotency-Key': idempotencyKey }",
    );
    expect(node).toHaveTextContent('const error = body?.errors?.[0];');
    expect(node).toHaveTextContent('error?.detail');
    expect(node).toHaveTextContent("writeFile('no-bg.png'");

    await user.click(within(tabs).getByRole('tab', { name: 'Python' }));
    const python = screen.getByRole('figure', { name: 'Python example' });
    expect(python).toHaveTextContent("files={'image_file': photo}");
    await user.click(within(python).getByRole('button', { name: 'Copy the Python example' }));
    const copied = await navigator.clipboard.readText();
    expect(copied).toContain('import requests');
    expect(copied).toContain("'Idempotency-Key': str(uuid.uuid4())");
    expect(copied).toContain(`'${origin}/api/v1/removebg'`);
    expect(copied).toContain("open('no-bg.png', 'wb')");
    expect(copied).toContain("error = response.json()['errors'][0]");

    await user.click(within(tabs).getByRole('tab', { name: 'SDK' }));
    const sdk = screen.getByRole('figure', { name: 'SDK example' });
    expect(sdk).toHaveTextContent("from '@cutout/sdk/node'");
    expect(sdk).toHaveTextContent(`baseUrl: '${origin}/api/v1'`);
    expect(sdk).toHaveTextContent("client.removeBackground(await fileInput('photo.jpg'), { size: 'full' })");

    await user.click(within(tabs).getByRole('tab', { name: 'CLI' }));
    const cli = screen.getByRole('figure', { name: 'CLI example' });
    expect(cli).toHaveTextContent(`npx cutout remove photos/ --out cut/ --size full --server ${origin}`);
    expect(cli).toHaveTextContent('npx cutout remove photos/ --out cut/ --local');
  });

  it('tells a remove.bg client what to change and what differs', async () => {
    mockDocs();
    renderApp('/en/integration/api');
    const section = await screen.findByRole('region', { name: 'Coming from remove.bg?' });
    const origin = window.location.origin;
    const [steps, differences] = within(section).getAllByRole('list');
    const [baseUrl, key] = within(steps as HTMLElement).getAllByRole('listitem');
    expect(within(differences as HTMLElement).getAllByRole('listitem')).toHaveLength(5);
    expect(baseUrl).toHaveTextContent(
      `Change the base URL https://api.remove.bg/v1.0 to ${origin}/api/v1.0 (or ${origin}/v1.0).`,
    );
    expect(within(baseUrl as HTMLElement).getByText(`${origin}/api/v1.0`).tagName).toBe('CODE');
    expect(key).toHaveTextContent('X-Api-Key');
    expect(section).toHaveTextContent('Litres instead of credits.');
    expect(section).toHaveTextContent('X-Type from an object detector.');
    expect(section).toHaveTextContent('X-Processing-Time-Ms');
    expect(
      within(screen.getByRole('navigation', { name: 'On this page' })).getByRole('link', {
        name: 'Coming from remove.bg?',
      }),
    ).toHaveAttribute('href', '#from-remove-bg');
  });

  it('speaks Russian around the document', async () => {
    mockDocs();
    renderApp('/ru/integration/api');
    const removebg = await screen.findByRole('region', { name: 'POST /api/v1/removebg' });
    expect(screen.getByRole('heading', { level: 1, name: 'Документация API' })).toBeInTheDocument();
    // The document's English title stays out; its version is told in Russian.
    expect(screen.getByText(/версия API 1\.0\.0/)).toBeInTheDocument();
    expect(screen.queryByText(/Cutout background removal API/)).toBeNull();
    expect(removebg).toHaveTextContent('Удалить фон с фотографии');
    const parameters = within(removebg).getByRole('table', { name: 'Параметры /api/v1/removebg' });
    expect(rowOf(parameters, 'crop')).toHaveTextContent('true — обрезать по объекту. По умолчанию false.');
    expect(rowOf(parameters, 'roi')).toHaveTextContent('Область интереса «x1 y1 x2 y2»');
    const requestHeaders = within(removebg).getByRole('table', {
      name: 'Заголовки запроса /api/v1/removebg',
    });
    expect(
      within(requestHeaders)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Заголовок', 'Описание']);
    const idempotencyKey = rowOf(requestHeaders, 'Idempotency-Key') as HTMLElement;
    expect(within(idempotencyKey).getAllByRole('cell')[0]).toHaveTextContent('необязательный');
    expect(within(idempotencyKey).getAllByRole('cell')[1]).toHaveTextContent(
      'Делает повтор полного размера безопасным: повтор с тем же ключом, изображением и параметрами получает первый результат',
    );
    expect(
      rowOf(
        within(removebg).getByRole('table', { name: 'Заголовки ответа /api/v1/removebg' }),
        'Idempotent-Replayed',
      ),
    ).toHaveTextContent('true у результата более раннего запроса с тем же Idempotency-Key');
    const responses = within(removebg).getByRole('table', { name: 'Ответы /api/v1/removebg' });
    expect(rowOf(responses, '409')).toHaveTextContent('первый запрос с этим Idempotency-Key ещё выполняется');
    expect(rowOf(responses, '422')).toHaveTextContent(
      'этот Idempotency-Key уже отправлялся с другим изображением или другими параметрами',
    );
    const errors = screen.getByRole('region', { name: 'Ошибки' });
    const codes = within(errors).getByRole('table', { name: 'Коды meta.errorCode' });
    expect(rowOf(codes, '107')).toHaveTextContent('Не удалось загрузить изображение, причина: <причина>');
    expect(rowOf(codes, '117')).toHaveTextContent('Неверный масштаб');
    expect(rowOf(codes, '123')).toHaveTextContent(
      'Неверный заголовок Idempotency-Key: нужно от 1 до 255 видимых символов ASCII, например UUID.',
    );
    const statuses = within(errors).getByRole('table', { name: 'HTTP-статусы' });
    expect(rowOf(statuses, '409')).toHaveTextContent(
      'idempotency_key_in_use (IDEMPOTENCY_KEY_IN_USE): первый запрос',
    );
    expect(rowOf(statuses, '422')).toHaveTextContent('ничего не списано');
    expect(errors).toHaveTextContent('Повторяйте только 409, 429 и 503');
    const limits = screen.getByRole('region', { name: 'Ограничения частоты' });
    expect(within(limits).getByRole('heading', { level: 3, name: 'Безопасные повторы' })).toBeInTheDocument();
    expect(limits).toHaveTextContent(
      'Передавайте с каждым запросом полного размера заголовок Idempotency-Key — новый для каждого изображения',
    );
    expect(limits).toHaveTextContent('Наш SDK и командная строка делают это сами');
    expect(rowOf(within(errors).getByRole('table', { name: 'HTTP-статусы' }), '402')).toHaveTextContent(
      'литры закончились',
    );
    expect(
      rowOf(within(errors).getByRole('table', { name: 'Поля тела ошибки' }), 'errors[].detail'),
    ).toHaveTextContent('на языке из Accept-Language');
    const fromRemoveBg = screen.getByRole('region', { name: 'Переходите с remove.bg?' });
    expect(fromRemoveBg).toHaveTextContent(
      `Замените базовый адрес https://api.remove.bg/v1.0 на ${window.location.origin}/api/v1.0`,
    );
    expect(fromRemoveBg).toHaveTextContent('Литры вместо кредитов.');
  });

  it('says so when the document cannot be loaded, and tries again', async () => {
    const fetchMock = mockDocs({ code: 'INTERNAL_ERROR', message: 'Unexpected error.' }, 500);
    renderApp('/en/integration/api');
    const user = userEvent.setup();
    expect(await screen.findByRole('alert')).toHaveTextContent('The API description could not be loaded.');
    // The examples do not need the document.
    expect(screen.getByRole('figure', { name: 'cURL example' })).toBeInTheDocument();
    const asked = fetchMock.mock.calls.filter(([url]) => url === '/api/openapi.json').length;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/openapi.json').length).toBe(asked + 1);
  });
});
