import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { createEngine, type Engine } from '@cutout/engine';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../../test/api-errors.ts';
import {
  createTestApp,
  litreBalance,
  registerUser,
  type TestApp,
  testClock,
  testDatabases,
} from '../../test/harness.ts';

/** A photo-like test image: a dark disc (the subject) on a light, slightly graded background. */
async function subjectPhoto(width = 320, height = 240): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#e8eef5"/><stop offset="1" stop-color="#f7f3ea"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#b8321e"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

function form(fields: Record<string, string | Buffer | string[]>): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----cutout${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  const parts = Object.entries(fields).flatMap(([name, value]) =>
    Array.isArray(value) ? value.map((item) => [name, item] as const) : [[name, value] as const],
  );
  for (const [name, value] of parts) {
    const file = Buffer.isBuffer(value);
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${name}.jpg"` : ''}\r\n` +
          `${file ? 'Content-Type: image/jpeg\r\n' : ''}\r\n`,
      ),
      Buffer.isBuffer(value) ? value : Buffer.from(value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(testDatabases)('the removal service on %s', (kind) => {
  let engine: Engine;
  let t: TestApp;
  let photo: Buffer;
  let images: Server;
  let imagesBase: string;
  const clock = testClock(new Date());
  beforeAll(async () => {
    // With the foreground classifier (off by default) so that the public API's X-Type is detected.
    engine = await createEngine({ workers: 1, warmup: false, classifier: true });
    t = await createTestApp(
      kind,
      { API_REQUESTS_PER_MINUTE: '1000' },
      {
        engine: async () => engine,
        now: clock.now,
        // The image server of these tests is on loopback; nothing else private is allowed.
        isFetchAllowed: (address) => address === '127.0.0.1',
      },
    );
    photo = await subjectPhoto();
    images = createServer((request, response) => {
      if (request.url === '/photo.jpg') {
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        response.end(photo);
      } else if (request.url === '/to-metadata') {
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        response.end();
      } else {
        response.writeHead(404);
        response.end();
      }
    });
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
    imagesBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    await engine.close();
    images.close();
  });

  const execute = (
    fields: Record<string, string | Buffer | string[]>,
    headers: Record<string, string> = {},
  ) => {
    const body = form(fields);
    return t.app.inject({
      method: 'POST',
      url: '/api/stores/actions/remove-background/execute',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };

  const signUp = (email: string) => registerUser(t, email);

  const balanceOf = (token: string) => litreBalance(t, token);

  it('gives a visitor a free preview, with the cost and size-limit headers', async () => {
    const response = await execute({ image_file: photo, size: 'preview' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-action-cost']).toBe('0');
    expect(response.headers['x-size-limit']).toBe(
      'previewWidth=625,previewHeight=400,fullWidth=6250,fullHeight=6250',
    );
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta).toMatchObject({ width: 320, height: 240, channels: 4 });
    // The subject stays, the background goes.
    const { data } = await sharp(response.rawPayload)
      .extractChannel(3)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[120 * 320 + 160]).toBeGreaterThan(200);
    expect(data[5 * 320 + 5]).toBeLessThan(30);
    expect(Number(response.headers['x-foreground-width'])).toBeGreaterThan(120);
  });

  it('asks a visitor to log in for the full size', async () => {
    const response = await execute({ image_file: photo, size: 'full' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('AUTHORIZATION_REQUIRED');
  });

  it('charges one litre for a full size and nothing when the processing fails', async () => {
    const token = await signUp('full@example.com');
    const auth = { authorization: token };
    const full = await execute({ image_file: photo, size: 'full', format: 'jpg', bg_color: 'white' }, auth);
    expect(full.statusCode, full.body).toBe(200);
    expect(full.headers['x-action-cost']).toBe('1');
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(await balanceOf(token)).toBe(4);
    const broken = await execute({ image_file: Buffer.from('not an image at all'), size: 'full' }, auth);
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'ACTION_FAILED', details: { errorCode: 113 } });
    expect(await balanceOf(token)).toBe(4);
  });

  it('refuses a photo with no subject in it (124), charging nothing, in the language of the page', async () => {
    const token = await signUp('blank@example.com');
    const blank = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer();
    for (const size of ['full', 'preview']) {
      const response = await execute(
        { image_file: blank, size },
        { authorization: token, 'x-locale-id': 'ru' },
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'ACTION_FAILED',
        message: 'На изображении не найден объект: вырезать нечего. Ничего не списано.',
        details: { errorCode: 124 },
      });
    }
    expect(await balanceOf(token)).toBe(5);
    // A region of interest around none of the subject is the same: nothing there to cut out.
    const outside = await execute(
      { image_file: photo, size: 'full', roi: '0 0 20 20' },
      { authorization: token },
    );
    expect(outside.json()).toMatchObject({ code: 'ACTION_FAILED', details: { errorCode: 124 } });
    expect(await balanceOf(token)).toBe(5);
  });

  it('refuses when the balance is spent, charging nothing', async () => {
    const token = await signUp('spent@example.com');
    for (let i = 0; i < 5; i += 1)
      expect((await execute({ image_file: photo, size: 'full' }, { authorization: token })).statusCode).toBe(
        200,
      );
    const refused = await execute({ image_file: photo, size: 'full' }, { authorization: token });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('INSUFFICIENT_BALANCE');
    expect(await balanceOf(token)).toBe(0);
  });

  it('gives exactly 5 results to 20 parallel full-size requests on a balance of 5', async () => {
    const token = await signUp('race@example.com');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        execute({ image_file: photo, size: 'full' }, { authorization: token }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 402)).toHaveLength(15);
    expect(await balanceOf(token)).toBe(0);
  });

  it('gives 5 free litres again next month, not more', async () => {
    const token = await signUp('monthly@example.com');
    await execute({ image_file: photo, size: 'full' }, { authorization: token });
    expect(await balanceOf(token)).toBe(4);
    clock.advance(32 * 24 * 3_600_000);
    expect(await balanceOf(token)).toBe(5);
  });

  it('answers every invalid option with its code and message', async () => {
    const cases: Array<[Record<string, string | Buffer>, number]> = [
      [{ image_file: photo, size: 'huge' }, 104],
      [{ image_file: photo, size: 'preview', channels: 'cmyk' }, 110],
      [{ image_file: photo, size: 'preview', bg_color: 'not-a-colour' }, 111],
      [{ image_file: photo, size: 'preview', format: 'gif' }, 112],
      [{ image_file: photo, size: 'preview', bg_image_file: Buffer.from('garbage') }, 114],
      [{ image_file: Buffer.alloc(0), size: 'preview' }, 109],
      [{ size: 'preview' }, 108],
      [{ image_file: photo, size: 'preview', crop: 'maybe' }, 115],
      [{ image_file: photo, size: 'preview', crop: 'true', crop_margin: '1 2 3' }, 116],
    ];
    for (const [fields, errorCode] of cases) {
      const response = await execute(fields);
      expect(response.statusCode, JSON.stringify(Object.keys(fields))).toBe(400);
      expect(response.json(), String(errorCode)).toMatchObject({
        code: 'ACTION_FAILED',
        details: { errorCode },
      });
    }
    // A repeated field or a list is not one value: error 105, as the engine names it.
    const repeated = await execute({ image_file: photo, size: 'preview', channels: ['rgba', 'alpha'] });
    expect(repeated.json()).toMatchObject({ code: 'ACTION_FAILED', details: { errorCode: 105 } });
    const listInJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/removebg',
      payload: { image_file_b64: photo.toString('base64'), size: 'preview', channels: ['rgba', 'alpha'] },
    });
    expect(errorOf(listInJson).details).toMatchObject({ errorCode: 105 });
    const ru = await execute(
      { image_file: photo, size: 'preview', bg_color: 'nope' },
      { 'x-locale-id': 'ru' },
    );
    expect(ru.json().message).toBe(
      'Неверный цвет фона: nope. Укажите название цвета CSS (red) или HEX-код (81d4fa).',
    );
  });

  it('says why a JPG, PNG or WEBP is refused: too many megapixels, or a damaged file', async () => {
    const huge = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    // The header claims 30000 x 30000 px (900 MP); its checksum is made right, so it reads as a PNG.
    huge.writeUInt32BE(30_000, 16);
    huge.writeUInt32BE(30_000, 20);
    huge.writeUInt32BE(crc32(huge.subarray(12, 29)), 29);
    const tooLarge = await execute({ image_file: huge, size: 'preview' });
    expect(tooLarge.json()).toMatchObject({
      code: 'ACTION_FAILED',
      details: { errorCode: 113, value: 200 },
      message: 'Invalid image: it is larger than 200 megapixels.',
    });
    const damaged = await execute({ image_file: photo.subarray(0, photo.length / 2), size: 'preview' });
    expect(damaged.json()).toMatchObject({
      code: 'ACTION_FAILED',
      details: { errorCode: 113, value: 'damaged' },
      message: 'Invalid image: the file is damaged.',
    });
    const ru = await execute(
      { image_file: photo, bg_image_file: photo.subarray(0, photo.length / 2), size: 'preview' },
      { 'x-locale-id': 'ru' },
    );
    expect(ru.json().message).toBe('Неверное фоновое изображение: файл повреждён.');
  });

  it('refuses a file over 32 MB with error 103 and the limit', async () => {
    const response = await execute({ image_file: Buffer.alloc(32 * 1024 * 1024 + 1, 0xff), size: 'preview' });
    expect(response.json()).toMatchObject({
      code: 'ACTION_FAILED',
      details: { errorCode: 103, value: 33554432 },
    });
    expect(response.json().message).toBe('The file is too big: the maximum is 32 MB.');
  });

  it('fetches an image by URL, and refuses private addresses and redirects to them', async () => {
    const ok = await execute({ image_file_url: `${imagesBase}/photo.jpg`, size: 'preview' });
    expect(ok.statusCode, ok.body).toBe(200);
    for (const url of [
      'http://10.0.0.1/a.jpg',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/a.jpg',
      `${imagesBase}/to-metadata`,
    ]) {
      const refused = await execute({ image_file_url: url, size: 'preview' });
      expect(refused.json(), url).toMatchObject({ code: 'ACTION_FAILED', details: { errorCode: 107 } });
      expect(refused.json().message, url).toMatch(/^Can't download image, cause: .*not public/);
    }
    const background = await execute({
      image_file: photo,
      bg_image_file_url: 'http://192.168.1.1/bg.jpg',
      size: 'preview',
    });
    expect(background.json().details).toMatchObject({ errorCode: 106 });

    // In Russian the cause is Russian too; the API's `value` stays remove.bg's English phrase.
    const russian = await execute(
      { image_file_url: 'http://10.0.0.1/a.jpg', size: 'preview' },
      { 'x-locale-id': 'ru' },
    );
    expect(russian.json().details).toEqual({ errorCode: 107, value: 'the address is not public' });
    expect(russian.json().message).toBe('Не удалось скачать изображение, причина: адрес не публичный');
  });

  it('answers JSON with base64 when asked', async () => {
    const response = await execute({ image_file: photo, size: 'preview', output_format: 'json' });
    const { data } = response.json();
    expect(data).toMatchObject({ width: 320, height: 240, type: 'image/png' });
    expect(Buffer.from(data.result_b64, 'base64').subarray(1, 4).toString()).toBe('PNG');
  });

  describe('the public API', () => {
    let key: string;
    beforeAll(async () => {
      const token = await signUp('api@example.com');
      const issued = await t.app.inject({
        method: 'POST',
        url: '/api/stores/actions/remove-background/issueToken',
        payload: { label: 'tests' },
        headers: { authorization: token },
      });
      key = issued.json().value;
    });

    const removebg = (fields: Record<string, string | Buffer>, headers: Record<string, string> = {}) => {
      const body = form(fields);
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/removebg',
        payload: body.payload,
        headers: { ...body.headers, ...headers },
      });
    };

    it('takes remove.bg parameters and answers remove.bg headers, charging the key owner', async () => {
      const response = await removebg(
        { image_file: photo, size: 'full', crop: 'true' },
        { 'x-access-token': key },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers).toMatchObject({ 'x-credits-charged': '1', 'x-ratelimit-limit': '1000' });
      expect(Number(response.headers['x-processing-time-ms'])).toBeGreaterThan(0);
      expect(Number(response.headers['x-width'])).toBeLessThan(320);
      const account = await t.app.inject({
        method: 'GET',
        url: '/api/v1/account',
        headers: { 'x-access-token': key },
      });
      expect(account.json()).toEqual({
        data: {
          attributes: {
            litres: { total: 4, free: 4, paid: 0 },
            // remove.bg's clients read the same balance as credits.
            credits: { total: 4, subscription: 0, payg: 4, enterprise: 0 },
            api: { free_calls: 4, sizes: 'all' },
          },
        },
      });
      // A client whose base URL ends in /v1.0 (remove.bg's) finds the same calls there.
      for (const url of ['/v1.0/account', '/api/v1.0/account']) {
        const alias = await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
        expect(alias.statusCode, url).toBe(200);
        expect(alias.json().data.attributes.credits.total, url).toBe(4);
      }
    });

    it('accepts base64 in a JSON body', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/removebg',
        payload: { image_file_b64: photo.toString('base64'), size: 'preview', format: 'webp' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
    });

    it('takes an AVIF photo and answers AVIF with its transparency, also under /v1.0', async () => {
      const avif = await sharp(photo).avif({ effort: 0 }).toBuffer();
      const body = form({ image_file: avif, size: 'preview', format: 'avif' });
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1.0/removebg',
        payload: body.payload,
        headers: body.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('image/avif');
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'heif', compression: 'av1', hasAlpha: true });
    });

    it("answers remove.bg's JSON for Accept: application/json, and names a refused picture its way", async () => {
      const response = await removebg({ image_file: photo, size: 'preview' }, { accept: 'application/json' });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const { data } = response.json();
      expect(data).toMatchObject({
        foreground_top: expect.any(Number),
        foreground_left: expect.any(Number),
        foreground_width: expect.any(Number),
        foreground_height: expect.any(Number),
      });
      expect(data.foreground_width).toBeGreaterThan(100);
      await expect(sharp(Buffer.from(data.result_b64, 'base64')).metadata()).resolves.toMatchObject({
        format: 'png',
      });
      const junk = await removebg({ image_file: Buffer.from('not a picture'), size: 'preview' });
      expect(junk.statusCode).toBe(400);
      expect(junk.json().errors[0]).toMatchObject({ code: 'invalid_file_type', meta: { errorCode: 113 } });
      const cut = await removebg({ image_file: photo.subarray(0, photo.length / 2), size: 'preview' });
      expect(cut.json().errors[0]).toMatchObject({ code: 'failed_to_read_image', title: expect.any(String) });
    });

    it("carries out remove.bg's layout parameters: a ZIP with the subject scaled and placed", async () => {
      const response = await removebg({
        image_file: photo,
        size: 'preview',
        format: 'zip',
        scale: '50%',
        position: '0% 100%',
        roi: '0% 0% 100% 100%',
        add_shadow: 'true',
        semitransparency: 'false',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.rawPayload.subarray(0, 4).toString('hex')).toBe('504b0304');
      // The subject fills half the canvas, in its bottom-left corner.
      const [width, height] = [Number(response.headers['x-width']), Number(response.headers['x-height'])];
      expect(Number(response.headers['x-foreground-left'])).toBe(0);
      expect(
        Number(response.headers['x-foreground-top']) + Number(response.headers['x-foreground-height']),
      ).toBe(height);
      expect(
        Math.max(
          Number(response.headers['x-foreground-height']) / height,
          Number(response.headers['x-foreground-width']) / width,
        ),
      ).toBeCloseTo(0.5, 1);
      const wrong = await removebg({ image_file: photo, size: 'preview', scale: '5%' });
      expect(wrong.json().errors[0]).toMatchObject({ code: 'invalid_scale', meta: { errorCode: 117 } });
      const outside = await removebg({ image_file: photo, size: 'preview', roi: '0px 0px 900px 900px' });
      expect(outside.json().errors[0]).toMatchObject({
        code: 'roi_exceeds_bounds',
        meta: { errorCode: 119 },
      });
    });

    it("says the detected foreground type in X-Type for type=auto, at the caller's type_level", async () => {
      const level1 = ['person', 'product', 'animal', 'car', 'other'];
      const auto = await removebg({ image_file: photo, size: 'preview' });
      expect(auto.statusCode, auto.body).toBe(200);
      expect(level1).toContain(auto.headers['x-type']);
      const level2 = await removebg({ image_file: photo, size: 'preview', type: 'auto', type_level: '2' });
      expect([...level1, 'car_interior', 'car_part', 'transportation', 'graphics']).toContain(
        level2.headers['x-type'],
      );
      const none = await removebg({ image_file: photo, size: 'preview', type_level: 'none' });
      expect(none.statusCode, none.body).toBe(200);
      expect(none.headers['x-type']).toBeUndefined();
      const named = await removebg({ image_file: photo, size: 'preview', type: 'animal' });
      expect(named.headers['x-type']).toBe('animal');
    });

    it('allows only previews without a key, and refuses a wrong key', async () => {
      const full = await removebg({ image_file: photo, size: 'full' });
      expect(full.statusCode).toBe(403);
      expect(errorOf(full).details).toEqual({ errorCode: 101 });
      const wrong = await removebg({ image_file: photo, size: 'preview' }, { 'x-access-token': 'ck_wrong' });
      expect(wrong.statusCode).toBe(403);
      expect(errorOf(wrong).details).toEqual({ errorCode: 100 });
    });
  });
});
