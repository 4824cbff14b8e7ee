import { publicApiParameterNames } from '@cutout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { PUBLIC_URL: 'https://cutout.example' });
  });
  afterAll(() => t.close());

  it('describes the public API from the contracts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: 'https://cutout.example' }]);
    const removebg = doc.paths['/api/v1/removebg'].post;
    const fields = Object.keys(removebg.requestBody.content['multipart/form-data'].schema.properties);
    expect(fields).toEqual(
      expect.arrayContaining([
        'image_file',
        'image_file_b64',
        'image_url',
        'size',
        'format',
        'channels',
        'bg_color',
      ]),
    );
    expect(fields).toEqual(
      expect.arrayContaining(['bg_image_url', 'bg_image_file', 'crop', 'crop_margin', 'output_format']),
    );
    // A JSON or url-encoded body has no file parts: the same fields but the two files.
    for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
      const text = Object.keys(removebg.requestBody.content[type].schema.properties);
      expect(text, type).toEqual(fields.filter((name) => name !== 'image_file' && name !== 'bg_image_file'));
    }
    // Fields with a fixed set of values list it; the switches are booleans in a JSON body.
    const form = removebg.requestBody.content['multipart/form-data'].schema.properties;
    const json = removebg.requestBody.content['application/json'].schema.properties;
    expect(form.size).toMatchObject({ enum: expect.arrayContaining(['preview', 'full', 'auto']) });
    expect(form.crop).toMatchObject({ enum: ['true', 'false'], default: 'false' });
    expect(json.crop).toMatchObject({ type: 'boolean', default: false });
    expect(json.crop).not.toHaveProperty('enum');
    expect(json.semitransparency).toMatchObject({ type: 'boolean', default: true });
    expect(json.add_shadow.description).toBe(form.add_shadow.description);
    expect(removebg.requestBody.content['application/x-www-form-urlencoded'].schema.properties.crop).toEqual(
      form.crop,
    );
    expect(json.size).toEqual(form.size);
    // Every parameter of remove.bg's API v1.0 is documented.
    expect(fields).toEqual(
      expect.arrayContaining(publicApiParameterNames.filter((name) => !name.includes('_file_url'))),
    );
    expect(Object.keys(removebg.responses)).toEqual(['200', '400', '402', '403', '409', '422', '429', '503']);
    expect(removebg.parameters).toEqual([expect.objectContaining({ name: 'Idempotency-Key', in: 'header' })]);
    expect(removebg.responses['200'].headers).toHaveProperty('Idempotent-Replayed');
    expect(removebg.responses['200'].headers).toHaveProperty('X-Type');
    expect(removebg.responses['200'].content).toHaveProperty('application/zip');
    expect(removebg.responses['200'].headers).toHaveProperty('x-credits-charged');
    expect(removebg.responses['200'].headers).toHaveProperty('x-processing-time-ms');
    expect(doc.components.schemas.Error.properties).toHaveProperty('errors');
    expect(doc.components.securitySchemes.apiKey.name).toBe('X-Api-Key');
    expect(doc.components.securitySchemes.accessToken.name).toBe('X-Access-Token');
  });
});
