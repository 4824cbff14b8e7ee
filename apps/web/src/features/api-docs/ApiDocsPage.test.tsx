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
  it('renders the endpoints, parameters and response headers of the OpenAPI document', async () => {
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
    expect(removebg).toHaveTextContent('multipart/form-data');

    const headers = within(removebg).getByRole('table', { name: 'Response headers of /api/v1/removebg' });
    expect(rowOf(headers, 'X-Credits-Charged')).toHaveTextContent(
      'Litres charged: 0 for a preview, 1 for a full size.',
    );
    expect(rowOf(headers, 'X-Foreground-Top')).toBeTruthy();

    const account = screen.getByRole('region', { name: 'GET /api/v1/account' });
    expect(account).toHaveTextContent('Requires the X-Access-Token header.');
    expect(within(account).getByRole('figure', { name: 'cURL example' })).toHaveTextContent(
      `${window.location.origin}/api/v1/account`,
    );
  });

  it('lists the error statuses, the errorCode table and the rate limits', async () => {
    mockDocs();
    renderApp('/en/integration/api');
    const errors = await screen.findByRole('region', { name: 'Errors' });
    const statuses = within(errors).getByRole('table', { name: 'HTTP statuses' });
    expect(rowOf(statuses, '402')).toHaveTextContent('INSUFFICIENT_BALANCE');
    expect(rowOf(statuses, '429')).toHaveTextContent('RATE_LIMITED');
    const codes = within(errors).getByRole('table', { name: 'Codes of details.errorCode' });
    expect(rowOf(codes, '107')).toHaveTextContent("cannotDownloadImageCan't download image, cause: <cause>");
    expect(rowOf(codes, '103')).toHaveTextContent('The maximum size is 32 MB');
    expect(rowOf(codes, '116')).toHaveTextContent('Invalid crop margin');
    const body = within(errors).getByRole('table', { name: 'Fields of the error body' });
    expect(rowOf(body, 'code')).toHaveTextContent('always present');

    const limits = screen.getByRole('region', { name: 'Rate limits' });
    const table = within(limits).getByRole('table');
    expect(
      ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'].map((name) =>
        Boolean(rowOf(table, name)),
      ),
    ).toEqual([true, true, true, true]);
  });

  it('gives curl, Node and Python examples against this site, in tabs, with a copy button', async () => {
    mockDocs();
    renderApp('/en/integration/api');
    const user = userEvent.setup();
    const tabs = await screen.findByRole('tablist', { name: 'Code examples' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['cURL', 'Node.js', 'Python']);
    const origin = window.location.origin;

    const curl = screen.getByRole('figure', { name: 'cURL example' });
    expect(curl).toHaveTextContent(`curl -X POST "${origin}/api/v1/removebg"`);
    expect(curl).toHaveTextContent('-H "X-Access-Token: YOUR_API_KEY"');
    expect(curl).toHaveTextContent('-F "image_file=@photo.jpg"');
    expect(curl).toHaveTextContent('-o no-bg.png');

    await user.click(within(tabs).getByRole('tab', { name: 'Node.js' }));
    const node = screen.getByRole('figure', { name: 'Node.js example' });
    expect(node).toHaveTextContent("form.append('image_file', photo, 'photo.jpg')");
    expect(node).toHaveTextContent(`fetch('${origin}/api/v1/removebg'`);
    expect(node).toHaveTextContent("writeFile('no-bg.png'");

    await user.click(within(tabs).getByRole('tab', { name: 'Python' }));
    const python = screen.getByRole('figure', { name: 'Python example' });
    expect(python).toHaveTextContent("files={'image_file': photo}");
    await user.click(within(python).getByRole('button', { name: 'Copy the Python example' }));
    const copied = await navigator.clipboard.readText();
    expect(copied).toContain('import requests');
    expect(copied).toContain(`'${origin}/api/v1/removebg'`);
    expect(copied).toContain("open('no-bg.png', 'wb')");
  });

  it('speaks Russian around the document', async () => {
    mockDocs();
    renderApp('/ru/integration/api');
    const removebg = await screen.findByRole('region', { name: 'POST /api/v1/removebg' });
    expect(screen.getByRole('heading', { level: 1, name: 'Документация API' })).toBeInTheDocument();
    expect(removebg).toHaveTextContent('Удалить фон с фотографии');
    const parameters = within(removebg).getByRole('table', { name: 'Параметры /api/v1/removebg' });
    expect(rowOf(parameters, 'crop')).toHaveTextContent('true — обрезать по объекту. По умолчанию false.');
    const errors = screen.getByRole('region', { name: 'Ошибки' });
    expect(
      rowOf(within(errors).getByRole('table', { name: 'Коды details.errorCode' }), '107'),
    ).toHaveTextContent('Не удалось загрузить изображение, причина: <причина>');
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
